import Foundation

/// The catalog's names, keywords, group names and CLDR shortcodes in one locale.
///
/// A locale file holds only what differs from its parent (en-GB → en-001 → en); entries the
/// whole chain lacks come from English (read only if needed), and toned sequences without a
/// name of their own are named from their base and the tone names, as CLDR derives them.
///
/// ```swift
/// let japanese = try EmojiCatalog.shared.localized("ja")
/// japanese.name(of: thumbsUp)        // "サムズアップ"
/// japanese.name(of: thumbsUp.group)  // "人々と体"
/// ```
public final class LocalizedCatalog: Sendable {
    /// The locale these strings are in (the best available for what was asked).
    public let locale: MojiLocale
    let storage: CatalogStorage
    /// What the locale's files say, after inheritance; nil where they say nothing.
    let names: [String?]
    let keywordFields: [String?]
    let groupNames: [String?]
    let subgroupNames: [String?]
    let shortcodeToIndex: [String: Int]
    let indexToShortcodes: [Int: [String]]

    /// The separators CLDR uses between a base name and its tones, and between tones.
    public let separators: (baseToTones: String, betweenTones: String)

    init(locale: String, storage: CatalogStorage) throws(CatalogError) {
        self.locale = MojiLocale(locale)
        self.storage = storage
        let count = storage.characters.count
        var chain: [String] = []
        var current: String? = locale
        while let identifier = current, chain.count < 8 {
            chain.append(identifier)
            current = storage.parent(of: identifier)
        }
        var names = [String?](repeating: nil, count: count)
        var keywords = [String?](repeating: nil, count: count)
        var groupNames = [String?](repeating: nil, count: storage.groups.count)
        var subgroupNames = [String?](repeating: nil, count: storage.subgroups.count)
        var shortcodes: [Int: [String]] = [:]
        var separators: (String, String)?
        for identifier in chain.reversed() {
            let file = try LocaleFile(
                url: storage.directory.appendingPathComponent(CatalogFormat.localeFile(identifier)), emojiCount: count,
                groupCount: storage.groups.count, subgroupCount: storage.subgroups.count)
            for (index, name) in file.names { names[index] = name }
            for (index, field) in file.keywords { keywords[index] = field }
            for (index, name) in file.groupNames { groupNames[index] = name }
            for (index, name) in file.subgroupNames { subgroupNames[index] = name }
            for (index, codes) in file.shortcodes { shortcodes[index] = codes }
            if let found = file.separators { separators = found }
        }
        self.names = names
        self.keywordFields = keywords
        self.groupNames = groupNames
        self.subgroupNames = subgroupNames
        self.separators = separators ?? (locale == "en" ? (": ", ", ") : storage.english.separators)
        var shortcodeToIndex: [String: Int] = [:]
        for index in shortcodes.keys.sorted() {
            for code in shortcodes[index]! where shortcodeToIndex[code] == nil { shortcodeToIndex[code] = index }
        }
        self.shortcodeToIndex = shortcodeToIndex
        self.indexToShortcodes = shortcodes
    }

    /// English, for entries this locale lacks; nil when this is English.
    private var fallback: LocalizedCatalog? { locale.identifier == "en" ? nil : storage.english }

    private func toneNames(at index: Int) -> [String] {
        SkinTone.normalized(storage.tones[index]).map(name(of:))
    }

    func name(at index: Int) -> String {
        if let name = names[index] { return name }
        if storage.tones[index].isEmpty { return fallback?.name(at: index) ?? storage.characters[index] }
        return Self.derivedName(base: name(at: storage.baseIndices[index]), toneNames: toneNames(at: index),
                                separators: separators)
    }

    func keywordField(at index: Int) -> String {
        if let field = keywordFields[index] { return field }
        if storage.tones[index].isEmpty { return fallback?.keywordField(at: index) ?? "" }
        return Self.derivedKeywords(base: keywordField(at: storage.baseIndices[index]), toneNames: toneNames(at: index))
    }

    /// The name of a toned sequence that CLDR does not name: `base` + tones, e.g.
    /// "waving hand: light skin tone" or "kiss: light skin tone, dark skin tone".
    public static func derivedName(base: String, toneNames: [String], separators: (baseToTones: String, betweenTones: String)) -> String {
        base + separators.baseToTones + toneNames.joined(separator: separators.betweenTones)
    }

    /// The keywords of a toned sequence that CLDR gives none: the base's and the tone names.
    public static func derivedKeywords(base: String, toneNames: [String]) -> String {
        var keywords = base.isEmpty ? [] : base.split(separator: CatalogFormat.keywordSeparator).map(String.init)
        for name in toneNames where !keywords.contains(name) { keywords.append(name) }
        return keywords.joined(separator: String(CatalogFormat.keywordSeparator))
    }

    /// The CLDR name (text-to-speech name) of `emoji`.
    public func name(of emoji: Emoji) -> String { name(at: emoji.index) }

    /// The CLDR keywords of `emoji`.
    public func keywords(of emoji: Emoji) -> [String] {
        let field = keywordField(at: emoji.index)
        return field.isEmpty ? [] : field.split(separator: CatalogFormat.keywordSeparator).map(String.init)
    }

    /// The localized name of a group.
    public func name(of group: EmojiGroup) -> String {
        groupNames[group.index] ?? fallback?.name(of: group) ?? group.unicodeName
    }

    /// The localized name of a subgroup.
    public func name(of subgroup: EmojiSubgroup) -> String {
        subgroupNames[subgroup.index] ?? fallback?.name(of: subgroup) ?? subgroup.identifier
    }

    /// The localized name of a skin tone ("light skin tone", "明るい肌色").
    public func name(of tone: SkinTone) -> String {
        storage.toneComponentIndices[tone].map(name(at:)) ?? tone.identifier
    }

    /// The CLDR shortcodes of `emoji` in this locale, without colons.
    public func shortcodes(of emoji: Emoji) -> [String] { indexToShortcodes[emoji.index] ?? [] }

    /// The emoji for a CLDR shortcode of this locale, with or without colons.
    public func emoji(forShortcode shortcode: String) -> Emoji? {
        shortcodeToIndex[ShortcodePreset.bare(shortcode)].map { Emoji(storage: storage, index: $0) }
    }

    /// Every CLDR shortcode of this locale with its emoji.
    public var allShortcodes: [(shortcode: String, emoji: Emoji)] {
        indexToShortcodes.keys.sorted().flatMap { index in
            indexToShortcodes[index]!.map { ($0, Emoji(storage: storage, index: index)) }
        }
    }
}

extension CatalogStorage {
    /// The best available locale for `requested`, or nil when none matches.
    func bestAvailableLocale(for requested: MojiLocale) -> String? {
        let identifier = LocaleInheritance.aliases[requested.identifier] ?? requested.identifier
        if identifier == "und" || identifier == "root" { return nil }
        return LocaleInheritance.chain(from: identifier).first(where: localeIdentifiers.contains)
    }

    /// The localized catalog for an available locale, loaded once.
    func localized(available identifier: String) throws(CatalogError) -> LocalizedCatalog {
        do {
            return try localizations.withLock { cache in
                if let cached = cache[identifier] { return cached }
                let loaded = try LocalizedCatalog(locale: identifier, storage: self)
                cache[identifier] = loaded
                return loaded
            }
        } catch let error as CatalogError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// English, which every locale falls back to entry by entry.
    var english: LocalizedCatalog { localizedOrEnglish(.english) }

    /// The localized catalog for `locale`, or English when the locale is unknown or unreadable.
    func localizedOrEnglish(_ locale: MojiLocale) -> LocalizedCatalog {
        if let identifier = bestAvailableLocale(for: locale), let table = try? localized(available: identifier) {
            return table
        }
        do {
            return try localized(available: "en")
        } catch {
            fatalError("Moji's English catalog cannot be read: \(error)")
        }
    }
}
