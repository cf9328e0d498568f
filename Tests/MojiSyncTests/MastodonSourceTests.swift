import Foundation
import MojiSync
import Testing

@Suite("Mastodon-compatible custom emoji")
struct MastodonSourceTests {
    private func listing(_ json: String) throws(SourceError) -> SourceListing {
        try MastodonSource.listing(from: Data(json.utf8), source: "example.social")
    }

    @Test("a Mastodon answer gives codes, images, still images, groups in first-seen order and hidden emoji")
    func mastodonAnswer() throws {
        let result = try listing(
            """
            [
              {"shortcode": "blobcat", "url": "https://files.example.social/custom_emojis/images/000/000/001/original/blobcat.png",
               "static_url": "https://files.example.social/custom_emojis/images/000/000/001/static/blobcat.png",
               "visible_in_picker": true, "category": "Blobs"},
              {"shortcode": "partyparrot", "url": "https://files.example.social/custom_emojis/images/000/000/002/original/parrot.gif",
               "static_url": "https://files.example.social/custom_emojis/images/000/000/002/static/parrot.png",
               "visible_in_picker": true, "category": "Animals"},
              {"shortcode": "blobfox", "url": "https://files.example.social/custom_emojis/images/000/000/003/original/blobfox.png",
               "static_url": "https://files.example.social/custom_emojis/images/000/000/003/static/blobfox.png",
               "visible_in_picker": true, "category": "Blobs"},
              {"shortcode": "admin_only", "url": "https://files.example.social/custom_emojis/images/000/000/004/original/admin.png",
               "static_url": "https://files.example.social/custom_emojis/images/000/000/004/static/admin.png",
               "visible_in_picker": false, "category": null}
            ]
            """)
        #expect(result.emoji.map(\.code) == ["blobcat", "partyparrot", "blobfox", "admin_only"])
        #expect(result.groups == ["Blobs", "Animals"])
        #expect(result.emoji.map(\.isVisibleInPicker) == [true, true, true, false])
        #expect(result.emoji[3].group == nil)
        #expect(result.emoji[1].name == "partyparrot")
        #expect(result.emoji[1].image.hasSuffix("/original/parrot.gif"))
        #expect(result.emoji[1].staticImage?.hasSuffix("/static/parrot.png") == true)
        #expect(result.skipped.isEmpty)
    }

    @Test("a GoToSocial-like answer without optional fields imports visible, ungrouped emoji")
    func missingOptionalFields() throws {
        let result = try listing(
            """
            [{"shortcode": "rainbow", "url": "https://gts.example.org/fileserver/01AB/emoji/original/01CD.png",
              "static_url": "https://gts.example.org/fileserver/01AB/emoji/static/01CD.png"},
             {"shortcode": "ferris", "url": "https://gts.example.org/fileserver/01AB/emoji/original/01EF.gif",
              "visible_in_picker": true}]
            """)
        #expect(result.emoji.map(\.code) == ["rainbow", "ferris"])
        #expect(result.emoji.allSatisfy { $0.isVisibleInPicker && $0.group == nil })
        #expect(result.emoji[1].staticImage == nil)
        #expect(result.groups.isEmpty)
    }

    @Test("a Misskey-compatible answer with extra fields and a non-http static URL keeps the entries")
    func misskeyCompatible() throws {
        let result = try listing(
            """
            [{"shortcode": "ablobcatnod", "url": "https://misskey.example/files/ablobcatnod.webp",
              "static_url": "data:image/png;base64,AAAA", "visible_in_picker": true, "category": "ablobcat",
              "aliases": ["nod", "yes"], "license": "CC-BY", "isSensitive": false, "localOnly": false},
             {"shortcode": "ablobcatcry", "url": "https://misskey.example/files/ablobcatcry.webp", "category": "ablobcat",
              "tags": ["sad"], "visible_in_picker": "yes"}]
            """)
        #expect(result.emoji.map(\.code) == ["ablobcatnod", "ablobcatcry"])
        #expect(result.emoji[0].staticImage == nil)
        // A malformed optional field is ignored, not taken as "hidden".
        #expect(result.emoji[1].isVisibleInPicker)
        #expect(result.groups == ["ablobcat"])
    }

    @Test(
        "entries without a shortcode or URL, with a bad code, a non-http image or a repeated code are skipped with why")
    func badEntries() throws {
        let result = try listing(
            """
            [{"shortcode": "good", "url": "https://example.social/good.png"},
             {"url": "https://example.social/nameless.png"},
             {"shortcode": "nourl"},
             {"shortcode": "two words", "url": "https://example.social/two.png"},
             {"shortcode": "local", "url": "file:///etc/passwd"},
             {"shortcode": "relative", "url": "/emoji/relative.png"},
             {"shortcode": ":GOOD:", "url": "https://example.social/again.png"},
             {"shortcode": "esc\\u001b]0;x", "url": "https://example.social/esc.png"},
             "not an object",
             {"shortcode": 42, "url": "https://example.social/42.png"}]
            """)
        #expect(result.emoji.map(\.code) == ["good"])
        let reasons = Dictionary(result.skipped.map { ($0.entry, $0.reason) }, uniquingKeysWith: { first, _ in first })
        #expect(reasons["entry 2"] == "has no shortcode")
        #expect(reasons["nourl"] == "has no image URL")
        #expect(reasons["two words"]?.contains("white space") == true)
        #expect(reasons["local"]?.contains("not http or https") == true)
        #expect(reasons["relative"]?.contains("not an absolute URL") == true)
        #expect(reasons[":GOOD:"]?.contains("listed earlier") == true)
        #expect(reasons["entry 9"]?.contains("a string") == true)
        #expect(reasons["entry 10"] == "has no shortcode")
        #expect(result.skipped.count == 9)
        // The control character is escaped in the entry, so printing it is safe.
        #expect(result.skipped.allSatisfy { !$0.entry.contains("\u{1B}") })
    }

    @Test("a server error object, a non-list, malformed and oversized JSON are errors naming the source")
    func unusableAnswers() {
        #expect(
            throws: SourceError(
                source: "example.social",
                reason: "the server answered with an error: This method requires an authenticated user")
        ) {
            try listing(#"{"error": "This method requires an authenticated user"}"#)
        }
        #expect(throws: SourceError.self) { try listing(#"{"emoji": []}"#) }
        do {
            _ = try listing("[{\"shortcode\": \"a\", \"url\": \"https://x.org/a.png\"},\n {\"shortcode\": }]")
            Issue.record("malformed JSON was read")
        } catch {
            #expect(error.source == "example.social")
            #expect(error.reason == "is not valid JSON: Invalid value around line 2, column 16.")
        }
        let big = Data(("[" + String(repeating: " ", count: 2_000) + "]").utf8)
        #expect(throws: SourceError.self) { try MastodonSource.listing(from: big, source: "s", maximumSize: 1_000) }
        #expect((try? MastodonSource.listing(from: big, source: "s", maximumSize: 4_000)) == SourceListing())
    }

    @Test("deeply nested JSON is an error, not a crash")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: SourceError.self) { try listing(deep) }
    }
}
