import Moji
import MojiPicker
import MojiStore

/// Only what `<moji-picker>` draws, in one locale: what `GET /v1/picker-data` answers.
///
/// The picker needs no keywords (search runs on the server), no hexcodes and no subgroups, and the
/// toned forms of an emoji follow from one or two templates: English comes to about 37 KB gzipped,
/// against about 100 KB for `GET /v1/emoji`.
///
/// ```json
/// {"groups":[{"emoji":[{"emoji":"👋","name":"waving hand","shortcodes":["wave","waving_hand"],
///   "toneTemplates":["👋{}"],"version":"0.6"}, …],"identifier":"people-body","name":"People & Body"}, …],
///  "locale":"en","strings":{"frequent":"Frequently Used",…},
///  "toneNames":["light skin tone",…]}
/// ```
public struct PickerData: Codable, Sendable, Hashable {
    /// A group with its localized name and its neutral emoji in CLDR order.
    public struct Group: Codable, Sendable, Hashable {
        /// The identifier, e.g. `food-drink`.
        public var identifier: String
        /// The name in the locale.
        public var name: String
        /// Its emoji, neutral forms only.
        public var emoji: [Item]
    }

    /// One neutral emoji: what a cell, its label, the preview and the tone popover need.
    public struct Item: Codable, Sendable, Hashable {
        /// The emoji itself, fully qualified.
        public var emoji: String
        /// Its CLDR name in the locale.
        public var name: String
        /// The Emoji version that added it, e.g. `0.6` (the picker hides versions the browser cannot draw).
        public var version: String
        /// Its shortcodes without repeats, GitHub's first, then Slack's, emojibase's and CLDR's in the
        /// locale; absent when it has none.
        public var shortcodes: [String]?
        /// Its toned forms as templates, each `{}` standing for one skin-tone modifier (U+1F3FB–U+1F3FF);
        /// absent for an emoji without tones. See ``ToneTemplates``.
        public var toneTemplates: [String]?
        /// Its toned forms, listed, only when templates cannot describe them exactly (say, a
        /// `max-version` that keeps only some of a two-person emoji's forms).
        public var toneVariants: [String]?
    }

    /// The locale the names are in, as the catalog resolved it.
    public var locale: String
    /// The groups that have emoji, in CLDR order.
    public var groups: [Group]
    /// The picker's own words in the locale (section titles, labels, messages), by
    /// ``/MojiPicker/PickerStrings/Key``: the table the terminal picker reads too.
    public var strings: [String: String]
    /// The CLDR names of the five skin tones in the locale, light to dark.
    public var toneNames: [String]
    /// The emoji that stands for each section on the tab bar, by section (`frequent`, `pinned`,
    /// `recent`, a group's identifier): ``/MojiPicker/PickerSectionIcons``, as the terminal draws them.
    public var icons: [String: String]
    /// What a new user's Frequently Used shows before their first pick, best first: the store's
    /// ``/MojiStore/StoreConfiguration/defaultFrequentEmoji``, as the CLI and the terminal picker
    /// seed it (only those within the maximum version).
    public var defaultFrequent: [String]

    /// The picker's data for `localized`, without emoji (and toned forms) newer than `maximumVersion`.
    public init(
        catalog: EmojiCatalog, localized: LocalizedCatalog, upTo maximumVersion: EmojiVersion? = nil,
        defaultFrequent: [String] = StoreConfiguration.bundledFrequentEmoji
    ) {
        locale = localized.locale.identifier
        self.defaultFrequent = defaultFrequent.filter { text in
            guard let emoji = catalog.emoji(for: text) else { return false }
            return maximumVersion.map { emoji.version <= $0 } ?? true
        }
        strings = PickerStrings(for: localized.locale).words
        icons = PickerSectionIcons.all
        toneNames = SkinTone.allCases.map { tone in
            catalog.emoji(for: String(tone.modifier)).map { localized.name(of: $0) } ?? "\(tone)"
        }
        var byGroup: [String: [Item]] = [:]
        for emoji in catalog.emojis where !emoji.hasSkinTones && !emoji.isComponent {
            if let maximumVersion, emoji.version > maximumVersion { continue }
            byGroup[emoji.group.identifier, default: []].append(Item(emoji, in: localized, upTo: maximumVersion))
        }
        groups = catalog.groups.compactMap { group in
            guard let items = byGroup[group.identifier], !items.isEmpty else { return nil }
            return Group(identifier: group.identifier, name: localized.name(of: group), emoji: items)
        }
    }
}

extension PickerData.Item {
    init(_ emoji: Emoji, in localized: LocalizedCatalog, upTo maximumVersion: EmojiVersion?) {
        self.emoji = emoji.character
        name = localized.name(of: emoji)
        version = emoji.version.description
        var codes: [String] = []
        for preset in ShortcodePreset.allCases {
            let found = preset == .cldr ? localized.shortcodes(of: emoji) : emoji.shortcodes(preset)
            for code in found where !codes.contains(code) { codes.append(code) }
        }
        shortcodes = codes.isEmpty ? nil : codes
        let variants = emoji.skinToneVariants.filter { variant in maximumVersion.map { variant.version <= $0 } ?? true }
            .map(\.character)
        guard !variants.isEmpty else { return }
        if let templates = ToneTemplates.describing(variants) {
            toneTemplates = templates
        } else {
            toneVariants = variants
        }
    }
}

/// Toned forms written as templates: `👋{}` for the five forms of 👋, `🧑{}‍🤝‍🧑{}` for the 25 of
/// 🧑‍🤝‍🧑, and `["👫{}", "👩{}‍🤝‍👨{}"]` for 👫, whose equal tones use one sequence (👫🏻) and
/// differing tones another (👩🏻‍🤝‍👨🏿).
///
/// A template with one `{}` per person (n of them) gives every combination of tones; when a
/// second template with a single `{}` exists (only when n > 1), equal tones use it instead.
/// These are the rules `picker.js` expands, so a template list is sent only when expanding it
/// gives exactly the Unicode sequences, no more and no fewer.
public enum ToneTemplates {
    /// The placeholder for one skin-tone modifier.
    public static let placeholder = "{}"

    /// Templates that expand to exactly `variants`, or nil when these rules cannot describe them.
    public static func describing(_ variants: [String]) -> [String]? {
        var templates: [String] = []
        for variant in variants {
            let template = self.template(of: variant)
            if !templates.contains(template) { templates.append(template) }
        }
        // The one-tone template first: the order `expand` and the picker read them in.
        templates.sort { placeholders(in: $0) < placeholders(in: $1) }
        guard templates.count <= 2, let expanded = expand(templates),
            expanded.count == variants.count, Set(expanded) == Set(variants)
        else { return nil }
        return templates
    }

    /// Every sequence `templates` stand for, in tone order (light first, the first person's tone
    /// varying slowest); nil for templates the rules do not cover.
    public static func expand(_ templates: [String]) -> [String]? {
        let counts = templates.map(placeholders(in:))
        guard let all = templates.last, let persons = counts.last, persons > 0 else { return nil }
        let equal: String?
        switch templates.count {
        case 1: equal = nil
        case 2 where counts[0] == 1 && persons > 1: equal = templates[0]
        default: return nil
        }
        let tones = SkinTone.allCases
        var result: [String] = []
        var combination = [Int](repeating: 0, count: persons)
        repeat {
            if let equal, combination.allSatisfy({ $0 == combination[0] }) {
                result.append(fill(equal, with: [tones[combination[0]]]))
            } else {
                result.append(fill(all, with: combination.map { tones[$0] }))
            }
        } while advance(&combination, base: tones.count)
        return result
    }

    private static func template(of variant: String) -> String {
        var result = ""
        for scalar in variant.unicodeScalars {
            if SkinTone(modifier: scalar) != nil {
                result.unicodeScalars.append(contentsOf: placeholder.unicodeScalars)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func placeholders(in template: String) -> Int { parts(of: template).count - 1 }

    private static func fill(_ template: String, with tones: [SkinTone]) -> String {
        let parts = parts(of: template)
        var result = String.UnicodeScalarView(parts[0])
        for (index, part) in parts.dropFirst().enumerated() {
            result.append(tones[min(index, tones.count - 1)].modifier)
            result.append(contentsOf: part)
        }
        return String(result)
    }

    /// The template's scalars between placeholders. Scalars, not characters: in `👩{}‍🦲` the `}`
    /// and the joiner after it form one character, so a search by characters finds no `{}`.
    private static func parts(of template: String) -> [[Unicode.Scalar]] {
        var parts: [[Unicode.Scalar]] = [[]]
        var previous: Unicode.Scalar?
        for scalar in template.unicodeScalars {
            if previous == "{" && scalar == "}" {
                parts[parts.count - 1].removeLast()
                parts.append([])
                previous = nil
                continue
            }
            parts[parts.count - 1].append(scalar)
            previous = scalar
        }
        return parts
    }

    /// The next combination, counting in `base` with the last digit fastest; false after the last.
    private static func advance(_ digits: inout [Int], base: Int) -> Bool {
        for position in digits.indices.reversed() {
            digits[position] += 1
            if digits[position] < base { return true }
            digits[position] = 0
        }
        return false
    }
}
