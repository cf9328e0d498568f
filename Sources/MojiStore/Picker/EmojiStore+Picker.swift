import Moji
import MojiPicker

/// The store is the picker's history: its favorites by score are the picker's "frequently
/// used", its pinned favorites the picker's favorites, its recents the picker's recents.
///
/// ```swift
/// let store = try EmojiStore()
/// var picker = try EmojiPicker(history: store)
/// picker.handle(.insert("tada")); picker.handle(.enter)   // recorded: 🎉 rises in the store
/// ```
extension EmojiStore: PickerHistory {
    /// Reads the lists, tone preferences and usage scores the picker shows, in a handful of
    /// queries (a few hundred microseconds).
    public func pickerSnapshot() throws -> PickerHistorySnapshot {
        let catalog = configuration.catalog
        let custom = try Dictionary(customEmojis().map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        func searchItem(_ item: StoreItem) -> SearchItem? {
            if let code = item.customCode {
                guard let record = custom[code] else { return nil }
                return .custom(Moji.CustomEmoji(code: record.code, name: record.name, keywords: record.keywords))
            }
            return item.emoji(in: catalog).map(SearchItem.emoji)
        }
        var tones: [Emoji: [SkinTone]] = [:]
        for (item, preferred) in try skinTonePreferences() {
            if let emoji = item.emoji(in: catalog) { tones[emoji.neutral] = preferred }
        }
        var scores: [String: Double] = [:]
        for (item, score) in try usageScores().scores { scores[item.key] = score }
        return PickerHistorySnapshot(
            frequentlyUsed: try favorites().compactMap { searchItem($0.displayItem(in: catalog)) },
            favorites: try pinnedFavorites().compactMap(searchItem),
            recent: try recent().compactMap { searchItem($0.displayItem(in: catalog)) },
            skinTones: tones,
            defaultSkinTone: try defaultSkinTone(),
            usage: Moji.UsageScores(scores))
    }

    /// Records one use of a picked emoji (a toned one counts for its base and remembers the tones)
    /// or custom emoji.
    public func recordPick(of item: SearchItem) throws {
        switch item {
        case .emoji(let emoji): try recordUse(of: emoji)
        case .custom(let custom): try recordUse(of: StoreItem.custom(custom.code))
        }
    }
}
