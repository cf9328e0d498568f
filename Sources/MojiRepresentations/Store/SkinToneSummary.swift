import Moji
import MojiStore

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
