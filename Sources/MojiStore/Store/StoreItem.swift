import Moji

/// Something the store remembers: a Unicode emoji (by its exact character) or a custom emoji
/// (by its code, written `:code:`).
///
/// ```swift
/// let thumbs = StoreItem(EmojiCatalog.shared.emoji(for: "👍")!)
/// let parrot = StoreItem.custom("partyparrot")       // key ":partyparrot:", as StoreItem(customEmoji)
/// thumbs.emoji()?.character                          // "👍"
/// ```
public struct StoreItem: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How the database spells the item: the emoji itself (`👍🏽`) or `:code:` for a custom emoji.
    public let key: String

    /// The item for a Unicode emoji, tones included as given.
    public init(_ emoji: Emoji) { key = emoji.character }

    /// The item for a custom emoji: `:code:`.
    public init(_ custom: CustomEmoji) { key = ":\(custom.code):" }

    /// The item for a stored key, as ``key`` spells it.
    public init(key: String) { self.key = key }

    /// The item for a custom emoji code, with or without colons.
    public static func custom(_ code: String) -> StoreItem {
        StoreItem(key: ":\(CustomEmoji.normalizedCode(code)):")
    }

    /// Whether this names a custom emoji rather than a Unicode one.
    public var isCustom: Bool { key.count > 2 && key.hasPrefix(":") && key.hasSuffix(":") }

    /// The custom emoji code without colons, or nil for a Unicode emoji.
    public var customCode: String? { isCustom ? String(key.dropFirst().dropLast()) : nil }

    /// The Unicode emoji in `catalog`, or nil for a custom emoji or one the catalog does not know.
    public func emoji(in catalog: EmojiCatalog = .shared) -> Emoji? {
        isCustom ? nil : catalog.emoji(for: key)
    }

    public var description: String { key }

    public init(from decoder: any Decoder) throws {
        key = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }
}
