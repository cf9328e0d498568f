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
/// japanese.name(of: thumbsUp.group)  // "人体"
/// ```
public final class LocalizedCatalog: Sendable {
    /// The locale these strings are in (the best available for what was asked).
    public let locale: MojiLocale
    let storage: CatalogStorage
    /// The locale and its ancestors, root-most last.
    let chain: [String]
    /// What the locale's files say, after inheritance; nil where they say nothing.
    let strings: LocaleNames
    /// Keywords and CLDR shortcodes, read on first use.
    private let termsCache = Locked<Terms?>(nil)

    struct Terms: Sendable {
        var keywordFields: [String?]
        var shortcodes: [Int: [String]]
        var shortcodeToIndex: CodeTable
    }

    /// The separators CLDR uses between a base name and its tones, and between tones.
    package var separators: (baseToTones: String, betweenTones: String) {
        strings.separators ?? (locale.identifier == "en" ? (": ", ", ") : storage.english.separators)
    }

    init(locale: String, storage: CatalogStorage) throws(CatalogError) {
        self.locale = MojiLocale(locale)
        self.storage = storage
        var chain: [String] = []
        var current: String? = locale
        while let identifier = current, chain.count < 8 {
            chain.append(identifier)
            current = storage.parent(of: identifier)
        }
        self.chain = chain
        var strings = LocaleNames(
            emojiCount: storage.characters.count, groupCount: storage.groups.count,
            subgroupCount: storage.subgroups.count)
        for identifier in chain.reversed() {
            try strings.read(path: storage.directoryPath + "/" + CatalogFormat.localeFile(identifier))
        }
        self.strings = strings
        // The keywords are read on first use, by accessors that cannot throw: in a catalog other
        // than the bundled one, read them now, so their damage is thrown here.
        if !storage.readsOnFirstUse { _ = try terms() }
    }

    /// A locale without strings of its own (names are the characters, no keywords): English
    /// when English's files are damaged.
    init(withoutStrings locale: String, storage: CatalogStorage) {
        self.locale = MojiLocale(locale)
        self.storage = storage
        chain = [locale]
        strings = LocaleNames(
            emojiCount: storage.characters.count, groupCount: storage.groups.count,
            subgroupCount: storage.subgroups.count)
        termsCache.withLock {
            $0 = Terms(
                keywordFields: Array(repeating: nil, count: storage.characters.count),
                shortcodes: [:], shortcodeToIndex: CodeTable(capacity: 0))
        }
    }

    /// Reads the keywords files of the chain, once.
    func terms() throws(CatalogError) -> Terms {
        try termsCache.withLock { cache throws(CatalogError) in
            if let cache { return cache }
            var terms = LocaleTerms(emojiCount: storage.characters.count)
            for identifier in chain.reversed() {
                try terms.read(path: storage.directoryPath + "/" + CatalogFormat.localeKeywordsFile(identifier))
            }
            // In emoji order, so a code two emoji share stays with the first.
            var shortcodeToIndex = CodeTable(capacity: terms.shortcodes.count)
            for index in terms.shortcodes.keys.sorted() {
                for code in terms.shortcodes[index]! { shortcodeToIndex.insert(code, index: index) }
            }
            let loaded = Terms(
                keywordFields: terms.keywords, shortcodes: terms.shortcodes, shortcodeToIndex: shortcodeToIndex)
            cache = loaded
            return loaded
        }
    }

    /// CLDR shortcodes by emoji index, for the text converters.
    var shortcodesByIndex: [Int: [String]] { loadedTerms.shortcodes }

    /// The terms; when a keywords file is damaged (which only the bundled catalog, read lazily,
    /// can meet: other catalogs read them when the locale loads), none, with the error in
    /// ``EmojiCatalog/loadErrors``.
    private var loadedTerms: Terms {
        do {
            return try terms()
        } catch {
            storage.recordLoadError(error)
            return termsCache.withLock { cache in
                let empty =
                    cache
                    ?? Terms(
                        keywordFields: Array(repeating: nil, count: storage.characters.count),
                        shortcodes: [:], shortcodeToIndex: CodeTable(capacity: 0))
                cache = empty
                return empty
            }
        }
    }

    /// English, for entries this locale lacks; nil when this is English.
    private var fallback: LocalizedCatalog? { locale.identifier == "en" ? nil : storage.english }

    private func toneNames(at index: Int) -> [String] {
        SkinTone.normalized(storage.tones[index]).map(name(of:))
    }

    func name(at index: Int) -> String {
        if let name = strings.name(at: index) { return name }
        if storage.tones.isNeutral(index) { return fallback?.name(at: index) ?? storage.characters[index] }
        let base = storage.baseIndices[index]
        // A base this locale does not name is English's, and so is its toned form: English's own
        // entry or English's derivation ("person: light skin tone, blond hair"), never the English
        // base with this locale's pattern ("person: blond hair: light skin tone").
        if let fallback, !strings.hasName(at: base) { return fallback.name(at: index) }
        return Self.derivedName(base: name(at: base), toneNames: toneNames(at: index), separators: separators)
    }

    /// Calls `body` with the UTF-8 bytes of ``name(at:)``: straight from the locale file when it
    /// names the emoji, so the search index reads every name without making a `String`.
    func withNameUTF8<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = strings.withNameUTF8(at: index, body) { return result }
        var name = name(at: index)
        return name.withUTF8(body)
    }

    func keywordField(at index: Int) -> String {
        if let field = loadedTerms.keywordFields[index] { return field }
        if storage.tones.isNeutral(index) { return fallback?.keywordField(at: index) ?? "" }
        return Self.derivedKeywords(base: keywordField(at: storage.baseIndices[index]), toneNames: toneNames(at: index))
    }

    /// The name of a toned sequence that CLDR does not name: `base` + tones, e.g.
    /// "waving hand: light skin tone" or "kiss: light skin tone, dark skin tone".
    package static func derivedName(
        base: String, toneNames: [String],
        separators: (baseToTones: String, betweenTones: String)
    ) -> String {
        base + separators.baseToTones + toneNames.joined(separator: separators.betweenTones)
    }

    /// The keywords of a toned sequence that CLDR gives none: the base's and the tone names.
    package static func derivedKeywords(base: String, toneNames: [String]) -> String {
        var keywords = CatalogFormat.keywords(inField: base)
        for name in toneNames where !keywords.contains(name) { keywords.append(name) }
        return keywords.joined(separator: String(CatalogFormat.keywordSeparator))
    }

    /// The CLDR name (text-to-speech name) of `emoji`.
    public func name(of emoji: Emoji) -> String { name(at: emoji.index) }

    /// The CLDR keywords of `emoji`.
    public func keywords(of emoji: Emoji) -> [String] {
        CatalogFormat.keywords(inField: keywordField(at: emoji.index))
    }

    /// The localized name of a group.
    public func name(of group: EmojiGroup) -> String {
        strings.groupNames[group.index] ?? fallback?.name(of: group) ?? group.unicodeName
    }

    /// The localized name of a subgroup.
    public func name(of subgroup: EmojiSubgroup) -> String {
        strings.subgroupNames[subgroup.index] ?? fallback?.name(of: subgroup) ?? subgroup.identifier
    }

    /// The localized name of a skin tone ("light skin tone", "明るい肌色").
    public func name(of tone: SkinTone) -> String {
        storage.componentIndex(of: tone).map(name(at:)) ?? tone.identifier
    }

    /// The CLDR shortcodes of `emoji` in this locale, without colons.
    public func shortcodes(of emoji: Emoji) -> [String] { loadedTerms.shortcodes[emoji.index] ?? [] }

    /// The emoji for a CLDR shortcode of this locale, with or without colons.
    public func emoji(forShortcode shortcode: String) -> Emoji? {
        loadedTerms.shortcodeToIndex[ShortcodePreset.bare(shortcode)].map { Emoji(storage: storage, index: $0) }
    }

    /// Every CLDR shortcode of this locale with its emoji.
    public var allShortcodes: [(shortcode: String, emoji: Emoji)] {
        let shortcodes = loadedTerms.shortcodes
        return shortcodes.keys.sorted().flatMap { index in
            shortcodes[index]!.map { ($0, Emoji(storage: storage, index: index)) }
        }
    }
}

extension CatalogStorage {
    /// The best available locale for `requested`, or nil when none matches.
    func bestAvailableLocale(for requested: MojiLocale) -> String? {
        let identifier = LocaleInheritance.aliases[requested.identifier] ?? requested.identifier
        if identifier == "und" || identifier == "root" { return nil }
        // The chain starts with the identifier itself; checking it first spares building the
        // table of CLDR parents when the locale is available as asked.
        if isAvailable(identifier) { return identifier }
        return LocaleInheritance.chain(from: identifier).first(where: isAvailable)
    }

    /// The localized catalog for an available locale, loaded once; a damaged locale throws the
    /// same error each time it is asked for, without reading its files again.
    func localized(available identifier: String) throws(CatalogError) -> LocalizedCatalog {
        try localizations.withLock { cache throws(CatalogError) in
            if let cached = cache[identifier] { return cached }
            if let failure = loadState.failure(ofLocale: identifier) { throw failure }
            do throws(CatalogError) {
                let loaded = try LocalizedCatalog(locale: identifier, storage: self)
                cache[identifier] = loaded
                return loaded
            } catch {
                loadState.recordFailure(error, ofLocale: identifier)
                throw error
            }
        }
    }

    /// English, which every locale falls back to entry by entry.
    var english: LocalizedCatalog { localizedOrEnglish(.english) }

    /// The localized catalog for `locale`, or English when the locale is unknown or its files
    /// are damaged (the damage is in ``EmojiCatalog/loadErrors``). When English's own files are
    /// damaged, which opening a catalog other than the bundled one rules out, a catalog
    /// without strings, whose names are the characters.
    func localizedOrEnglish(_ locale: MojiLocale) -> LocalizedCatalog {
        if let identifier = bestAvailableLocale(for: locale), let table = try? localized(available: identifier) {
            return table
        }
        if let table = try? localized(available: "en") { return table }
        return loadState.emptyEnglish { LocalizedCatalog(withoutStrings: "en", storage: self) }
    }
}
