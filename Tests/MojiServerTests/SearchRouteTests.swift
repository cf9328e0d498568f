import Foundation
import Moji
import MojiRepresentations
import MojiServer
import MojiStore
import Testing

@Suite("search route")
struct SearchRouteTests {
    @Test("party finds the party popper first, with the fields of moji search --json")
    func party() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/search?q=party&limit=5")
            #expect(answer.status == 200)
            let results = try answer.decode([SearchResultSummary].self)
            #expect(results.count == 5)
            #expect(results.first?.emoji == "🎉")
            #expect(results.first?.name == "party popper")
            #expect(results.first?.hexcode == "1F389")
            #expect(results.first?.relevance.isEmpty == false)
            // Where each result matched comes only when asked: a picker shows none of it.
            #expect(results.allSatisfy { $0.matches == nil })
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("\"matches\""))
            let explained = try await harness.request("/v1/search?q=party&limit=5&explain=true")
                .decode([SearchResultSummary].self)
            #expect(explained.map(\.emoji) == results.map(\.emoji))
            #expect(explained.first?.matches?.isEmpty == false)
            let cli = try await runMoji(["search", "party", "--limit", "5", "--json"], home: harness.home)
            #expect(try JSONDecoder().decode([SearchResultSummary].self, from: cli) == explained)
            let refused = try await harness.request("/v1/search?q=party&explain=maybe")
            #expect(refused.status == 400)
        }
    }

    @Test("search takes a locale, a tone, a version cap and a ranking")
    func options() async throws {
        try await ServerHarness.with { harness in
            let japanese = try await harness.request("/v1/search?q=\(escaped("クラッカー"))&locale=ja&limit=3")
                .decode([SearchResultSummary].self)
            #expect(japanese.first?.emoji == "🎉")
            let toned = try await harness.request("/v1/search?q=thumbs%20up&tone=dark&limit=1")
                .decode([SearchResultSummary].self)
            #expect(toned.first?.emoji == "👍🏿")
            let capped = try await harness.request("/v1/search?q=face&max-version=1.0&limit=200&ranking=alphabetical")
                .decode([SearchResultSummary].self)
            #expect(!capped.isEmpty)
            #expect(
                capped.allSatisfy {
                    ($0.hexcode.flatMap(EmojiCatalog.shared.emoji(forHexcode:))?.version ?? EmojiVersion(99, 0))
                        <= EmojiVersion(1, 0)
                })
            let none = try await harness.request("/v1/search?q=zzzzqqqxxx")
            #expect(none.status == 200)
            #expect(try none.decode([SearchResultSummary].self).isEmpty)
        }
    }

    @Test("search finds the store's custom emoji, with code and image")
    func customEmoji() async throws {
        let prepare: (URL) throws -> Void = { home in
            let store = try EmojiStore(url: home.appendingPathComponent(StoreLocation.fileName))
            try store.custom.addEmoji(
                CustomEmoji(
                    code: "partyparrot", name: "party parrot", keywords: ["bird"],
                    image: "https://example.org/parrot.gif"))
            try store.close()
        }
        try await ServerHarness.with(prepare: prepare) { harness in
            let results = try await harness.request("/v1/search?q=parrot").decode([SearchResultSummary].self)
            let parrot = try #require(results.first { $0.code != nil })
            #expect(parrot.emoji == ":partyparrot:")
            #expect(parrot.code == "partyparrot")
            #expect(parrot.image == "https://example.org/parrot.gif")
            #expect(parrot.name == "party parrot")
            #expect(parrot.hexcode == nil)
            // Added while the server runs: found within the second the server keeps its list.
            let store = try EmojiStore(url: harness.home.appendingPathComponent(StoreLocation.fileName))
            try store.custom.addEmoji(CustomEmoji(code: "blobcat", name: "blob cat"))
            var found: [SearchResultSummary] = []
            for _ in 0..<40 where !found.contains(where: { $0.code != nil }) {
                try await Task.sleep(for: .milliseconds(100))
                found = try await harness.request("/v1/search?q=blob").decode([SearchResultSummary].self)
            }
            #expect(found.contains { $0.code == "blobcat" && $0.emoji == ":blobcat:" })
        }
    }
}

@Suite("caching")
struct CachingTests {
    @Test("catalog answers carry a strong ETag and Cache-Control, and If-None-Match gets 304 with no body")
    func etags() async throws {
        try await ServerHarness.with { harness in
            for target in ["/v1/emoji/1F389", "/v1/emoji?group=flags", "/v1/groups", "/v1/locales", "/v1/search?q=cat"]
            {
                let first = try await harness.request(target)
                #expect(first.status == 200, "\(target)")
                let tag = try #require(first.header("ETag"), "\(target)")
                #expect(tag.hasPrefix("\"17.0-") && tag.hasSuffix("\""), "\(target): \(tag)")
                #expect(first.header("Cache-Control")?.hasPrefix("public, max-age=") == true, "\(target)")
                #expect(try await harness.request(target).header("ETag") == tag, "\(target)")
                let again = try await harness.request(target, headers: ["If-None-Match": tag])
                #expect(again.status == 304, "\(target)")
                #expect(again.body.isEmpty, "\(target)")
                #expect(again.header("ETag") == tag, "\(target)")
                let other = try await harness.request(target, headers: ["If-None-Match": "\"17.0-0000000000000000\""])
                #expect(other.status == 200, "\(target)")
                #expect(other.body == first.body, "\(target)")
            }
            let japanese = try await harness.request("/v1/emoji/1F389?locale=ja")
            #expect(japanese.header("ETag") != (try await harness.request("/v1/emoji/1F389")).header("ETag"))
            #expect(try await harness.request("/v1/health").header("Cache-Control") == "no-store")
        }
    }
}
