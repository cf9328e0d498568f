import Foundation

/// A custom emoji ("smilie"): an image with a `:code:`, as forums and Mastodon-style servers
/// define them. Codes are unique in a store, compared case-insensitively.
///
/// ```swift
/// let parrot = CustomEmoji(code: "partyparrot", name: "party parrot", keywords: ["parrot", "party"],
///                          group: "animals", image: "https://example.org/parrot.gif", source: "cultofthepartyparrot")
/// try store.addCustomEmoji(parrot)
/// try store.recordUse(of: .custom("partyparrot"))
/// ```
public struct CustomEmoji: Sendable, Hashable, Codable {
    /// The code without colons, e.g. `partyparrot`.
    public var code: String
    /// A human name.
    public var name: String
    /// Search keywords.
    public var keywords: [String]
    /// The group it is shown under, e.g. `forum`; nil for none.
    public var group: String?
    /// Where the image is: a URL or a path, as the importer stored it.
    public var image: String
    /// Where the record came from (a site, a pack), nil when unknown.
    public var source: String?
    /// When it was added.
    public var addedAt: Date

    public init(code: String, name: String, keywords: [String] = [], group: String? = nil,
                image: String, source: String? = nil, addedAt: Date = Date()) {
        self.code = CustomEmoji.normalizedCode(code)
        self.name = name
        self.keywords = keywords
        self.group = group
        self.image = image
        self.source = source
        self.addedAt = addedAt
    }

    /// The item that stands for this custom emoji in usage, pins and collections.
    public var item: StoreItem { .custom(code) }

    /// A code without surrounding colons and whitespace.
    public static func normalizedCode(_ code: String) -> String {
        var text = code.trimmingCharacters(in: .whitespaces)
        if text.count > 1, text.hasPrefix(":"), text.hasSuffix(":") { text = String(text.dropFirst().dropLast()) }
        return text
    }

    /// Whether a code is usable: non-empty, no whitespace or colons.
    public static func isValidCode(_ code: String) -> Bool {
        !code.isEmpty && !code.contains(where: { $0 == ":" || $0.isWhitespace })
    }
}
