import Foundation
import MojiSync
import Testing

@Suite("Slack emoji.list")
struct SlackSourceTests {
    private func listing(_ json: String) throws(SourceError) -> SourceListing {
        try SlackSource.listing(from: Data(json.utf8), source: "acme.slack.com")
    }

    private func reasons(_ listing: SourceListing) -> [String: String] {
        Dictionary(listing.skipped.map { ($0.entry, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("images and aliases come sorted by code, each alias with its target's image")
    func aliases() throws {
        let result = try listing(
            """
            {"ok": true, "emoji": {
              "partyparrot": "https://emoji.slack-edge.com/T0123/partyparrot/4a6b2c.gif",
              "bufo": "https://emoji.slack-edge.com/T0123/bufo/99aa01.png",
              "parrot": "alias:partyparrot",
              "aaa_parrot": "alias:parrot"
            }, "cache_ts": "1700000000.000000"}
            """)
        #expect(result.emoji.map(\.code) == ["aaa_parrot", "bufo", "parrot", "partyparrot"])
        let parrot = "https://emoji.slack-edge.com/T0123/partyparrot/4a6b2c.gif"
        #expect(
            result.emoji.map(\.image) == [parrot, "https://emoji.slack-edge.com/T0123/bufo/99aa01.png", parrot, parrot])
        #expect(result.emoji.allSatisfy { $0.name == $0.code && $0.group == nil && $0.isVisibleInPicker })
        #expect(result.skipped.isEmpty)
    }

    @Test("an alias chain resolves up to the depth limit; a longer one is skipped")
    func aliasChain() throws {
        let result = try listing(
            """
            {"ok": true, "emoji": {
              "a0": "https://emoji.slack-edge.com/T0123/a0/1.png",
              "a1": "alias:a0", "a2": "alias:a1", "a3": "alias:a2", "a4": "alias:a3", "a5": "alias:a4"
            }}
            """)
        #expect(SlackSource.maximumAliasDepth == 4)
        #expect(result.emoji.map(\.code) == ["a0", "a1", "a2", "a3", "a4"])
        #expect(Set(result.emoji.map(\.image)) == ["https://emoji.slack-edge.com/T0123/a0/1.png"])
        #expect(reasons(result) == ["a5": "is an alias chain longer than 4 steps"])
    }

    @Test("aliases in a cycle and aliases to missing names are skipped with why")
    func brokenAliases() throws {
        let result = try listing(
            """
            {"ok": true, "emoji": {
              "ping": "alias:pong", "pong": "alias:ping", "self": "alias:self",
              "ghost": "alias:deleted_emoji", "thumbsup_all": "alias:thumbsup",
              "fine": "https://emoji.slack-edge.com/T0123/fine/2.png"
            }}
            """)
        #expect(result.emoji.map(\.code) == ["fine"])
        let why = reasons(result)
        #expect(why["ping"] == "is an alias in a cycle (:ping: → :pong: → :ping:), so it has no image")
        #expect(why["pong"] == "is an alias in a cycle (:pong: → :ping: → :pong:), so it has no image")
        #expect(why["self"] == "is an alias in a cycle (:self: → :self:), so it has no image")
        #expect(why["ghost"] == "is an alias of :deleted_emoji:, which the workspace does not have")
        #expect(
            why["thumbsup_all"]
                == "is an alias of the standard emoji :thumbsup: (👍), which Moji already converts, so there is no image to import"
        )
        #expect(result.skipped.count == 5)
    }

    @Test("bad codes, non-http images and values that are neither URL nor alias are skipped")
    func badEntries() throws {
        let result = try listing(
            """
            {"ok": true, "emoji": {
              "good": "https://emoji.slack-edge.com/T0123/good/3.png",
              "two words": "https://emoji.slack-edge.com/T0123/x/4.png",
              "local": "file:///etc/passwd", "number": 7,
              "to_local": "alias:local"
            }}
            """)
        #expect(result.emoji.map(\.code) == ["good"])
        let why = reasons(result)
        #expect(why["two words"]?.contains("white space") == true)
        #expect(why["local"]?.contains("not http or https") == true)
        #expect(why["number"] == "is a number, not a URL or an alias")
        #expect(why["to_local"]?.hasPrefix("its target :local: has no usable image") == true)
        #expect(result.skipped.count == 4)
    }

    @Test("ok false is an error with Slack's own error; other shapes, malformed and oversized JSON are errors")
    func unusableAnswers() {
        #expect(throws: SourceError(source: "acme.slack.com", reason: "Slack refused the request: invalid_auth")) {
            try listing(#"{"ok": false, "error": "invalid_auth"}"#)
        }
        #expect(throws: SourceError(source: "acme.slack.com", reason: "Slack refused the request: no error named")) {
            try listing(#"{"ok": false}"#)
        }
        #expect(throws: SourceError.self) { try listing(#"{"ok": true}"#) }
        #expect(throws: SourceError.self) { try listing(#"["not", "slack"]"#) }
        #expect(throws: SourceError.self) { try listing(#"{"ok": true, "emoji": {"a": "alias:b",}"#) }
        let big = Data(#"{"ok": true, "emoji": {}}"#.utf8)
        #expect(throws: SourceError.self) { try SlackSource.listing(from: big, source: "s", maximumSize: 10) }
        #expect((try? SlackSource.listing(from: big, source: "s", maximumSize: 100)) == SourceListing())
    }
}
