import Moji

/// Something that knows how much each emoji is used, so search and the picker can rank by it
/// without depending on the store.
///
/// ```swift
/// let scores = try store.usageScores()                 // a snapshot, fast to query
/// results.sorted { scores.usageScore(for: $0) > scores.usageScore(for: $1) }
/// ```
public protocol UsageScoreProvider: Sendable {
    /// The usage score of an emoji (toned forms count for their neutral base); 0 when unused.
    func usageScore(for emoji: Emoji) -> Double
}

/// A snapshot of every usage score, keyed by neutral emoji and custom emoji.
public struct UsageScores: UsageScoreProvider, Hashable {
    /// Scores by item key (neutral emoji or `:code:`).
    public var scores: [StoreItem: Double]

    public init(scores: [StoreItem: Double]) { self.scores = scores }

    public func usageScore(for emoji: Emoji) -> Double { scores[StoreItem(emoji.neutral)] ?? 0 }

    /// The score of any item, custom emoji included.
    public func usageScore(for item: StoreItem) -> Double { scores[item] ?? 0 }
}

extension EmojiStore: UsageScoreProvider {
    /// Reads the score from the database; 0 when unused or unreadable. For ranking many emoji,
    /// take a ``usageScores()`` snapshot instead.
    public func usageScore(for emoji: Emoji) -> Double {
        (try? score(for: StoreItem(emoji.neutral))) ?? 0
    }
}
