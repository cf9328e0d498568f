/// How ``EmojiSearch`` orders, filters and limits its results.
///
/// ```swift
/// var options = SearchOptions(limit: 20, ranking: .usage)
/// options.usage = UsageScores(["👍": 12, "🎉": 3])
/// options.maximumVersion = ApplePlatform.iOS.emojiVersion(for: "17.4")
/// options.skinTones = .preferred(.medium)
/// ```
public struct SearchOptions: Sendable {
    /// The most results to return; nil for all.
    public var limit: Int?
    /// The order of the results.
    public var ranking: SearchRanking
    /// Scores for ``SearchRanking/usage``; without them usage ranking is relevance ranking.
    public var usage: (any UsageScoring)?
    /// Only emoji up to this Emoji version (custom emoji always pass).
    public var maximumVersion: EmojiVersion?
    /// Only emoji of these groups (custom emoji belong to none and are left out); nil for all.
    public var groups: Set<EmojiGroup>?
    /// Neutral forms only, neutral forms with a preferred tone applied, or every toned form too.
    public var skinTones: SkinToneVariants
    /// What a query without words or symbols returns.
    public var blankQuery: BlankQueryResults
    /// Whether registered custom emoji are searched.
    public var includesCustomEmoji: Bool
    /// Which of GitHub's and Slack's shortcodes wins where they differ (`:satellite:` is 📡 on
    /// GitHub, 🛰️ on Slack): `.github` (the default) or `.slack`.
    public var preferredShortcodes: ShortcodePreset
    /// Whether words of four or more letters may match with one typo when exact matches are
    /// fewer than the limit, and a word that matches nothing but typos by its start
    /// (``SearchRelevance/shortenedWord``).
    public var allowsTypos: Bool
    /// What this person picked after typing this query before, shown first (see ``LearnedPicks``).
    public var learnedPicks: LearnedPicks?

    public init(
        limit: Int? = nil, ranking: SearchRanking = .relevance, usage: (any UsageScoring)? = nil,
        maximumVersion: EmojiVersion? = nil, groups: Set<EmojiGroup>? = nil, skinTones: SkinToneVariants = .neutral,
        blankQuery: BlankQueryResults = .catalogOrder, includesCustomEmoji: Bool = true,
        preferredShortcodes: ShortcodePreset = .github, allowsTypos: Bool = true
    ) {
        self.preferredShortcodes = preferredShortcodes
        self.limit = limit
        self.ranking = ranking
        self.usage = usage
        self.maximumVersion = maximumVersion
        self.groups = groups
        self.skinTones = skinTones
        self.blankQuery = blankQuery
        self.includesCustomEmoji = includesCustomEmoji
        self.allowsTypos = allowsTypos
    }

    /// These options restricted to the emoji an Apple OS release can show.
    ///
    /// ```swift
    /// let options = SearchOptions().available(on: .iOS, "17.4")   // up to Emoji 15.1
    /// ```
    public func available(on platform: ApplePlatform, _ version: OSVersion) -> SearchOptions {
        var options = self
        options.maximumVersion = platform.emojiVersion(for: version) ?? EmojiVersion(0, 0)
        return options
    }
}

/// The order of search results.
public enum SearchRanking: String, Sendable, CaseIterable {
    /// Exact shortcode or name first, then name words, name-word prefixes, shortcodes, keywords,
    /// keyword prefixes, matches inside words and typos; ties in CLDR order.
    case relevance
    /// The relevance groups (``SearchRelevance``) in order, each ordered by the caller's
    /// ``UsageScoring``, most used first.
    case usage
    /// By name in the search's first locale, in that language's alphabetical order.
    case alphabetical
}

/// Which skin-tone forms search returns.
public enum SkinToneVariants: Sendable, Hashable {
    /// Only the neutral forms (👍).
    case neutral
    /// The neutral forms, each replaced by its form with this tone when Unicode has one (👍🏽).
    case preferred(SkinTone)
    /// Each neutral form followed by all its toned forms.
    case all
}

/// What a blank query (empty, white space or punctuation only) returns.
public enum BlankQueryResults: Sendable, Hashable {
    /// Every emoji in CLDR order (most used first with usage ranking), filtered and limited.
    case catalogOrder
    /// No results.
    case nothing
}
