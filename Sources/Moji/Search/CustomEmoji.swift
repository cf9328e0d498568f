/// An emoji the catalog does not have, such as a forum smilie or a team's `:partyparrot:`,
/// that search finds by code, name and keywords with the same rules as Unicode emoji.
///
/// Conform your own type (a store record, an imported smilie) and pass it to
/// ``EmojiSearch/init(catalog:locales:customEmoji:)`` or ``EmojiSearch/adding(customEmoji:)``.
///
/// ```swift
/// let parrot = CustomEmoji(code: "partyparrot", name: "party parrot", keywords: ["bird", "dance"])
/// let search = try EmojiSearch(locales: ["en"], customEmoji: [parrot])
/// search.results(for: "parr").first?.item.text   // ":partyparrot:"
/// ```
public protocol CustomEmojiRepresentable: Sendable {
    /// The shortcode without colons, unique among custom emoji, e.g. `partyparrot`.
    var code: String { get }
    /// A name people search by, e.g. "party parrot"; may be empty.
    var name: String { get }
    /// More words people search by.
    var keywords: [String] { get }
}

/// A custom emoji as search knows it: code, name and keywords (images come with the importers).
public struct CustomEmoji: CustomEmojiRepresentable, Hashable, Codable {
    public var code: String
    public var name: String
    public var keywords: [String]

    public init(code: String, name: String = "", keywords: [String] = []) {
        self.code = ShortcodePreset.bare(code)
        self.name = name
        self.keywords = keywords
    }

    /// A copy of any custom emoji's searchable fields.
    public init(_ other: some CustomEmojiRepresentable) {
        self.init(code: other.code, name: other.name, keywords: other.keywords)
    }
}
