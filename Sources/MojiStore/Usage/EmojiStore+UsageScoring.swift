import Moji

/// The store itself can rank search results; it reads one score per result from the database,
/// so for many results prefer a ``EmojiStore/Usage/scores()`` snapshot.
extension EmojiStore: UsageScoring {
    /// The current score of a found emoji (its neutral base) or custom emoji; 0 when unused or
    /// unreadable.
    public func usageScore(of item: SearchItem) -> Double {
        (try? score(for: StoreItem(key: UsageScores.key(of: item)))) ?? 0
    }
}
