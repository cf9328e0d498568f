import Moji

/// Identifies a section across changes of query, columns and history.
public enum PickerSectionID: Sendable, Hashable, CustomStringConvertible {
    /// The frequent list, titled "Frequently Used".
    case frequent
    /// The pinned list, titled "Favorites".
    case pinned
    /// The recent list, titled "Recent".
    case recent
    /// A Unicode group, by identifier (`smileys-emotion`).
    case group(String)
    /// A custom emoji set, by its ``CustomEmojiSet/id``.
    case customSet(String)
    /// The results of the current query.
    case searchResults

    public var description: String {
        switch self {
        case .frequent: "frequent"
        case .pinned: "pinned"
        case .recent: "recent"
        case .group(let identifier): identifier
        case .customSet(let identifier): "custom:\(identifier)"
        case .searchResults: "search-results"
        }
    }
}

/// One titled run of cells in the grid: a Unicode group, the recents, the search results…
///
/// Items are shown as the person wants them: emoji that take skin tones carry the preferred tone.
public struct PickerSection: Sendable, Hashable, Identifiable {
    /// What this section is.
    public let id: PickerSectionID
    /// The localized title ("Smileys & Emotion", "Recent", "最近使用").
    public let title: String
    /// The cells, in order.
    public let items: [SearchItem]

    public init(id: PickerSectionID, title: String, items: [SearchItem]) {
        self.id = id
        self.title = title
        self.items = items
    }
}

extension SearchItem {
    /// What identifies the item whatever tones it shows: the neutral emoji or `:code:`.
    var pickerKey: String {
        switch self {
        case .emoji(let emoji): emoji.neutral.character
        case .custom(let custom): ":\(custom.code):"
        }
    }
}
