import Moji

/// What a picker shows about the selected emoji: its localized name, shortcodes and keywords.
public struct PickerPreview: Sendable, Hashable {
    /// The emoji or custom emoji, tones applied.
    public let item: SearchItem
    /// The CLDR name in the picker's locale, tone names included ("waving hand: medium skin tone").
    public let name: String
    /// Shortcodes without colons: GitHub's, Slack's, then the locale's CLDR ones.
    public let shortcodes: [String]
    /// The CLDR keywords in the picker's locale.
    public let keywords: [String]

    public init(item: SearchItem, name: String, shortcodes: [String], keywords: [String]) {
        self.item = item
        self.name = name
        self.shortcodes = shortcodes
        self.keywords = keywords
    }

    init(_ item: SearchItem, in localized: LocalizedCatalog) {
        switch item {
        case .emoji(let emoji):
            var codes: [String] = []
            for code in emoji.shortcodes(.github) + emoji.shortcodes(.slack) + localized.shortcodes(of: emoji)
            where !codes.contains(code) {
                codes.append(code)
            }
            self.init(
                item: item, name: localized.name(of: emoji), shortcodes: codes, keywords: localized.keywords(of: emoji))
        case .custom(let custom):
            self.init(
                item: item, name: custom.name.isEmpty ? custom.code : custom.name, shortcodes: [custom.code],
                keywords: custom.keywords)
        }
    }
}
