import Foundation
import Moji
import MojiRepresentations
import Testing

@testable import MojiServer

/// The hand-written search answer must be the bytes `JSONEncoder` writes, so answers and their
/// ETags stay as they were.
@Suite("search answer encoding")
struct SearchAnswerEncodingTests {
    static let queries: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var lines: [String] = []
        for name in ["queries-en.txt", "queries-ja.txt"] {
            let url = root.appendingPathComponent("Benchmarks").appendingPathComponent(name)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            lines += text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        return lines
    }()

    @Test("the benchmark queries, explained or not, in en and ja with custom emoji: the same bytes")
    func sameAsJSONEncoder() throws {
        #expect(Self.queries.count > 300)
        let custom = [
            CustomEmoji(code: "catjam", name: "cat jam", keywords: ["cat", "dance"], image: "https://x.test/a/b.gif"),
            CustomEmoji(code: "partyparrot", name: "party \"parrot\"", keywords: ["party"], image: nil),
        ]
        var compared = 0
        for locale in ["en", "ja"] {
            let localized = try EmojiCatalog.shared.localized(MojiLocale(locale))
            let search = try EmojiSearch(catalog: .shared, locale: MojiLocale(locale)).adding(customEmoji: custom)
            for query in Self.queries + ["cat", "party", "c"] {
                let results = search.results(for: query)
                for explaining in [false, true] {
                    let summaries = results.map { SearchResultSummary($0, in: localized, explaining: explaining) }
                    let expected = try APIResponse.encode(summaries)
                    let written = SearchAnswerEncoding.encode(summaries)
                    #expect(written == expected, "\(locale) \(query) explain=\(explaining)")
                    compared += 1
                }
            }
        }
        #expect(compared > 600)
    }

    @Test("every character JSON escapes, slashes, and text past ASCII: the same bytes")
    func escapes() throws {
        var hostile = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        hostile += "\"\\/\u{7F}\u{2028}\u{2029}é😀👍🏽 </script>"
        // Built from JSON: the type has no memberwise initializer.
        func decoded(_ object: [String: Any]) throws -> SearchResultSummary {
            try JSONDecoder().decode(SearchResultSummary.self, from: JSONSerialization.data(withJSONObject: object))
        }
        let summary = try decoded([
            "emoji": ":x:", "name": hostile, "code": "x", "image": "https://a.test/b/c.png", "relevance": "exact",
            "matches": [
                ["field": "keyword", "text": hostile, "matched": [hostile, ""]],
                ["field": "name", "locale": "fr", "text": "", "matched": [String]()],
            ],
        ])
        let plain = try decoded(["emoji": "👍", "name": "thumbs up", "hexcode": "1F44D", "relevance": "prefix"])
        for summaries in [[summary], [plain, summary], [], [plain]] {
            #expect(SearchAnswerEncoding.encode(summaries) == (try APIResponse.encode(summaries)))
        }
    }
}
