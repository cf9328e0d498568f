import Foundation
import Moji
import MojiStore

/// One entry of a user's frequent or recent list, as `moji frequent --json`, `moji recent --json`
/// and `moji use --json` print it and `/v1/me/frequent`, `/v1/me/recent` and `POST /v1/me/usage`
/// answer it:
///
/// ```json
/// {"emoji":"👍🏽","name":"thumbs up: medium skin tone","uses":3,"score":2.71,
///  "lastUsed":"2026-11-22T10:00:00Z","tones":["medium"]}
/// ```
///
/// `emoji` is the item as last used (toned), `tones` the tones of that use (absent when neutral);
/// a custom emoji adds `code` and `image` as ``StoreItemSummary``. A default the store seeded for
/// a new user has 0 uses and no `lastUsed`.
public struct UsageSummary: Codable, Sendable, Hashable {
    /// The emoji as last used, or `:code:`.
    public var emoji: String
    /// Its English CLDR name, or a custom emoji's name; nil for a custom emoji that is gone.
    public var name: String?
    /// A custom emoji's code, without colons.
    public var code: String?
    /// A custom emoji's image.
    public var image: String?
    /// How many times it was used.
    public var uses: Int
    /// Its current (decayed) usage score, to 4 decimals.
    public var score: Double
    /// When it was last used, in ISO 8601 (`2026-11-22T10:00:00Z`).
    public var lastUsed: String?
    /// The skin tones of the last use, one per person; absent when used neutral.
    public var tones: [String]?

    /// The summary of `entry`, whose emoji `catalog` names and whose custom emoji `custom` finds.
    public init(_ entry: UsageEntry, catalog: EmojiCatalog = .shared, custom: CustomEmojiLookup) {
        let item = StoreItemSummary(entry.displayItem(in: catalog), catalog: catalog, custom: custom)
        emoji = item.emoji
        name = item.name
        code = item.code
        image = item.image
        uses = entry.useCount
        score = (entry.score * 10_000).rounded() / 10_000
        lastUsed = entry.lastUsed?.formatted(.iso8601)
        tones = entry.tones.isEmpty ? nil : entry.tones.map(\.identifier)
    }
}
