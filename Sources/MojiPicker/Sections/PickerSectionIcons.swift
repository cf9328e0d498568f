import Moji

/// The emoji that stands for a section on a tab bar, the same in the terminal picker and the web
/// picker (which gets them in `GET /v1/picker-data`): a fixed emoji per Unicode group, chosen to
/// read as the group (🔣 for Symbols, where the group's first emoji, 🏧, reads as "ATM"), and one
/// per list of the picker's own.
public enum PickerSectionIcons {
    /// The icon of `id`; nil for a custom set (shown by its own image or letters) and for a group
    /// a later Unicode version adds (shown by its first emoji).
    public static func icon(of id: PickerSectionID) -> String? {
        switch id {
        case .frequent: "🔥"
        case .pinned: "⭐"
        case .recent: "🕘"
        case .searchResults: "🔎"
        case .group(let identifier): groups[identifier]
        case .customSet: nil
        }
    }

    /// Every icon, by the section's ``PickerSectionID/description`` (`frequent`, `recent`,
    /// `smileys-emotion`, …).
    public static var all: [String: String] {
        var icons = groups
        for id in [PickerSectionID.frequent, .pinned, .recent, .searchResults] {
            icons[id.description] = icon(of: id)
        }
        return icons
    }

    private static let groups = [
        "smileys-emotion": "😀", "people-body": "👋", "animals-nature": "🐻", "food-drink": "🍔",
        "travel-places": "🚗", "activities": "⚽", "objects": "💡", "symbols": "🔣", "flags": "🏁",
    ]
}
