import Foundation
import Moji
import MojiRepresentations
import MojiServer
import MojiStore
import MojiTestSupport
import Testing

@Suite("catalog routes")
struct CatalogRouteTests {
    @Test("health answers ok with the catalog version and the users' database")
    func health() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/health")
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
            let object = try #require(try answer.json() as? [String: String])
            #expect(
                object == [
                    "status": "ok", "catalog": EmojiCatalog.shared.unicodeVersion.description, "database": "sqlite",
                ])
            #expect(object["catalog"] == "17.0")
        }
    }

    @Test("filters intersect: a subgroup of another group lists nothing, a version filter keeps older emoji")
    func filtersIntersect() async throws {
        try await ServerHarness.with { harness in
            let empty = try await harness.request("/v1/emoji?subgroup=face-smiling&group=flags")
            #expect(empty.status == 200)
            #expect(try empty.decode([EmojiSummary].self).isEmpty)
            let smiling = try await harness.request("/v1/emoji?subgroup=face-smiling&group=smileys-emotion")
            #expect(try smiling.decode([EmojiSummary].self).contains { $0.emoji == "😀" })
            let old = try await harness.request("/v1/emoji?subgroup=face-smiling&max-version=1.0")
            let versions = try old.decode([EmojiSummary].self).map(\.version)
            #expect(
                !versions.isEmpty && versions.allSatisfy { $0 == "0.6" || $0 == "0.7" || $0 == "1.0" }, "\(versions)")
        }
    }

    @Test("health answers 503 when the store is not a database")
    func healthWithBrokenStore() async throws {
        let prepare: (URL) throws -> Void = { home in
            try Data("not a database, just text".utf8).write(to: home.appendingPathComponent(StoreLocation.fileName))
        }
        try await ServerHarness.with(prepare: prepare) { harness in
            #expect(harness.server.storeError != nil)
            let answer = try await harness.request("/v1/health")
            #expect(answer.status == 503)
            #expect(answer.header("Content-Type") == "application/problem+json")
            let problem = try answer.problem()
            #expect(problem.status == 503)
            #expect(problem.type == "urn:moji:problem:not-ready")
            #expect(problem.detail.contains("store"))
            // The catalog is still served.
            #expect(try await harness.request("/v1/emoji/1F389").status == 200)
        }
    }

    @Test("an emoji is found by itself, its hexcode and its shortcode, with names in the locale")
    func emojiByEachForm() async throws {
        try await ServerHarness.with { harness in
            for id in ["🎉", "1F389", ":tada:"] {
                let answer = try await harness.request("/v1/emoji/\(escaped(id))")
                #expect(answer.status == 200, "\(id)")
                let summary = try answer.decode(EmojiSummary.self)
                #expect(summary.emoji == "🎉")
                #expect(summary.hexcode == "1F389")
                #expect(summary.name == "party popper")
                #expect(summary.group == "activities")
                #expect(summary.subgroup == "event")
            }
            let japanese = try await harness.request("/v1/emoji/\(escaped("🎉"))?locale=ja").decode(EmojiSummary.self)
            #expect(japanese.name == "クラッカー")
            #expect(japanese.hexcode == "1F389")
        }
    }

    @Test("an emoji answers the same fields and values as moji info --json")
    func emojiMatchesTheCommandLine() async throws {
        try await ServerHarness.with { harness in
            for locale in ["en", "ja"] {
                let cli = try await runMoji(["info", "🎉", "--json", "--locale", locale], home: harness.home)
                let api = try await harness.request("/v1/emoji/\(escaped("🎉"))?locale=\(locale)")
                let cliObject = try #require(try JSONSerialization.jsonObject(with: cli) as? [String: Any])
                let apiObject = try #require(try api.json() as? [String: Any])
                #expect(Set(cliObject.keys) == Set(apiObject.keys))
                #expect(cliObject.keys.count == 14)
                for key in cliObject.keys {
                    #expect(
                        (cliObject[key] as? NSObject) == (apiObject[key] as? NSObject), "\(key) differs in \(locale)")
                }
                #expect(try JSONDecoder().decode(EmojiSummary.self, from: cli) == api.decode(EmojiSummary.self))
            }
        }
    }

    @Test("the emoji list, groups and locales answer what the command line prints")
    func listsMatchTheCommandLine() async throws {
        try await ServerHarness.with { harness in
            let cases: [(arguments: [String], target: String)] = [
                (["list", "--subgroup", "face-smiling", "--json"], "/v1/emoji?subgroup=face-smiling"),
                (
                    ["list", "--group", "people-body", "--tones", "--max-version", "13.0", "--locale", "de", "--json"],
                    "/v1/emoji?group=people-body&tones=true&max-version=13.0&locale=de"
                ),
                (["list", "--groups", "--locale", "ja", "--json"], "/v1/groups?locale=ja"),
                (["list", "--groups", "--group", "flags", "--json"], "/v1/groups?group=flags"),
                (["locales", "--json"], "/v1/locales"),
            ]
            for (arguments, target) in cases {
                let cli = try JSONSerialization.jsonObject(with: try await runMoji(arguments, home: harness.home))
                let answer = try await harness.request(target)
                #expect(answer.status == 200, "\(target)")
                let api = try answer.json()
                #expect((cli as? NSArray) == (api as? NSArray), "\(target)")
                #expect(((api as? NSArray)?.count ?? 0) >= 1, "\(target)")
            }
        }
    }

    @Test("a filtered list holds only what the filters allow")
    func listFilters() async throws {
        try await ServerHarness.with { harness in
            let all = try await harness.request("/v1/emoji").decode([EmojiSummary].self)
            #expect(all.count == EmojiCatalog.shared.emojis.filter { !$0.hasSkinTones }.count)
            #expect(all.allSatisfy { $0.skinTones.isEmpty })
            let old = try await harness.request("/v1/emoji?max-version=iOS:10.0").decode([EmojiSummary].self)
            let cap = try MaximumVersion.parse("iOS:10.0")
            #expect(old.count == EmojiCatalog.shared.emojis(upTo: cap).count)
            #expect(!old.isEmpty && old.count < all.count)
            #expect(old.allSatisfy { (EmojiVersion($0.version) ?? EmojiVersion(99, 0)) <= cap })
        }
    }
}

/// Runs the built `moji` with `arguments` against the store in `home`, and returns its standard output.
func runMoji(_ arguments: [String], home: URL) async throws -> Data {
    var environment = ProcessInfo.processInfo.environment
    environment["MOJI_HOME"] = home.path
    let outcome = try await ChildProcess.run(MojiExecutable.url.path, arguments, environment: environment)
    #expect(
        outcome.status == 0,
        "moji \(arguments.joined(separator: " ")): \(String(decoding: outcome.errors, as: UTF8.self))")
    return outcome.output
}
