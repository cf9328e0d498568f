/// One emoji found by ``EmojiSearch``, with how well and where it matched.
///
/// ```swift
/// let result = search.results(for: "thu u")[0]
/// result.item.text        // "👍"
/// result.relevance        // .namePrefix
/// result.matches[0].text  // "thumbs up", with ranges of "thumbs" and "up" to highlight
/// ```
public struct SearchResult: Sendable, Hashable, CustomStringConvertible {
    /// The emoji or custom emoji found.
    public let item: SearchItem
    /// Why it was found; results are grouped by this in relevance and usage ranking.
    public let relevance: SearchRelevance
    let entry: Int
    let context: SearchContext

    /// The emoji, or nil for a custom emoji.
    public var emoji: Emoji? {
        if case .emoji(let emoji) = item { return emoji }
        return nil
    }

    /// The fields that matched the query, best first, with the ranges of matched words for
    /// highlighting. Computed when asked, so search itself stays fast.
    public var matches: [SearchMatch] { context.matches(of: entry) }

    public var description: String { "\(item.text) (\(relevance))" }

    public static func == (lhs: SearchResult, rhs: SearchResult) -> Bool {
        lhs.item == rhs.item && lhs.relevance == rhs.relevance
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(item)
        hasher.combine(relevance)
    }
}

/// What a search found: a Unicode emoji or a registered custom emoji.
public enum SearchItem: Sendable, Hashable {
    case emoji(Emoji)
    case custom(CustomEmoji)

    /// The emoji itself, or `:code:` for a custom emoji.
    public var text: String {
        switch self {
        case .emoji(let emoji): emoji.character
        case .custom(let custom): ":\(custom.code):"
        }
    }
}

/// Why a result matched, from best to worst; ``SearchRanking/relevance`` orders by it.
public enum SearchRelevance: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// The query is the emoji, an emoticon, a shortcode or the whole name.
    case exact
    /// Every word of the query is a whole word of the name.
    case nameWord
    /// Every word of the query starts a word of the name.
    case namePrefix
    /// Some word of the query starts a word of a shortcode (the others start name words).
    case shortcode
    /// Some word of the query is a whole keyword word.
    case keyword
    /// Some word of the query starts a keyword word.
    case keywordPrefix
    /// Some word of the query is found inside a word (Chinese, Japanese, Thai and other
    /// scripts written without spaces).
    case substring
    /// The query's one word matches nothing but typos, and its start starts a word: "amorcito"
    /// finds 🥰 by "amor", "mdrrr" 😂 by "mdr".
    case shortenedWord
    /// Some word of the query matches with one typo (insert, delete, substitute or transpose).
    case typo
    /// Some words of the query match, not all (a query of several words that nothing matches
    /// as a whole, even with a typo: "danke dir" finds 🙏 by "danke").
    case someWords

    public static func < (lhs: SearchRelevance, rhs: SearchRelevance) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .exact: "exact"
        case .nameWord: "name word"
        case .namePrefix: "name prefix"
        case .shortcode: "shortcode"
        case .keyword: "keyword"
        case .keywordPrefix: "keyword prefix"
        case .substring: "substring"
        case .shortenedWord: "shortened word"
        case .typo: "typo"
        case .someWords: "some words"
        }
    }
}

/// One field of a result that matched, for highlighting.
public struct SearchMatch: Sendable, Hashable {
    /// Which field matched.
    public var field: SearchField
    /// The locale of a name or keyword; nil for locale-independent fields.
    public var locale: MojiLocale?
    /// The field's text as the catalog has it, e.g. "thumbs up" or "tada".
    public var text: String
    /// The parts of ``text`` that matched the query's words.
    public var ranges: [Range<String.Index>]

    /// The matched parts of ``text``.
    public var matchedText: [Substring] { ranges.map { text[$0] } }
}

/// A searchable field of an emoji.
public enum SearchField: Sendable, Hashable, CustomStringConvertible {
    case character
    case emoticon
    case name
    case keyword
    case shortcode(ShortcodePreset)
    case customCode

    public var description: String {
        switch self {
        case .character: "character"
        case .emoticon: "emoticon"
        case .name: "name"
        case .keyword: "keyword"
        case .shortcode(let preset): "shortcode (\(preset))"
        case .customCode: "custom code"
        }
    }
}
