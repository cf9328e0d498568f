/// Scores of how much a person uses each emoji, for ``SearchRanking/usage``.
///
/// The store records uses and conforms; tests and apps can pass ``UsageScores``.
///
/// ```swift
/// struct Recents: UsageScoring {
///     var counts: [String: Int]
///     func usageScore(of item: SearchItem) -> Double { Double(counts[item.text] ?? 0) }
/// }
/// ```
public protocol UsageScoring: Sendable {
    /// How much `item` is used: higher ranks first; 0 for never.
    func usageScore(of item: SearchItem) -> Double
}

/// Usage scores from a dictionary keyed by ``SearchItem/text`` (the emoji, or `:code:` for a
/// custom emoji).
public struct UsageScores: UsageScoring, Hashable {
    /// Score by emoji or `:code:`.
    public var scores: [String: Double]

    public init(_ scores: [String: Double]) { self.scores = scores }

    public func usageScore(of item: SearchItem) -> Double { scores[item.text] ?? 0 }
}
