/// Where a match ranks: lower keys first, ties common first (``CommonFirstOrder``: no variant,
/// fewer code points, earlier major Emoji version, fewer name words, earlier minor version,
/// then CLDR order). An entry's key is the best
/// of its exact matches and of its word matches (where every word of the query must match, and
/// the worst word's best match counts).
///
/// The keys and what earns each are the table below, the one place that decides ranking order:
///
/// | key              | the query …                                                        | relevance |
/// |------------------|--------------------------------------------------------------------|-----------|
/// | 0                | is the emoji, an emoticon, a custom or preferred preset's `:code:`  | exact     |
/// | 1                | is `:code:` of the other of GitHub and Slack                        | exact     |
/// | 2                | is an emojibase or CLDR `:code:`                                    | exact     |
/// | 3                | is the name (first locale), punctuation and all                     | exact     |
/// | 4                | is the name's words (first locale)                                  | exact     |
/// | 5                | is the preferred preset's code or a custom code, without colons     | exact     |
/// | 6                | is the other preset's code, without colons                          | exact     |
/// | 7                | is the name or its words in another locale                          | exact     |
/// | 8                | is an emojibase or CLDR code, without colons                        | exact     |
/// | 16 + 2 × c + r   | has every word matching, worst ``MatchClass`` `c`, locale rank `r`  | per class |
///
/// Locale rank `r` is 0 for the first locale (and locale-independent fields), 1 for the others,
/// so in each match class the first locale's matches come first.
///
/// The last word of a query with nothing after it is still being typed: its prefix matches
/// rank as whole words (``MatchClass/nameWord``, ``MatchClass/keyword``), so "thumb" ranks 👍
/// ("thumbs up") with 🫰 ("… thumb crossed") and the common one first; "thumb " does not.
struct RankKey: RawRepresentable, Hashable, Comparable, Sendable {
    var rawValue: UInt8

    @inline(__always)
    init(rawValue: UInt8) { self.rawValue = rawValue }

    @inline(__always)
    static func < (lhs: RankKey, rhs: RankKey) -> Bool { lhs.rawValue < rhs.rawValue }

    // MARK: The ranking order, best first

    /// The emoji itself, an emoticon, a custom emoji's `:code:`, or `:code:` of the preferred of
    /// GitHub and Slack (``SearchOptions/preferredShortcodes``); also a toned emoji typed alone.
    static let character = RankKey(rawValue: 0)
    /// `:code:` of the other of GitHub and Slack.
    static let otherPresetCodeInColons = RankKey(rawValue: 1)
    /// An emojibase or CLDR `:code:`.
    static let emojibaseOrCLDRCodeInColons = RankKey(rawValue: 2)
    /// The whole name in the first locale, punctuation and all (`keycap: #`).
    static let name = RankKey(rawValue: 3)
    /// The name's words in the first locale, punctuation aside (`keycap #`).
    static let nameWords = RankKey(rawValue: 4)
    /// The preferred preset's code or a custom emoji's code, without colons (`tada`).
    static let preferredCode = RankKey(rawValue: 5)
    /// The other preset's code, without colons.
    static let otherPresetCode = RankKey(rawValue: 6)
    /// The name, whole or its words, in another locale.
    static let otherLocaleName = RankKey(rawValue: 7)
    /// An emojibase or CLDR code, without colons.
    static let emojibaseOrCLDRCode = RankKey(rawValue: 8)

    /// The first word-match key: every exact key ranks before every word match.
    static let firstWordMatch: UInt8 = 16

    /// A word match of `matchClass` in a segment of `localeRank` (0 or 1): the two locale ranks
    /// of a class are next to each other, so a class ranks before the next in any locale.
    @inline(__always)
    static func word(_ matchClass: MatchClass, localeRank: UInt8) -> RankKey {
        RankKey(rawValue: firstWordMatch + 2 * matchClass.rawValue + localeRank)
    }

    /// Every result of a blank query (the catalog in CLDR order), reported as name prefixes.
    static let blankQuery = word(.namePrefix, localeRank: 0)
    /// A query of symbols only (`:+`, `<`) that starts a shortcode or emoticon, reported as a
    /// shortcode match.
    static let symbolPrefix = word(.shortcode, localeRank: 0)

    /// No match (above every key).
    static let none = RankKey(rawValue: 255)

    /// The relevance a key reports, which groups results in usage ranking.
    var relevance: SearchRelevance {
        guard rawValue >= Self.firstWordMatch else { return .exact }
        return MatchClass(rawValue: (rawValue - Self.firstWordMatch) / 2)?.relevance ?? .typo
    }

    // MARK: Exact matches by phrase kind

    /// How the query is compared with the phrases of an index.
    enum PhraseForm {
        /// The query's words joined by spaces.
        case words
        /// The query's folded text with punctuation.
        case text
        /// The query's text without its colons, when it starts with one (`:tada:`).
        case inColons
    }

    /// The key of the query, in `form`, equal to a phrase of `kind`; nil when such a match does
    /// not count. `slackFirst` prefers Slack's codes to GitHub's; `otherLocale` is a phrase of
    /// a locale after the first.
    ///
    /// A code of two letters or fewer without colons (`tr`, `us`, `ok`) is not an exact match:
    /// that many letters are as often the start of a word ("tr" for "tree") as a region code,
    /// so such codes rank with the shortcode words, and `:tr:` still finds 🇹🇷 first.
    static func exact(
        _ kind: SearchSegment.PhraseKind, form: PhraseForm, slackFirst: Bool,
        otherLocale: Bool, shortText: Bool = false
    ) -> RankKey? {
        if shortText, form == .text {
            switch kind {
            case .github, .slack, .customCode, .emojibase, .cldr: return nil
            case .character, .emoticon, .nameRaw, .nameWords: break
            }
        }
        return switch (form, kind) {
        case (.words, .nameWords): otherLocale ? .otherLocaleName : .nameWords
        case (.words, _): nil
        case (.text, .character), (.text, .emoticon): .character
        case (.text, .nameRaw): otherLocale ? .otherLocaleName : .name
        case (.text, .nameWords): nil
        case (.text, .github): slackFirst ? .otherPresetCode : .preferredCode
        case (.text, .slack): slackFirst ? .preferredCode : .otherPresetCode
        case (.text, .customCode): .preferredCode
        case (.text, .emojibase), (.text, .cldr): .emojibaseOrCLDRCode
        case (.inColons, .github): slackFirst ? .otherPresetCodeInColons : .character
        case (.inColons, .slack): slackFirst ? .character : .otherPresetCodeInColons
        case (.inColons, .customCode): .character
        case (.inColons, .emojibase), (.inColons, .cldr): .emojibaseOrCLDRCodeInColons
        case (.inColons, _): nil
        }
    }
}

/// How one word of the query matched a word of an entry, best first; an entry's word-match key
/// (``RankKey/word(_:localeRank:)``) is its worst word's best class.
enum MatchClass: UInt8, CaseIterable, Sendable {
    /// The whole of a name's word.
    case nameWord = 0
    /// The start of a name's word (a query word followed by more; the last word, still being
    /// typed, counts as ``nameWord``).
    case namePrefix
    /// A shortcode's word, whole or its start.
    case shortcode
    /// The whole of a keyword's word.
    case keyword
    /// The start of a keyword's word (not of the last word still being typed: that counts as
    /// ``keyword``).
    case keywordPrefix
    /// Inside a name's word (scripts written without spaces).
    case insideNameWord
    /// Inside a keyword's or shortcode's word.
    case insideOtherWord
    /// A name's word, with one typo.
    case typoInName
    /// A keyword's or shortcode's word, with one typo.
    case otherTypo

    /// The relevance results of this class report.
    var relevance: SearchRelevance {
        switch self {
        case .nameWord: .nameWord
        case .namePrefix: .namePrefix
        case .shortcode: .shortcode
        case .keyword: .keyword
        case .keywordPrefix: .keywordPrefix
        case .insideNameWord, .insideOtherWord: .substring
        case .typoInName, .otherTypo: .typo
        }
    }

    /// The class of a query word that starts a word of `field`; `whole` when it is all of it.
    static func prefix(in field: SearchSegment.WordField, whole: Bool) -> MatchClass {
        switch field {
        case .name: whole ? .nameWord : .namePrefix
        case .keyword: whole ? .keyword : .keywordPrefix
        case .shortcode: .shortcode
        }
    }

    /// The class of a query word found inside a word, of a name or not.
    static func inside(name: Bool) -> MatchClass { name ? .insideNameWord : .insideOtherWord }

    /// The class of a query word one typo away from a word, of a name or not.
    static func typo(name: Bool) -> MatchClass { name ? .typoInName : .otherTypo }
}
