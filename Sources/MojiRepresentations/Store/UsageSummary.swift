import Foundation
import Moji
import MojiStore

/// One entry of a user's frequent or recent list, and the answer to `POST /v1/me/usage`:
///
/// ```json
/// {"emoji":"👍🏽","uses":3,"score":2.71,"lastUsed":"2026-11-22T10:00:00Z","tones":["medium"]}
/// ```
///
/// `emoji` is the item as last used (toned), `tones` the tones of that use (absent when neutral);
/// a custom emoji adds `code` and `image` as ``StoreItemSummary``. A default the store seeded for
/// a new user has 0 uses and no `lastUsed`.
public struct UsageSummary: Codable, Sendable, Hashable {
    /// The emoji as last used, or `:code:`.
    public var emoji: String
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

    /// The summary of `entry`; `custom` finds a custom emoji by code in the main store.
    public init(_ entry: UsageEntry, catalog: EmojiCatalog = .shared, custom: (String) -> CustomEmoji?) {
        let item = StoreItemSummary(entry.displayItem(in: catalog), custom: custom)
        emoji = item.emoji
        code = item.code
        image = item.image
        uses = entry.useCount
        score = (entry.score * 10_000).rounded() / 10_000
        lastUsed = entry.lastUsed?.formatted(.iso8601)
        tones = entry.tones.isEmpty ? nil : entry.tones.map(\.identifier)
    }
}

/// A user's collection as `GET /v1/me/collections` lists it: `{"name":"work","items":[…]}`.
public struct CollectionSummary: Codable, Sendable, Hashable {
    /// The collection's name.
    public var name: String
    /// Its items in order.
    public var items: [StoreItemSummary]

    /// The summary of `collection`; `custom` finds a custom emoji by code in the main store.
    public init(_ collection: EmojiCollection, custom: (String) -> CustomEmoji?) {
        name = collection.name
        items = collection.items.map { StoreItemSummary($0, custom: custom) }
    }
}

/// A user's skin-tone preferences: `{"default":"medium","emoji":{"🧑‍🤝‍🧑":["light","dark"]}}`;
/// `default` is `null` when none is set.
public struct SkinToneSummary: Codable, Sendable, Hashable {
    /// The default tone's identifier, or nil.
    public var `default`: String?
    /// Tones per neutral emoji, one per person.
    public var emoji: [String: [String]]

    /// The preferences `store` holds.
    public init(defaultTone: SkinTone?, preferences: [StoreItem: [SkinTone]]) {
        self.default = defaultTone?.identifier
        var emoji: [String: [String]] = [:]
        for (item, tones) in preferences { emoji[item.key] = tones.map(\.identifier) }
        self.emoji = emoji
    }

    private enum CodingKeys: String, CodingKey {
        case `default`, emoji
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Explicitly null: a client tells "no default" from a missing field.
        try container.encode(self.default, forKey: .default)
        try container.encode(emoji, forKey: .emoji)
    }
}
