import Moji
import MojiPicker
import MojiStore

/// The store is the picker's history: its frequent list is the picker's "Frequently Used", its
/// pinned list the picker's "Favorites", its recent list the picker's "Recent".
///
/// ```swift
/// let store = try EmojiStore()
/// var picker = try EmojiPicker(history: store)
/// picker.handle(.insert("tada"))
/// if case .picked(let pick) = picker.handle(.enter) {
///     try store.record(pick)            // 🎉 rises in the store
/// }
/// ```
extension EmojiStore: PickerHistory {
    /// Reads the lists, tone preferences, usage scores and learned picks the picker shows, in a
    /// handful of queries (a few hundred microseconds; about a millisecond more with the most
    /// learned picks, ``/MojiStore/StoreConfiguration/learnedPickLimit``).
    public func pickerSnapshot() throws -> PickerHistorySnapshot {
        let catalog = configuration.catalog
        let custom = try Dictionary(
            custom.allEmoji().map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        func searchItem(_ item: StoreItem) -> SearchItem? {
            if let code = item.customCode { return custom[code].map(SearchItem.custom) }
            return item.emoji(in: catalog).map(SearchItem.emoji)
        }
        var tones: [Emoji: [SkinTone]] = [:]
        for (item, preferred) in try skinTones.preferences() {
            if let emoji = item.emoji(in: catalog) { tones[emoji.neutral] = preferred }
        }
        return PickerHistorySnapshot(
            frequent: try usage.frequent().compactMap { searchItem($0.displayItem(in: catalog)) },
            pinned: try favorites.pinned().compactMap(searchItem),
            recent: try usage.recent().compactMap { searchItem($0.displayItem(in: catalog)) },
            skinTones: tones,
            defaultSkinTone: try skinTones.defaultTone(),
            usage: try usage.scores(),
            learnedPicks: try usage.learnedPickHistory())
    }

    /// Records a pick: the tones chosen in the popover become the preferred ones, then each
    /// item counts one use (a toned emoji for its base, remembering the tones), learned for the
    /// pick's query (``/MojiPicker/EmojiPick/query``) when it followed a search. A query of
    /// control characters only is not learned; one longer than search reads is learned by its
    /// start, as search reads it.
    public func record(_ pick: EmojiPick) throws {
        for (emoji, tones) in pick.skinTones { try skinTones.setPreferred(tones, for: emoji) }
        // A picker's text is what the person typed: made acceptable, it is never refused, so the
        // use itself is never lost.
        let query = pick.query.map(LearnedQuery.acceptable)
        for item in pick.items {
            switch item {
            case .emoji(let emoji): try usage.recordUse(of: emoji, query: query)
            case .custom(let custom): try usage.recordUse(of: StoreItem(custom), query: query)
            }
        }
    }
}
