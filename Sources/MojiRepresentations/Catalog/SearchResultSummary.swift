import Moji

/// One search result: what `moji search --json` prints and `GET /v1/search` answers.
///
/// A custom emoji has `emoji` as its `:code:`, and also `code` and `image`.
public struct SearchResultSummary: Codable, Sendable, Hashable {
    /// Where a word of the query matched.
    public struct Match: Codable, Sendable, Hashable {
        /// `name`, `keyword`, `shortcode`, …
        public var field: String
        /// The locale of a name or keyword.
        public var locale: String?
        /// The whole text that matched.
        public var text: String
        /// The parts of `text` the query's words matched.
        public var matched: [String]
    }

    /// The emoji itself, or `:code:` for a custom emoji.
    public var emoji: String
    /// Its name in the locale (a custom emoji's own name).
    public var name: String
    /// Its code points in hex; nil for a custom emoji.
    public var hexcode: String?
    /// A custom emoji's code, without colons; nil for a Unicode emoji.
    public var code: String?
    /// A custom emoji's image URL; nil for a Unicode emoji (or a custom one without an image).
    public var image: String?
    /// How well it matched: `exact`, `prefix`, … (``/Moji/SearchRelevance``).
    public var relevance: String
    /// Where the query matched; `moji search --json` gives it, `GET /v1/search` only with
    /// `explain=true` (a picker shows none of it, and it is most of an answer's bytes).
    public var matches: [Match]?

    /// The summary of `result`, with names from `localized` and, when `explaining`, where it
    /// matched; `image` gives a custom emoji's image address (by default the one it was imported
    /// with, as ``CustomEmojiLookup/importedImage(of:)``).
    public init(
        _ result: SearchResult, in localized: LocalizedCatalog, explaining: Bool = true,
        image: (CustomEmoji) -> String? = CustomEmojiLookup.importedImage
    ) {
        emoji = result.item.text
        switch result.item {
        case .emoji(let found):
            name = localized.name(of: found)
            hexcode = found.hexcode
        case .custom(let custom):
            name = custom.name
            code = custom.code
            self.image = image(custom)
        }
        relevance = result.relevance.description
        guard explaining else { return }
        matches = result.matches.map {
            Match(
                field: $0.field.description, locale: $0.locale?.identifier, text: $0.text,
                matched: $0.matchedText.map(String.init))
        }
    }
}
