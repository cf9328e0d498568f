/// Where a match ranks: lower buckets first, ties common first (``CommonFirstOrder``: the emoji
/// people use more first, then no variant, fewer code points, earlier Emoji version, fewer name
/// words, then CLDR order). An entry's key is the best of its exact matches and of its word
/// matches (where every word of the query must match, and the worst word's best match counts).
///
/// A key is a bucket, which decides the order, and the ``MatchClass`` it reports
/// (`bucket << 4 | class`). The buckets and what earns each are the table below, the one place
/// that decides ranking order:
///
/// | bucket           | the query …                                                        | relevance |
/// |------------------|--------------------------------------------------------------------|-----------|
/// | 0                | is the emoji, an emoticon, a custom or preferred preset's `:code:`  | exact     |
/// | 1                | is `:code:` of the other of GitHub and Slack                        | exact     |
/// | 2                | is an emojibase or CLDR `:code:`                                    | exact     |
/// | 3                | is the name or an everyday word it is called by (first locale)      | exact     |
/// | 4                | is the name's words (first locale)                                  | exact     |
/// | 5                | is the preferred preset's code or a custom code, without colons     | exact     |
/// | 6                | is the other preset's code, without colons                          | exact     |
/// | 7                | is the name or its words in another locale                          | exact     |
/// | 8                | is an emojibase or CLDR code, without colons                        | exact     |
/// | 9                | starts with `:` and starts a shortcode (`:heart` → `:heart_eyes:`)  | shortcode |
/// | 16 + cost + r + p | has every word matching, the worst word's best ``MatchCost``,      | per class |
/// |                  | locale rank `r`, the entry's prior penalty `p` (+ 4 for a word      |           |
/// |                  | typed with a mark, matched by one without: ``missingMarkPenalty``;  |           |
/// |                  | + 2 for a one-word query's prefix match that does not cover a       |           |
/// |                  | one-word name: ``partialNameCost``; + 2 for a name that is the      |           |
/// |                  | words typed when a space after them says another word follows:      |           |
/// |                  | ``completeNameCost``; such a name, and a code without colons, is    |           |
/// |                  | then no exact match)                                                |           |
///
/// Locale rank `r` is 0 for the first locale (and locale-independent fields), 1 for the others.
/// The prior penalty `p` (``SearchIndex/priorPenalty``) is 0 for the emoji people use most and
/// grows as they use it less, so a much more common emoji can overtake a slightly better match
/// ("amour": ❤️, a keyword, before 💌 "lettre d'amour", a name); it never moves a word match
/// before an exact one.
///
/// The last word of a query with nothing after it is still being typed: its prefix matches are
/// completions, ranked by how common the completed word is in the language (the word prior,
/// ``MatchCost/completion(ofName:frequency:isWhole:)``), so "coo" puts 😎 ("cool") before 🍪 ("cookie");
/// they report the class of whole words (``MatchClass/nameWord``, ``MatchClass/keyword``).
struct RankKey: RawRepresentable, Hashable, Comparable, Sendable {
    var rawValue: UInt16

    @inline(__always)
    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The key of `bucket` reporting `matchClass`.
    @inline(__always)
    init(bucket: UInt8, matchClass: MatchClass) {
        rawValue = UInt16(bucket) << 4 | UInt16(matchClass.rawValue)
    }

    @inline(__always)
    static func < (lhs: RankKey, rhs: RankKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The bucket, which orders results.
    @inline(__always)
    var bucket: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 4) }

    /// An exact key of `bucket` (below ``firstWordMatch``).
    private static func exact(bucket: UInt8) -> RankKey { RankKey(rawValue: UInt16(bucket) << 4) }

    // MARK: The ranking order, best first

    /// The emoji itself, an emoticon, a custom emoji's `:code:`, or `:code:` of the preferred of
    /// GitHub and Slack (``SearchOptions/preferredShortcodes``); also a toned emoji typed alone.
    static let character = exact(bucket: 0)
    /// `:code:` of the other of GitHub and Slack.
    static let otherPresetCodeInColons = exact(bucket: 1)
    /// An emojibase or CLDR `:code:`.
    static let emojibaseOrCLDRCodeInColons = exact(bucket: 2)
    /// The whole name in the first locale, punctuation and all (`keycap: #`), or a whole
    /// everyday word the emoji is called by (``SearchTerms/everydayNames``).
    static let name = exact(bucket: 3)
    /// The name's words in the first locale, punctuation aside (`keycap #`).
    static let nameWords = exact(bucket: 4)
    /// The preferred preset's code or a custom emoji's code, without colons (`tada`).
    static let preferredCode = exact(bucket: 5)
    /// The other preset's code, without colons.
    static let otherPresetCode = exact(bucket: 6)
    /// The name, whole or its words, in another locale.
    static let otherLocaleName = exact(bucket: 7)
    /// An emojibase or CLDR code, without colons.
    static let emojibaseOrCLDRCode = exact(bucket: 8)
    /// A query that starts with `:` and starts a shortcode (`:heart` for `:heart_eyes:`): someone
    /// typing a code, whose codes come before entries whose words merely contain the word.
    static let codePrefix = RankKey(bucket: 9, matchClass: .shortcode)

    /// The first word-match bucket: every exact key ranks before every word match.
    static let firstWordMatch: UInt8 = 16

    /// Buckets a match in another locale (English, when searching German) costs more: enough
    /// that "tee" finds 🍵 (German "Tee") before 😀 (English "teeth").
    static let otherLocaleCost: UInt8 = 3

    /// Buckets a word match costs when the query's word was typed with a mark that folding takes
    /// off (ö, é, ñ, ß: ``TextFolding/carriesMark(_:)``) and the matched word has none: "läc"
    /// means "lächeln" (😊), not "lachen" (😂), and "año" is not "ano". As much as a whole name word
    /// gains over its completions and one more, so a marked word comes first unless the unmarked
    /// one's emoji is far more common. Typing without marks costs nothing: "lach" still finds
    /// both, as people often leave marks out.
    static let missingMarkPenalty: UInt8 = 4

    /// Buckets a prefix match of a one-word query costs unless the query covers the emoji's
    /// name: the name is one word (``Posting/wholeNameFlag``) of which more than half is typed.
    /// Someone typing "glasse" wants 👓 ("glasses") more than 🥂 ("clinking glasses"), and
    /// "straw" 🍓 ("strawberry") more than 🥤 ("cup with straw"); a much more common emoji still
    /// overtakes (🌙 "croissant de lune" before 🥐 "croissant"), and "火" (one letter of 火箭, 🚀)
    /// covers nothing. Three buckets put completions before whole words ("mela": 🍆
    /// "melanzana" before 🍎 "mela rossa") and cost more words never first than they gained.
    static let partialNameCost: UInt8 = 2

    /// Buckets a name that is no more than the words typed costs when a space after them says
    /// another word follows (``SearchQuery/expectsAnotherWord``): it ranks as a word match, not
    /// an exact one, this much later. Someone typing "ice " is on the way to 🍦 ("ice cream"),
    /// not 🧊 ("ice", which they would have taken without the space), and "cara llorando " to 😂
    /// ("cara llorando de risa") more than 😢 ("cara llorando").
    static let completeNameCost: UInt8 = 2

    /// A word match costing `cost` in a segment of `localeRank` (0 or 1).
    @inline(__always)
    static func word(_ cost: MatchCost, localeRank: UInt8) -> RankKey {
        RankKey(bucket: firstWordMatch &+ cost.buckets &+ localeRank &* otherLocaleCost, matchClass: cost.matchClass)
    }

    /// A word match of `matchClass`, whole, in a segment of `localeRank`.
    @inline(__always)
    static func word(_ matchClass: MatchClass, localeRank: UInt8) -> RankKey {
        word(MatchCost(matchClass), localeRank: localeRank)
    }

    /// This key moved `penalty` buckets later, if it is a word match (at most to the last bucket).
    @inline(__always)
    func penalized(by penalty: UInt8) -> RankKey {
        let bucket = self.bucket
        guard bucket >= Self.firstWordMatch, penalty > 0, self != Self.none else { return self }
        let moved = UInt16(min(Int(bucket) + Int(penalty), 254))
        return RankKey(rawValue: moved << 4 | rawValue & 0xF)
    }

    /// Every result of a blank query (the catalog in CLDR order), reported as name prefixes.
    static let blankQuery = word(.namePrefix, localeRank: 0)
    /// A query of symbols only (`:+`, `<`) that starts a shortcode or emoticon, reported as a
    /// shortcode match.
    static let symbolPrefix = word(.shortcode, localeRank: 0)

    /// No match (above every key).
    static let none = RankKey(rawValue: UInt16.max)

    /// The relevance a key reports, which groups results in usage ranking.
    var relevance: SearchRelevance {
        guard bucket >= Self.firstWordMatch else { return self == Self.codePrefix ? .shortcode : .exact }
        return MatchClass(rawValue: UInt8(rawValue & 0xF))?.relevance ?? .typo
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
    /// Inside a name's word (scripts written without spaces, or a part of a compound when real
    /// matches are few: "denken" in "nachdenkendes").
    case insideNameWord
    /// Inside a keyword's or shortcode's word.
    case insideOtherWord
    /// The start of a word, when the whole word matches nothing but typos (``WordShortening``:
    /// "amorcito" by "amor").
    case shortenedWord
    /// A name's word, with one typo.
    case typoInName
    /// A keyword's or shortcode's word, with one typo.
    case otherTypo
    /// Some of the query's words but not all (a query of several words that nothing matches as
    /// a whole, even with a typo).
    case someWords

    /// The relevance results of this class report.
    var relevance: SearchRelevance {
        switch self {
        case .nameWord: .nameWord
        case .namePrefix: .namePrefix
        case .shortcode: .shortcode
        case .keyword: .keyword
        case .keywordPrefix: .keywordPrefix
        case .insideNameWord, .insideOtherWord: .substring
        case .shortenedWord: .shortenedWord
        case .typoInName, .otherTypo: .typo
        case .someWords: .someWords
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

/// What one word of a query costs where it matched, in buckets of ``RankKey`` (lower first),
/// and the ``MatchClass`` it reports. An entry's word-match bucket is its worst word's best
/// cost, plus the locale rank and the entry's prior penalty.
///
/// | match                                             | buckets                          |
/// |---------------------------------------------------|----------------------------------|
/// | a whole word of the name                          | 0                                |
/// | a whole keyword word                              | 2                                |
/// | the start of a name's word, more words follow     | 4                                |
/// | a shortcode's word, whole or its start            | 4                                |
/// | the start of a keyword's word, more words follow  | 8                                |
/// | the word still being typed, in a name             | 3 + word band (− 3 when whole)   |
/// | the word still being typed, in a keyword          | 6 + word band (− 3 when whole)   |
/// | the word still being typed, in a shortcode        | 7 + word band (− 3 when whole)   |
/// | inside a name's word (no spaces, compound parts)  | 10                               |
/// | inside another word                               | 12                               |
/// | the start of a word nothing matches but typos     | as the start, still being typed  |
/// | one typo, in a name / elsewhere                   | 16 / 18                          |
/// | some words only (``MatchClass/someWords``)        | worst matched word + 16 a miss   |
///
/// The word band (0 to 4) says how common the word the typed letters complete to is in the
/// segment's language: 0 from Zipf 6 (one use in a million words: "love", "good"), one more per
/// 0.8 below, 4 for a word without data. It has the emoji prior's scale (one bucket per 0.8
/// Zipf): how common a word is in text says less about what people look for in a picker than how
/// often they use the emoji, so it weighs no more. A word still being typed is read as the likely word
/// it becomes, so the whole word typed so far only gets three buckets over its completions:
/// "thumb" ranks 👍 ("thumbs") with 🫰 ("thumb"), and the common emoji first.
struct MatchCost: Sendable {
    var buckets: UInt8
    var matchClass: MatchClass

    /// A match of `matchClass` at its base cost (a whole word, or a prefix followed by more words).
    @inline(__always)
    init(_ matchClass: MatchClass) {
        self.matchClass = matchClass
        buckets =
            switch matchClass {
            case .nameWord: 0
            case .keyword: 2
            case .namePrefix, .shortcode: 4
            case .keywordPrefix: 8
            case .insideNameWord: 10
            case .insideOtherWord: 12
            case .shortenedWord: 3
            case .typoInName: 16
            case .otherTypo: 18
            case .someWords: 18
            }
    }

    @inline(__always)
    private init(buckets: UInt8, matchClass: MatchClass) {
        self.buckets = buckets
        self.matchClass = matchClass
    }

    /// The band of a word without data, or too rare to tell from one without.
    static let maximumWordBand: UInt8 = 4

    /// The word band of a word of Zipf frequency `frequency` × 10 (0 when unknown).
    @inline(__always)
    static func wordBand(_ frequency: UInt8) -> UInt8 {
        frequency >= 60 ? 0 : min((67 - frequency) / 8, maximumWordBand)
    }

    /// Buckets a whole word still being typed gains over its completions.
    static let wholeWordBonus: UInt8 = 3

    /// The word still being typed matched a word of a name (`isName`) or a keyword whose
    /// frequency is `frequency` (Zipf × 10); `isWhole` when it is the whole word.
    @inline(__always)
    static func completion(ofName isName: Bool, frequency: UInt8, isWhole: Bool) -> MatchCost {
        let base: UInt8 = isName ? 3 : 6
        return MatchCost(
            buckets: base + wordBand(frequency) - (isWhole ? wholeWordBonus : 0),
            matchClass: isName ? .nameWord : .keyword)
    }

    /// The word still being typed matched a shortcode's word: as a keyword, one bucket later
    /// (`weinendes_gesicht` is no better a match for "wein" than the keyword "weinen").
    @inline(__always)
    static func completion(ofShortcodeWithFrequency frequency: UInt8, isWhole: Bool) -> MatchCost {
        MatchCost(buckets: 7 + wordBand(frequency) - (isWhole ? wholeWordBonus : 0), matchClass: .shortcode)
    }
}
