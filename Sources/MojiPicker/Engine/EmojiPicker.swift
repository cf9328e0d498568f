import Moji

/// The brain of an emoji grid, with no UI code: sections, a grid of N columns, selection,
/// keyboard commands, the skin-tone popover, the query and the preview. A terminal, a web page
/// or a SwiftUI view draws ``sections`` with ``layout`` and sends key presses to ``handle(_:)``.
///
/// ```swift
/// var picker = try EmojiPicker(configuration: PickerConfiguration(locale: "en"), history: store, columns: 10)
/// picker.handle(.insert("party"))       // search; the first result is selected
/// picker.preview?.name                  // "party popper"
/// if case .picked(let pick) = picker.handle(.enter) {
///     insert(pick.text)
///     try store.record(pick)            // the host records the pick, when it suits it
///     picker.reloadHistory()            // and shows it in Recent, when it wants to
/// }
/// ```
///
/// It is a value: copy it to keep an undo state, or hold it in a view model. Every change goes
/// through a `mutating` method; reading is free of side effects.
///
/// The picker never writes its history, and reads it only when it opens and when the host
/// calls ``reloadHistory()``, so a key press never waits on storage. A pick comes back as
/// ``PickerEvent/picked(_:)``: the host inserts it and records it with
/// ``PickerHistory/record(_:)``, on the main thread or in the background, then, when it wants
/// the lists to show the pick, calls ``reloadHistory()`` or hands over a snapshot it read
/// itself with ``setSnapshot(_:)``. Tones chosen in the popover show at once.
///
/// ## Topics
///
/// ### Content
///
/// - ``sections``
/// - ``hiddenCount``
/// - ``setMaximumVersion(_:)``
/// - ``layout``
/// - ``item(at:)``
/// - ``accessibilityLabel(of:)``
/// - ``preview``
///
/// ### Query
///
/// - ``query``
/// - ``setQuery(_:)``
///
/// ### Grid
///
/// - ``setColumns(_:)``
/// - ``pageRows``
///
/// ### Selection
///
/// - ``selection``
/// - ``selectedItem``
/// - ``selectedItems``
/// - ``select(_:)``
/// - ``showSection(_:)``
///
/// ### Commands
///
/// - ``handle(_:)``
/// - ``pick(at:)``
/// - ``popover``
///
/// ### History
///
/// - ``snapshot``
/// - ``reloadHistory()``
/// - ``setSnapshot(_:)``
/// - ``historyError``
public struct EmojiPicker: Sendable {
    /// The catalog shown.
    public let catalog: EmojiCatalog
    /// What the picker shows and how it behaves.
    public internal(set) var configuration: PickerConfiguration
    /// Names, keywords and group titles in the configured locale.
    public let localized: LocalizedCatalog
    /// The picker's own words (section titles, hints, key help) in the configured locale.
    public let strings: PickerStrings
    let search: EmojiSearch
    let history: (any PickerHistory)?
    /// The emoji of each Unicode group that the configuration allows, neutral, in CLDR order.
    var groupEmoji: [(group: EmojiGroup, emoji: [Emoji])]
    /// How many emoji of the catalog ``PickerConfiguration/maximumVersion`` hides, each counted
    /// once (an emoji's skin-tone variants are not counted apart): the number a front end shows,
    /// with how to show them, so that nothing disappears without a word. 0 when nothing is hidden.
    public private(set) var hiddenCount: Int

    /// What the history said when last read (the picker's own tone choices applied since).
    public internal(set) var snapshot: PickerHistorySnapshot
    /// The sections shown without a query.
    var browsingSections: [PickerSection] = []
    /// The sections shown: the configured ones without a query, the results with one. Never
    /// holds an empty section.
    public internal(set) var sections: [PickerSection] = []
    /// Where each section and cell is in the grid.
    public internal(set) var layout: PickerLayout
    /// The search text; results replace the sections while it holds more than white space.
    public internal(set) var query = ""
    /// The selected cell (the cursor in ``PickerSelectionMode/multiple``); nil for none.
    public internal(set) var selection: PickerPosition?
    /// The items chosen with ``PickerCommand/toggleSelection``, in the order chosen.
    public internal(set) var selectedItems: [SearchItem] = []
    /// The open skin-tone popover, or nil.
    public internal(set) var popover: SkinTonePopover?
    /// How many rows PageUp and PageDown move: the UI sets it to the rows it shows.
    public var pageRows = 5
    /// The last failure to read the history; the picker works on without its lists.
    public internal(set) var historyError: (any Error)?

    /// Whether the selection was put on the first result by the picker rather than by the person:
    /// such a selection follows the first result as the query changes.
    var selectionIsAutomatic = false
    /// The column vertical moves aim for, so passing a short row does not lose it.
    var stickyColumn = 0

    /// A picker of `catalog` showing the lists of `history`, read once now (none: no lists), laid
    /// out in `columns` columns.
    ///
    /// - Throws: ``/Moji/CatalogError/unknownLocale(requested:closest:)`` for a locale the catalog lacks.
    public init(
        catalog: EmojiCatalog = .shared, configuration: PickerConfiguration = PickerConfiguration(),
        history: (any PickerHistory)? = nil, columns: Int = 8
    ) throws(CatalogError) {
        self.catalog = catalog
        self.configuration = configuration
        self.history = history
        localized = try catalog.localized(configuration.locale)
        strings = PickerStrings(for: localized.locale)
        search = try EmojiSearch(
            catalog: catalog, locale: localized.locale,
            customEmoji: configuration.customEmojiSets.flatMap(\.emoji))
        (groupEmoji, hiddenCount) = Self.groupEmoji(of: catalog, upTo: configuration.maximumVersion)
        snapshot = PickerHistorySnapshot()
        layout = PickerLayout(itemCounts: [], columns: columns)
        reloadHistory()
    }

    // MARK: Reading

    /// The number of columns.
    public var columns: Int { layout.columns }

    /// Whether a query is set (the sections are search results).
    public var isSearching: Bool { query.contains { !$0.isWhitespace } }

    /// The item at a position, or nil past the items.
    public func item(at position: PickerPosition) -> SearchItem? {
        layout.itemIndex(at: position).map { sections[position.section].items[$0] }
    }

    /// The item of the selected cell.
    public var selectedItem: SearchItem? { selection.flatMap(item(at:)) }

    /// The name, shortcodes and keywords of what is selected: the tones chosen in the popover
    /// when it is open.
    public var preview: PickerPreview? {
        if let popover { return popover.result.map { PickerPreview(.emoji($0), in: localized) } }
        return selectedItem.map { PickerPreview($0, in: localized) }
    }

    /// The label a screen reader says for a cell: the CLDR name in the picker's locale, with the
    /// tone names of a toned emoji ("waving hand: medium skin tone").
    public func accessibilityLabel(of item: SearchItem) -> String {
        switch item {
        case .emoji(let emoji): localized.name(of: emoji)
        case .custom(let custom): custom.name.isEmpty ? custom.code : custom.name
        }
    }

    /// The label of the cell at a position, or nil past the items.
    public func accessibilityLabel(at position: PickerPosition) -> String? {
        item(at: position).map(accessibilityLabel(of:))
    }

    /// The label of a tone option in the popover: the name of the sequence it would give.
    public func accessibilityLabel(ofOption tone: SkinTone, inRow row: Int) -> String? {
        popover?.option(tone, inRow: row).map { localized.name(of: $0) }
    }

    /// The index in ``sections`` of the section with this identifier.
    public func sectionIndex(of id: PickerSectionID) -> Int? { sections.firstIndex { $0.id == id } }

    // MARK: Changing

    /// Sets the search text. The first result is selected, unless the person had selected an
    /// item that is still shown; clearing the query keeps the selected item where it is shown.
    public mutating func setQuery(_ text: String) {
        guard text != query else { return }
        let anchor = selectionAnchor
        let followsFirst = selectionIsAutomatic || selection == nil
        query = text
        popover = nil
        rebuild(keeping: followsFirst && isSearching ? nil : anchor)
        if isSearching, selection == nil, configuration.selectionMode != .none, let first = layout.first {
            selection = first
            selectionIsAutomatic = true
            stickyColumn = 0
        }
    }

    /// Lays the grid out in `columns` columns; the selection stays on its item.
    public mutating func setColumns(_ columns: Int) {
        let selected = selection.flatMap { position in layout.itemIndex(at: position).map { (position.section, $0) } }
        layout = PickerLayout(itemCounts: sections.map(\.items.count), columns: columns)
        selection = selected.map { layout.position(ofItem: $0.1, inSection: $0.0) }
        if let selection {
            stickyColumn = selection.column
            popover?.anchor = selection
        }
    }

    /// Selects a cell (a click or a tap); nil clears the selection.
    public mutating func select(_ position: PickerPosition?) {
        guard configuration.selectionMode != .none else { return }
        selection = position.flatMap { item(at: $0) == nil ? nil : $0 }
        selectionIsAutomatic = false
        stickyColumn = selection?.column ?? 0
        popover = nil
    }

    /// Selects the first cell of a section (a click on a group tab); returns whether it is shown.
    @discardableResult
    public mutating func showSection(_ id: PickerSectionID) -> Bool {
        guard let index = sectionIndex(of: id) else { return false }
        select(PickerPosition(section: index, row: 0, column: 0))
        return true
    }

    /// Picks the item at a position (a click or a tap), as Enter would: the host records it.
    public mutating func pick(at position: PickerPosition) -> PickerEvent? {
        guard let item = item(at: position) else { return nil }
        return commitPick([item])
    }

    /// Reads the history again, synchronously (the host recorded a pick, or another process
    /// did), and shows it as ``setSnapshot(_:)`` does.
    public mutating func reloadHistory() {
        guard let history else { return setSnapshot(snapshot) }
        do {
            setSnapshot(try history.pickerSnapshot())
        } catch {
            historyError = error
            setSnapshot(snapshot)
        }
    }

    /// Shows a snapshot of the history that the host read itself (in the background, say),
    /// rebuilding the sections and keeping the selection on its item. Tones picked in this
    /// picker count even if the snapshot does not have them yet.
    public mutating func setSnapshot(_ newSnapshot: PickerHistorySnapshot) {
        let anchor = selectionAnchor
        let tones = snapshot.skinTones
        snapshot = newSnapshot
        snapshot.skinTones.merge(tones) { stored, _ in stored }
        browsingSections = makeBrowsingSections()
        rebuild(keeping: anchor)
    }

    /// Shows only emoji up to `version` from now on (nil: all), as
    /// ``PickerConfiguration/maximumVersion`` does from the start: for a front end that learns
    /// what its screen draws only once the picker is open (a terminal that answers late, a web
    /// page's canvas test). The selection stays on its item while it is shown.
    public mutating func setMaximumVersion(_ version: EmojiVersion?) {
        guard version != configuration.maximumVersion else { return }
        configuration.maximumVersion = version
        (groupEmoji, hiddenCount) = Self.groupEmoji(of: catalog, upTo: version)
        setSnapshot(snapshot)
    }

    // MARK: Sections

    /// The neutral emoji of each group up to `maximum`, and how many that leaves out.
    static func groupEmoji(
        of catalog: EmojiCatalog, upTo maximum: EmojiVersion?
    ) -> ([(group: EmojiGroup, emoji: [Emoji])], hidden: Int) {
        var hidden = 0
        let groups = catalog.groups.map { group in
            let emoji = catalog.emojis(in: group)
            guard let maximum else { return (group, emoji) }
            let shown = emoji.filter { $0.version <= maximum }
            hidden += emoji.count - shown.count
            return (group, shown)
        }
        return (groups, hidden)
    }

    func title(of id: PickerSectionID) -> String {
        if let title = configuration.titles[id] { return title }
        switch id {
        case .group(let identifier):
            return catalog.group(identifier).map { localized.name(of: $0) } ?? identifier
        case .customSet(let identifier):
            return configuration.customEmojiSets.first { $0.id == identifier }?.title ?? identifier
        default:
            return strings.title(of: id) ?? id.description
        }
    }

    func makeBrowsingSections() -> [PickerSection] {
        var result: [PickerSection] = []
        func add(_ id: PickerSectionID, _ items: [SearchItem]) {
            guard !items.isEmpty, !result.contains(where: { $0.id == id }) else { return }
            result.append(PickerSection(id: id, title: title(of: id), items: items))
        }
        func groupItems(_ group: EmojiGroup) -> [SearchItem] {
            (groupEmoji.first { $0.group == group }?.emoji ?? []).map {
                .emoji(snapshot.displayed($0, maximumVersion: configuration.maximumVersion))
            }
        }
        func customItems(_ set: CustomEmojiSet) -> [SearchItem] { set.emoji.map { .custom($0) } }
        for kind in configuration.sections {
            switch kind {
            case .frequent: add(.frequent, available(snapshot.frequent))
            case .pinned: add(.pinned, available(snapshot.pinned))
            case .recent: add(.recent, available(snapshot.recent))
            case .group(let group): add(.group(group.identifier), groupItems(group))
            case .allGroups:
                for (group, _) in groupEmoji { add(.group(group.identifier), groupItems(group)) }
            case .customSet(let identifier):
                if let set = configuration.customEmojiSets.first(where: { $0.id == identifier }) {
                    add(.customSet(set.id), customItems(set))
                }
            case .allCustomSets:
                for set in configuration.customEmojiSets { add(.customSet(set.id), customItems(set)) }
            }
        }
        return result
    }

    /// The items a history list holds that the configuration allows.
    func available(_ items: [SearchItem]) -> [SearchItem] {
        guard let maximum = configuration.maximumVersion else { return items }
        return items.filter { item in
            if case .emoji(let emoji) = item { return emoji.version <= maximum }
            return true
        }
    }

    func searchSections() -> [PickerSection] {
        var options = SearchOptions(
            limit: configuration.searchLimit, ranking: configuration.searchRanking,
            usage: snapshot.usage, maximumVersion: configuration.maximumVersion,
            blankQuery: .nothing)
        // What the person picked after this query (or a longer one it starts) comes first.
        if !snapshot.learnedPicks.isEmpty { options.learnedPicks = snapshot.learnedPicks.picks(for: query) }
        let items = search.results(for: query, options: options).map { result -> SearchItem in
            if case .emoji(let emoji) = result.item {
                return .emoji(snapshot.displayed(emoji, maximumVersion: configuration.maximumVersion))
            }
            return result.item
        }
        guard !items.isEmpty else { return [] }
        return [PickerSection(id: .searchResults, title: title(of: .searchResults), items: items)]
    }

    /// Shows the sections for the current query and puts the selection back on its item.
    mutating func rebuild(keeping anchor: SelectionAnchor?) {
        sections = isSearching ? searchSections() : browsingSections
        layout = PickerLayout(itemCounts: sections.map(\.items.count), columns: layout.columns)
        if configuration.selectionMode == .none {
            selection = nil
        } else {
            selection = anchor.flatMap(locate)
            if selection == nil { selectionIsAutomatic = false }
        }
        if let popover, popover.anchor != selection || selection == nil {
            if let selection, case .emoji(let emoji)? = item(at: selection), emoji.neutral == popover.emoji {
                self.popover?.anchor = selection
            } else {
                self.popover = nil
            }
        }
    }

    // MARK: Keeping the selection

    /// What the selection is on, to find it again after the sections change.
    struct SelectionAnchor {
        var section: PickerSectionID
        var item: SearchItem
    }

    var selectionAnchor: SelectionAnchor? {
        guard let selection, let item = item(at: selection) else { return nil }
        return SelectionAnchor(section: sections[selection.section].id, item: item)
    }

    /// The anchor's item in its own section, else in a Unicode group, else anywhere.
    func locate(_ anchor: SelectionAnchor) -> PickerPosition? {
        func find(in sectionIndex: Int) -> PickerPosition? {
            sections[sectionIndex].items.firstIndex { Self.isSame($0, anchor.item) }
                .map { layout.position(ofItem: $0, inSection: sectionIndex) }
        }
        if let index = sectionIndex(of: anchor.section), let found = find(in: index) { return found }
        for (index, section) in sections.enumerated() {
            if case .group = section.id, let found = find(in: index) { return found }
        }
        for index in sections.indices { if let found = find(in: index) { return found } }
        return nil
    }

    /// Whether two items are the same emoji, whatever their tones.
    static func isSame(_ lhs: SearchItem, _ rhs: SearchItem) -> Bool {
        switch (lhs, rhs) {
        case (.emoji(let a), .emoji(let b)): a.neutral == b.neutral
        case (.custom(let a), .custom(let b)): a.code == b.code
        default: false
        }
    }
}
