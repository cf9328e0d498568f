/// A snapshot of usage scores, keyed by the neutral emoji or a custom emoji's `:code:`: cheap to
/// query for every search result.
///
/// ```swift
/// let scores = UsageScores(["👍": 12, "🎉": 3, ":partyparrot:": 1])
/// scores.usageScore(of: EmojiCatalog.shared.emoji(for: "👍🏽")!)   // 12: tones count for 👍
/// search.results(for: "party", options: SearchOptions(ranking: .usage, usage: scores))
/// ```
public struct UsageScores: UsageScoring, Hashable {
    /// Scores by neutral emoji (`👍`) or custom emoji `:code:`, as ``key(of:)`` spells them.
    public var scores: [String: Double]

    /// Scores keyed as ``key(of:)`` spells them.
    public init(_ scores: [String: Double]) { self.scores = scores }

    /// The score of a found emoji (its neutral base) or custom emoji; 0 when unused.
    public func usageScore(of item: SearchItem) -> Double { scores[Self.key(of: item)] ?? 0 }

    /// The key an item's score is kept under: its neutral emoji, or `:code:` for a custom emoji.
    public static func key(of item: SearchItem) -> String {
        switch item {
        case .emoji(let emoji): emoji.neutral.character
        case .custom(let custom): ":\(custom.code):"
        }
    }
}
