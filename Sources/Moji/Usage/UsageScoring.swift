/// Something that knows how much a person uses each emoji, so search and the picker can rank
/// by it (``SearchRanking/usage``) without depending on where uses are kept.
///
/// ``UsageScores`` is a snapshot to pass around; `MojiStore`'s `EmojiStore` conforms too, and
/// `store.usage.scores()` takes its snapshot. An app can conform its own type:
///
/// ```swift
/// struct Counts: UsageScoring {
///     var counts: [String: Int]
///     func usageScore(of item: SearchItem) -> Double { Double(counts[item.text] ?? 0) }
/// }
/// ```
public protocol UsageScoring: Sendable {
    /// How much `item` is used: higher ranks first; 0 for never. A toned emoji counts as its
    /// neutral base.
    func usageScore(of item: SearchItem) -> Double
}

extension UsageScoring {
    /// How much `emoji` (its neutral base) is used; 0 for never.
    public func usageScore(of emoji: Emoji) -> Double { usageScore(of: .emoji(emoji)) }
}
