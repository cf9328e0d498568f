import Foundation
import Moji
import MojiStore
import Testing

@Suite("usage scoring")
struct UsageScoringTests {
    @Test("lazy decay gives the same scores as decaying every score on every use")
    func lazyDecayMatchesEagerDecay() throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration()
        configuration.defaultFrequentEmoji = []
        let store = try EmojiStore(url: directory.databaseURL, configuration: configuration)
        let pool = ["😀", "🎉", "👍", "❤️", "🔥", "🚀", "🐱", "🍕"]
        var eager: [String: Double] = [:]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let pick = pool[Int.random(in: 0..<pool.count, using: &generator)]
            for key in eager.keys { eager[key]! *= 0.9 }
            eager[pick, default: 0] += 1
            try store.usage.recordUse(of: emoji(pick))
        }
        for (key, score) in eager {
            #expect(abs(try store.usage.score(for: StoreItem(emoji(key))) - score) < 1e-9)
        }
        let expectedOrder = eager.sorted { $0.value > $1.value }.map(\.key)
        #expect(try store.usage.frequent().map(\.item.key) == expectedOrder)
    }

    @Test("a toned use counts for the neutral emoji and remembers the tone")
    func tonedUseCountsForNeutral() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("👍🏽"))
        try store.usage.recordUse(of: emoji("👍"))
        try store.usage.recordUse(of: emoji("🧑🏻‍🤝‍🧑🏿"))
        let thumbs = try #require(try store.usage.entry(for: StoreItem(emoji("👍🏿"))))
        #expect(thumbs.item.key == "👍")
        #expect(thumbs.useCount == 2)
        #expect(thumbs.tones.isEmpty)
        let pair = try #require(try store.usage.recent().first)
        #expect(pair.item.key == "🧑‍🤝‍🧑")
        #expect(pair.tones == [.light, .dark])
        #expect(pair.displayItem.key == "🧑🏻‍🤝‍🧑🏿")
        #expect(store.usageScore(of: emoji("👍🏻")) > 1)
    }

    @Test("a new user sees the seeded defaults, and one real use outranks them")
    func seededDefaults() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let defaults = StoreConfiguration.bundledFrequentEmoji
        #expect(try store.usage.frequent().map(\.item.key) == defaults)
        #expect(try store.usage.recent().isEmpty)
        try store.usage.recordUse(of: emoji("🦄"))
        #expect(try store.usage.frequent().first?.item.key == "🦄")
        let reopened = try EmojiStore(url: directory.databaseURL)
        #expect(try reopened.usage.frequent().count == defaults.count + 1)
    }

    @Test("frequent keeps at least the minimum count and returns at most the limit")
    func frequentMinimumAndLimit() throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration()
        configuration.defaultFrequentEmoji = []
        configuration.minimumFrequentCount = 3
        configuration.frequentLimit = 5
        configuration.minimumFrequentScore = 0.5
        let store = try EmojiStore(url: directory.databaseURL, configuration: configuration)
        for text in ["😀", "🎉", "👍", "❤️", "🔥", "🚀", "🐱"] { try store.usage.recordUse(of: emoji(text)) }
        // Scores now 0.9^6 … 1; 0.9^6 ≈ 0.53 is the lowest over 0.5: five kept, capped at five.
        #expect(try store.usage.frequent().map(\.item.key) == ["🐱", "🚀", "🔥", "❤️", "👍"])
        for _ in 0..<30 { try store.usage.recordUse(of: emoji("🐱")) }
        // Everything but 🐱 decayed under 0.5, yet the minimum of three stays.
        #expect(try store.usage.frequent().map(\.item.key) == ["🐱", "🚀", "🔥"])
    }

    @Test("clearing a score drops it from frequent; clearing all starts over with the defaults")
    func clearing() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("🦄"))
        try store.usage.clearScore(for: StoreItem(emoji("🦄")))
        #expect(try !store.usage.frequent().map(\.item.key).contains("🦄"))
        #expect(try store.usage.recent().first?.item.key == "🦄")
        try store.usage.clearAll()
        #expect(try store.usage.recent().isEmpty)
        #expect(try store.usage.frequent().map(\.item.key) == StoreConfiguration.bundledFrequentEmoji)
    }

    @Test("recent is de-duplicated, newest first and capped; most-used counts and breaks ties by recency")
    func recentAndMostUsed() throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration()
        configuration.recentLimit = 3
        configuration.mostUsedLimit = 2
        let store = try EmojiStore(url: directory.databaseURL, configuration: configuration)
        for text in ["😀", "🎉", "😀", "👍", "❤️", "🎉", "😀"] { try store.usage.recordUse(of: emoji(text)) }
        #expect(try store.usage.recent().map(\.item.key) == ["😀", "🎉", "❤️"])
        #expect(try store.usage.recent(limit: 10).map(\.item.key) == ["😀", "🎉", "❤️", "👍"])
        #expect(try store.usage.mostUsed(limit: 10).map(\.item.key) == ["😀", "🎉", "❤️", "👍"])
        #expect(try store.usage.mostUsed(limit: 10).map(\.useCount) == [3, 2, 1, 1])
        #expect(try store.usage.mostUsed().map(\.item.key) == ["😀", "🎉"])
    }

    @Test("custom emoji are scored alongside Unicode emoji")
    func customEmojiUsage() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: .custom(":partyparrot:"))
        try store.usage.recordUse(of: .custom("partyparrot"))
        let entry = try #require(try store.usage.recent().first)
        #expect(entry.item.customCode == "partyparrot")
        #expect(entry.useCount == 2)
        #expect(try store.usage.scores().usageScore(of: .custom(CustomEmoji(code: "partyparrot"))) > 1.8)
        #expect(store.usageScore(of: .custom(CustomEmoji(code: ":partyparrot:"))) > 1.8)
    }

    @Test("opening with another decay rescales the scores once")
    func decayChange() throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration()
        configuration.defaultFrequentEmoji = []
        let store = try EmojiStore(url: directory.databaseURL, configuration: configuration)
        try store.usage.recordUse(of: emoji("😀"))
        try store.usage.recordUse(of: emoji("🎉"))
        configuration.decay = 0.5
        let faster = try EmojiStore(url: directory.databaseURL, configuration: configuration)
        #expect(abs(try faster.usage.score(for: StoreItem(emoji("😀"))) - 0.9) < 1e-9)
        try faster.usage.recordUse(of: emoji("👍"))
        #expect(abs(try faster.usage.score(for: StoreItem(emoji("😀"))) - 0.45) < 1e-9)
        #expect(abs(try faster.usage.score(for: StoreItem(emoji("🎉"))) - 0.5) < 1e-9)
    }
}
