import Moji

/// Everything about one emoji in one locale: what `moji info --json` and `moji list --json` print and
/// what `GET /v1/emoji/{emoji}` and `GET /v1/emoji` answer, from this one definition so they never drift.
///
/// ```swift
/// let summary = EmojiSummary(catalog.emoji(for: "🎉")!, in: try catalog.localized(.english))
/// summary.hexcode   // "1F389"
/// ```
public struct EmojiSummary: Codable, Sendable, Hashable {
    /// The emoji itself, fully qualified.
    public var emoji: String
    /// Its code points in hex, e.g. `1F44D-1F3FD`.
    public var hexcode: String
    /// Its CLDR name in the locale.
    public var name: String
    /// Its group's identifier, e.g. `activities`.
    public var group: String
    /// Its group's name in the locale.
    public var groupName: String
    /// Its subgroup's identifier, e.g. `event`.
    public var subgroup: String
    /// Its subgroup's name in the locale.
    public var subgroupName: String
    /// The Emoji version that added it, e.g. `0.6`.
    public var version: String
    /// Its CLDR keywords in the locale.
    public var keywords: [String]
    /// Its shortcodes by preset (`github`, `slack`, `emojibase`, …, and `cldr` in the locale).
    public var shortcodes: [String: [String]]
    /// Emoticons that stand for it, e.g. `:)`.
    public var emoticons: [String]
    /// The skin tones of a toned form; empty for a neutral one.
    public var skinTones: [String]
    /// The number of people who take a tone each (2 for 🧑‍🤝‍🧑), else 1 or 0.
    public var personCount: Int
    /// Every toned form of a neutral emoji that has them.
    public var toneVariants: [String]

    /// The summary of `emoji` with names, keywords and CLDR shortcodes from `localized`.
    public init(_ emoji: Emoji, in localized: LocalizedCatalog) {
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
        // Slack writes a toned emoji as its base's code and a tone code (`:+1::skin-tone-4:`), as
        // `moji demojify --preset slack` does; shown so that `moji info 👍🏽` gives the code to type.
        if shortcodes[ShortcodePreset.slack.rawValue] == nil, emoji.skinTones.count == 1,
            let tone = emoji.skinTones.first, emoji.neutral != emoji
        {
            let toned = emoji.neutral.shortcodes(.slack).map { "\($0)::skin-tone-\(tone.rawValue + 1)" }
            if !toned.isEmpty { shortcodes[ShortcodePreset.slack.rawValue] = toned }
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
