import Moji

/// A snapshot of the store's scores ranks search results: pass it as
/// ``Moji/SearchOptions/usage`` with ``Moji/SearchRanking/usage``.
///
/// ```swift
/// let options = SearchOptions(ranking: .usage, usage: try store.usageScores())
/// search.results(for: "heart", options: options)    // the hearts you use first
/// ```
extension UsageScores: Moji.UsageScoring {
    /// The score of a found emoji (its neutral base) or custom emoji; 0 when unused.
    public func usageScore(of item: SearchItem) -> Double {
        switch item {
        case .emoji(let emoji): usageScore(for: emoji)
        case .custom(let custom): usageScore(for: StoreItem.custom(custom.code))
        }
    }
}

/// The store itself can rank search results too; it reads one score per result from the
/// database, so for many results prefer a ``EmojiStore/usageScores()`` snapshot.
extension EmojiStore: Moji.UsageScoring {
    /// The current score of a found emoji (its neutral base) or custom emoji; 0 when unused or
    /// unreadable.
    public func usageScore(of item: SearchItem) -> Double {
        switch item {
        case .emoji(let emoji): usageScore(for: emoji)
        case .custom(let custom): (try? score(for: StoreItem.custom(custom.code))) ?? 0
        }
    }
}
