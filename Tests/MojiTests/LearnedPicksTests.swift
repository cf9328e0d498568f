import Foundation
import Testing

@testable import Moji

@Suite("Learned picks")
struct LearnedPicksTests {
    static let spanish = try! EmojiSearch(locale: "es")
    static let english = try! EmojiSearch(locales: [.english])

    private func texts(
        _ query: String, learned: LearnedPicks?, in search: EmojiSearch = english, limit: Int = 10,
        configure: (inout SearchOptions) -> Void = { _ in }
    ) -> [String] {
        var options = SearchOptions(limit: limit)
        options.learnedPicks = learned
        configure(&options)
        return search.results(for: query, options: options).map(\.item.text)
    }

    @Test("a learned item comes first, even one the query does not match, reported as exact")
    func learnedFirst() {
        // 🦜 has nothing to do with "hola": only learning puts it first.
        let plain = texts("hola", learned: nil, in: Self.spanish)
        #expect(!plain.contains("🦜"))
        let learned = Self.spanish.results(
            for: "hola",
            options: {
                var options = SearchOptions(limit: 10)
                options.learnedPicks = LearnedPicks(["🦜": 1.9])
                return options
            }())
        #expect(learned.first?.item.text == "🦜")
        #expect(learned.first?.relevance == .exact)
        // The rest follow in their own order.
        #expect(Array(learned.dropFirst().map(\.item.text)) == Array(plain.prefix(9)))
        // What the query matches anyway (👋 is "hola" once the everyday words have it) keeps its relevance.
        var options = SearchOptions(limit: 10)
        options.learnedPicks = LearnedPicks(["👋": 1.9])
        let wave = Self.spanish.results(for: "hola", options: options)
        #expect(wave.first?.item.text == "👋")
        let matched = Self.spanish.results(for: "hola").first { $0.item.text == "👋" }?.relevance
        #expect(wave.first?.relevance == matched ?? .exact)
        #expect(wave.filter { $0.item.text == "👋" }.count == 1)
    }

    @Test("a query that matches nothing still shows what was learned for it")
    func nothingElseMatches() {
        #expect(texts("qqqqzz", learned: nil).isEmpty)
        let results = Self.english.results(
            for: "qqqqzz",
            options: {
                var options = SearchOptions(limit: 10)
                options.learnedPicks = LearnedPicks(["🦆": 1])
                return options
            }())
        #expect(results.map(\.item.text) == ["🦆"])
        #expect(results.first?.relevance == .exact)
    }

    @Test("a learned item the query matches keeps the relevance it matched with")
    func matchedRelevance() {
        var options = SearchOptions(limit: 5)
        options.learnedPicks = LearnedPicks(["🐱": 1])
        let results = Self.english.results(for: "cat", options: options)
        #expect(results.first?.item.text == "🐱")
        #expect(results.first?.relevance == Self.english.results(for: "cat").first { $0.item.text == "🐱" }?.relevance)
    }

    @Test("learned items come best score first, each once; a toned pick counts as its neutral emoji")
    func orderAndDedupe() {
        let learned = LearnedPicks([
            .init(key: "🎉", score: 0.5), .init(key: "🥳", score: 2), .init(key: "🎉", score: 9),
            .init(key: "👍🏽", score: 1), .init(key: "👍", score: 0.8),
        ])
        #expect(learned.keys == ["🥳", "👍🏽", "👍", "🎉"])
        let shown = texts("party", learned: learned)
        #expect(Array(shown.prefix(3)) == ["🥳", "👍", "🎉"])
        #expect(shown.filter { $0 == "🎉" }.count == 1)
        #expect(shown.count == 10)
    }

    @Test("learned items pass the same filters and count towards the limit")
    func filtersAndLimit() {
        // 🫩 (face with bags under eyes) is Emoji 16.0.
        let learned = LearnedPicks(["🫩": 3, "😴": 2])
        let capped = texts("tired", learned: learned) { $0.maximumVersion = EmojiVersion(15, 1) }
        #expect(capped.first == "😴")
        #expect(!capped.contains("🫩"))
        let grouped = texts("tired", learned: LearnedPicks(["🐱": 2, "😴": 1])) {
            $0.groups = [EmojiCatalog.shared.group("smileys-emotion")!]
        }
        #expect(grouped.first == "😴")
        #expect(!grouped.contains("🐱"))
        #expect(texts("tired", learned: learned, limit: 1) == ["🫩"])
        #expect(
            texts("tired", learned: LearnedPicks(["not an emoji": 5, ":nobody:": 4]), limit: 3)
                == texts("tired", learned: nil, limit: 3))
    }

    @Test("learned items take the preferred tone as every result does")
    func tones() {
        let shown = texts("hello", learned: LearnedPicks(["👋🏿": 1])) { $0.skinTones = .preferred(.medium) }
        #expect(shown.first == "👋🏽")
    }

    @Test("custom emoji are learned by :code:, whatever the case")
    func customEmoji() {
        let search = Self.english.adding(customEmoji: [CustomEmoji(code: "PartyParrot", name: "party parrot")])
        #expect(texts("hola", learned: LearnedPicks([":partyparrot:": 1]), in: search).first == ":PartyParrot:")
        let without = texts("hola", learned: LearnedPicks([":partyparrot:": 1]), in: search) {
            $0.includesCustomEmoji = false
        }
        #expect(!without.contains(":PartyParrot:"))
    }

    @Test("queries are folded as search folds them, words joined by one space")
    func normalizedQuery() {
        #expect(LearnedPicks.normalizedQuery("  ¡Holá!  ") == "hola")
        #expect(LearnedPicks.normalizedQuery("Thumbs   UP") == "thumbs up")
        #expect(LearnedPicks.normalizedQuery(":tada:") == "tada")
        #expect(LearnedPicks.normalizedQuery(":-)") == ":-)")
        #expect(LearnedPicks.normalizedQuery("ネコ") == "ねこ")
        #expect(LearnedPicks.normalizedQuery(" \t ") == "")
        #expect(LearnedPicks.normalizedQuery(String(repeating: "a", count: 1000)).count == 256)
    }

    @Test("the upper bound of a prefix is the least text above all that start with it")
    func upperBound() {
        #expect(LearnedPicks.upperBound(ofPrefix: "hol") == "hom")
        #expect(LearnedPicks.upperBound(ofPrefix: "a\u{D7FF}") == "a\u{E000}")
        #expect(LearnedPicks.upperBound(ofPrefix: "a\u{10FFFF}") == "b")
        #expect(LearnedPicks.upperBound(ofPrefix: "\u{10FFFF}") == nil)
        for text in ["hol", "hola", "hol\u{10FFFF}x", "holz"] {
            #expect(LearnedPickHistory.precedes(text, LearnedPicks.upperBound(ofPrefix: "hol")!))
        }
        #expect(!LearnedPickHistory.precedes("hom", LearnedPicks.upperBound(ofPrefix: "hol")!))
    }

    @Test("a history gives the picks of a query and of every query it starts, summed")
    func history() {
        let history = LearnedPickHistory([
            .init(query: "hola", key: "👋", score: 1.5), .init(query: "hola amigo", key: "👋", score: 1),
            .init(query: "hola amigo", key: "🤝", score: 2), .init(query: "hole", key: "🕳️", score: 0.2),
            .init(query: "hi", key: "🙋", score: 3), .init(query: "ho", key: "🏠", score: 0),
        ])
        #expect(history.picks(for: "HOLA").keys == ["👋", "🤝"])
        #expect(history.picks(for: "hola").picks.first?.score == 2.5)
        #expect(history.picks(for: "hol").keys == ["👋", "🤝", "🕳️"])
        #expect(history.picks(for: "hol", limit: 1).keys == ["👋"])
        #expect(history.picks(for: "h").keys == ["🙋", "👋", "🤝", "🕳️"])
        #expect(history.picks(for: "holas").isEmpty)
        #expect(history.picks(for: "  ").isEmpty)
    }

    @Test("the sums do not depend on the order the records come in, bit for bit")
    func orderIndependentSums() {
        // 1e16 + 1 + 1 is 1e16 when added left to right, 1e16 + 2 the other way: PostgreSQL gives
        // rows in no set order, and its picks differed from SQLite's under load (issue 25's runs).
        let records = [
            LearnedPickHistory.Record(query: "ha", key: "👋", score: 1e16),
            LearnedPickHistory.Record(query: "hb", key: "👋", score: 1),
            LearnedPickHistory.Record(query: "hc", key: "👋", score: 1),
            LearnedPickHistory.Record(query: "hd", key: "🙋", score: 0.1),
            LearnedPickHistory.Record(query: "he", key: "🙋", score: 0.2),
            LearnedPickHistory.Record(query: "hf", key: "🙋", score: 0.3),
        ]
        let forward = LearnedPickHistory.picks(summing: records)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            #expect(LearnedPickHistory.picks(summing: records.shuffled(using: &random)) == forward)
        }
        #expect(LearnedPickHistory.picks(summing: records.reversed()) == forward)
    }
}
