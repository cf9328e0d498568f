import Moji

/// What `moji info` and `moji list --json` say about one emoji.
struct EmojiSummary: Encodable {
    var emoji: String
    var hexcode: String
    var name: String
    var group: String
    var groupName: String
    var subgroup: String
    var subgroupName: String
    var version: String
    var keywords: [String]
    var shortcodes: [String: [String]]
    var emoticons: [String]
    var skinTones: [String]
    var personCount: Int
    var toneVariants: [String]

    init(_ emoji: Emoji, in localized: LocalizedCatalog) {
        self.emoji = emoji.character
        hexcode = emoji.hexcode
        name = localized.name(of: emoji)
        group = emoji.group.identifier
        groupName = localized.name(of: emoji.group)
        subgroup = emoji.subgroup.identifier
        subgroupName = localized.name(of: emoji.subgroup)
        version = emoji.version.description
        keywords = localized.keywords(of: emoji)
        var shortcodes: [String: [String]] = [:]
        for preset in ShortcodePreset.allCases where preset != .cldr {
            let codes = emoji.shortcodes(preset)
            if !codes.isEmpty { shortcodes[preset.rawValue] = codes }
        }
        let cldr = localized.shortcodes(of: emoji)
        if !cldr.isEmpty { shortcodes["cldr"] = cldr }
        self.shortcodes = shortcodes
        emoticons = emoji.emoticons
        skinTones = emoji.skinTones.map(\.identifier)
        personCount = emoji.personCount
        toneVariants = emoji.skinToneVariants.map(\.character)
    }
}
