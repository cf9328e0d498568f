import Moji

/// What a picker shows and how it behaves; every property has a sensible default.
///
/// ```swift
/// var configuration = PickerConfiguration(locale: "ja")
/// configuration.sections = [.recent, .allGroups]      // no frequent, no pinned
/// configuration.maximumVersion = ApplePlatform.iOS.emojiVersion(for: "17.4")
/// configuration.selectionMode = .multiple
/// ```
public struct PickerConfiguration: Sendable {
    /// The language of names, keywords and titles; search also reads English.
    public var locale: MojiLocale
    /// Which sections appear, in this order (empty ones are hidden). A query shows the search
    /// results instead.
    public var sections: [PickerSectionKind]
    /// Only emoji up to this Emoji version (what the screen can draw); nil for all.
    ///
    /// This is the one way every front end hides what it cannot draw: the sections, the history's
    /// lists and the search results all leave newer emoji out, and ``EmojiPicker/hiddenCount``
    /// says how many. Where the version comes from is the front end's business: a terminal asks
    /// how wide it draws one emoji of each version (`moji pick`), Linux reads the emoji font's
    /// coverage (`moji list --supported`), an Apple app reads `ApplePlatform.current`, a web
    /// page draws each version on a canvas.
    public var maximumVersion: EmojiVersion?
    /// Custom emoji sets, shown where ``PickerSectionKind/allCustomSets`` or
    /// ``PickerSectionKind/customSet(_:)`` stands, and searched.
    public var customEmojiSets: [CustomEmojiSet]
    /// Whether cells can be selected: not at all, one, or several.
    public var selectionMode: PickerSelectionMode
    /// The order of search results; ``/Moji/SearchRanking/usage`` ranks by the history's scores
    /// within each relevance group.
    public var searchRanking: SearchRanking
    /// The most search results shown.
    public var searchLimit: Int
    /// Titles that replace the built-in ones, by section.
    public var titles: [PickerSectionID: String]

    public init(
        locale: MojiLocale = .english, sections: [PickerSectionKind] = PickerSectionKind.standard,
        maximumVersion: EmojiVersion? = nil, customEmojiSets: [CustomEmojiSet] = [],
        selectionMode: PickerSelectionMode = .single, searchRanking: SearchRanking = .usage,
        searchLimit: Int = 400, titles: [PickerSectionID: String] = [:]
    ) {
        self.locale = locale
        self.sections = sections
        self.maximumVersion = maximumVersion
        self.customEmojiSets = customEmojiSets
        self.selectionMode = selectionMode
        self.searchRanking = searchRanking
        self.searchLimit = searchLimit
        self.titles = titles
    }
}

/// A kind of section a picker can show, for ``PickerConfiguration/sections``.
public enum PickerSectionKind: Sendable, Hashable {
    /// The history's frequent list: the most used emoji by usage score ("Frequently Used").
    case frequent
    /// The history's pinned list, in the person's order ("Favorites").
    case pinned
    /// The history's recent list: the most recently used emoji ("Recent").
    case recent
    /// One Unicode group.
    case group(EmojiGroup)
    /// Every Unicode group, in CLDR order.
    case allGroups
    /// One custom emoji set, by its identifier.
    case customSet(String)
    /// Every custom emoji set, in the configured order.
    case allCustomSets

    /// Frequent, pinned, recent, the Unicode groups, then the custom sets.
    public static let standard: [PickerSectionKind] = [.frequent, .pinned, .recent, .allGroups, .allCustomSets]
}

/// Whether and how many cells a picker selects.
public enum PickerSelectionMode: Sendable, Hashable {
    /// No selection: the grid only picks what is clicked or tapped (``EmojiPicker/pick(at:)``).
    case none
    /// One selected cell, moved with the arrows; Enter picks it.
    case single
    /// A cursor moved with the arrows; ``PickerCommand/toggleSelection`` adds or removes the
    /// item under it, and Enter picks all selected items.
    case multiple
}
