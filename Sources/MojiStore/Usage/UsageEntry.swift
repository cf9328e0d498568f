import Foundation
import Moji

/// What the store knows about the use of one item: its score, count, last use and last tones.
///
/// Uses of toned emoji count for the neutral base (`item`); `tones` remembers the tones of the
/// latest use, and ``displayItem`` puts them back.
public struct UsageEntry: Sendable, Hashable, Codable {
    /// The neutral emoji or the custom emoji.
    public var item: StoreItem
    /// The tones of the latest use, one per person; empty when used neutral.
    public var tones: [SkinTone]
    /// The current (decayed) score.
    public var score: Double
    /// How many times the item was used (0 for a seeded default not used yet).
    public var useCount: Int
    /// The number of the last use (the global use counter then), or nil for a seeded default:
    /// it orders recents exactly, across processes.
    public var lastUse: Int?
    /// When it was used last, or nil for a seeded default.
    public var lastUsed: Date?

    /// An entry as a store read it (a ``UserDataStore`` of another database makes them too).
    public init(
        item: StoreItem, tones: [SkinTone] = [], score: Double, useCount: Int, lastUse: Int? = nil,
        lastUsed: Date? = nil
    ) {
        self.item = item
        self.tones = tones
        self.score = score
        self.useCount = useCount
        self.lastUse = lastUse
        self.lastUsed = lastUsed
    }

    /// The item as last used: the toned RGI sequence when the catalog has it.
    public var displayItem: StoreItem { displayItem(in: .shared) }

    /// The item as last used, resolved in `catalog`.
    public func displayItem(in catalog: EmojiCatalog) -> StoreItem {
        guard !tones.isEmpty, let toned = item.emoji(in: catalog)?.withSkinTones(tones) else { return item }
        return StoreItem(toned)
    }
}
