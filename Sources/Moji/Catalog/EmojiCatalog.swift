import Foundation
import Logging

/// The Unicode emoji catalog: every fully-qualified emoji and component in CLDR order,
/// with groups, versions, skin tones, shortcodes and names in every CLDR locale.
///
/// ```swift
/// let catalog = EmojiCatalog.shared
/// catalog.emoji(for: "👍")?.name()                  // "thumbs up"
/// catalog.emoji(forShortcode: ":tada:")             // 🎉
/// catalog.emojis(upTo: ApplePlatform.iOS.emojiVersion(for: "17.4")!)
/// ```
///
/// The core loads on first use; each locale's strings load the first time they are asked for.
/// Every method is safe to call from any thread. See ``CatalogError`` for what a damaged
/// catalog folder does.
///
/// ## Topics
///
/// ### Opening a catalog
///
/// - ``shared``
/// - ``sharedChoice``
/// - ``bundled``
/// - ``init(directory:)``
/// - ``loadErrors``
/// - ``bundledDirectory``
/// - ``unicodeVersion``
///
/// ### Finding one emoji
///
/// - ``emoji(for:)``
/// - ``emoji(matching:)``
/// - ``emoji(forHexcode:)``
/// - ``emoji(forShortcode:presets:)``
/// - ``emoji(forEmoticon:)``
///
/// ### Listing emoji
///
/// - ``emojis``
/// - ``neutralEmojis``
/// - ``components``
/// - ``allEntries``
/// - ``emojis(upTo:includingSkinTones:)``
/// - ``emojis(in:includingSkinTones:)-(EmojiGroup,_)``
/// - ``emojis(in:includingSkinTones:)-(EmojiSubgroup,_)``
///
/// ### Groups and subgroups
///
/// - ``groups``
/// - ``subgroups``
/// - ``group(_:)``
/// - ``subgroup(_:)``
/// - ``subgroups(in:)``
///
/// ### Shortcodes and emoticons
///
/// - ``shortcodes(_:)``
/// - ``emoticons``
///
/// ### Locales
///
/// - ``availableLocales``
/// - ``locale(for:)``
/// - ``localized(_:)``
/// - ``search(in:)``
public struct EmojiCatalog: Sendable {
    let storage: CatalogStorage

    /// The catalog Moji uses by default: the newest valid one among the bundled catalog and the
    /// one `moji data update` installed (see ``CatalogChoice`` and ``sharedChoice``).
    ///
    /// A damaged installed catalog is passed over for the bundled one, with a warning, once, on
    /// swift-log's `moji.catalog` logger (standard error unless the app sends its logs elsewhere). Set `MOJI_CATALOG=bundled`, or use ``bundled``, to pin the bundled one.
    public static let shared: EmojiCatalog = sharedSelection.catalog

    /// Which catalog ``shared`` is, and why.
    public static var sharedChoice: CatalogChoice { sharedSelection.choice }

    private static let sharedSelection: (catalog: EmojiCatalog, choice: CatalogChoice) = {
        let (catalog, choice) = CatalogChoice.choose()
        if let warning = choice.warning { Logger(label: "moji.catalog").warning("\(warning)") }
        return (catalog ?? bundled, choice)
    }()

    /// The catalog bundled with Moji (Unicode Emoji 17.0, CLDR 48), whatever is installed.
    ///
    /// The bundled files ship with the package and its tests verify them, so one that cannot
    /// be read is a broken installation: the first use stops the process with the file and the
    /// reason, and reinstalling the package fixes it. Open a folder of your own with
    /// ``init(directory:)``, which throws instead.
    public static let bundled: EmojiCatalog = {
        do {
            return try EmojiCatalog(directory: bundledDirectory)
        } catch {
            // Only the package's own files reach here, never a user's, a server's or the network's:
            // they ship with Moji and tests read all of them, so failing means a broken installation.
            fatalError("Moji's bundled catalog cannot be read (a broken installation; reinstall the package): \(error)")
        }
    }()

    /// The CLDR version the bundled catalog's names and keywords come from (`moji-data build`
    /// reads `cldr-48`; a test checks the two agree).
    package static let bundledCLDRVersion = "48"

    /// The Emoji version of the bundled catalog, from the first line of its core, without opening it.
    static var bundledUnicodeVersion: EmojiVersion {
        let path = bundledPath + "/" + CatalogFormat.coreFile
        guard let handle = FileHandle(forReadingAtPath: path) else { return EmojiVersion(0) }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 64)) ?? Data(), as: UTF8.self)
        let fields = head.split(whereSeparator: \.isNewline).first?.split(separator: "\t") ?? []
        return fields.count >= 3 ? EmojiVersion(String(fields[2])) ?? EmojiVersion(0) : EmojiVersion(0)
    }

    /// The folder of the bundled catalog.
    public static var bundledDirectory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Catalog")
    }

    /// The path of ``bundledDirectory``, to know the bundled folder when it opens. Not
    /// standardized (the bundle gives an absolute path): a folder this misses is only checked
    /// in full when it opens, as any other.
    static let bundledPath = bundledDirectory.path

    /// Opens a catalog folder written by `moji-data build`.
    ///
    /// Reads the core and the emoji table, and checks every file that accessors which cannot
    /// throw would read later (the shortcode tables, English names and keywords), so that
    /// damage there throws here. Other locales are read by ``localized(_:)``, emoji properties
    /// by ``EmojiScanner/init(catalog:textPresentation:)``, search segments by ``EmojiSearch``:
    /// each throws what it finds. The bundled folder, which the package's tests verify, is only
    /// read as it is used, as for ``shared``.
    ///
    /// - Throws: ``CatalogError/missingFile(path:)``, ``CatalogError/malformedFile(path:line:reason:)``
    ///   or ``CatalogError/malformedBinaryFile(path:offset:reason:)`` naming the damaged file.
    public init(directory: URL) throws(CatalogError) {
        try self.init(directory: directory, validated: false)
    }

    /// Opens a catalog folder; when `validated` (an installed update, which was read in full
    /// before it was switched to), files are read on first use as for the bundled catalog, so
    /// choosing it costs no more than the core at start-up.
    package init(directory: URL, validated: Bool) throws(CatalogError) {
        storage = try CatalogStorage(directory: directory, validated: validated)
        for file in [CatalogFormat.shortcodesFile, EmojiProperties.fileName, CatalogFormat.localeFile("en")] {
            let path = storage.directoryPath + "/" + file
            guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path: path) }
        }
        if !storage.readsOnFirstUse { try storage.verifyFilesReadOnFirstUse() }
    }

    /// Damage found in files read after the catalog opened (a locale's names or keywords, emoji
    /// properties…), each once, in the order found: what a throwing call threw, and what an
    /// accessor that cannot throw met before it fell back (``Emoji/name(in:)`` gives English
    /// for a damaged locale). Empty for a sound catalog.
    public var loadErrors: [CatalogError] { storage.loadState.errors }

    /// The Unicode Emoji version of the data, e.g. 17.0.
    public var unicodeVersion: EmojiVersion { storage.unicodeVersion }

    /// Every fully-qualified emoji that is not a component, toned forms included, in CLDR order.
    public var emojis: [Emoji] { storage.emojiIndices.map { Emoji(storage: storage, index: $0) } }

    /// The emoji without skin tones (the forms a picker shows), in CLDR order.
    public var neutralEmojis: [Emoji] {
        storage.emojiIndices.lazy.filter { storage.tones.isNeutral($0) }.map { Emoji(storage: storage, index: $0) }
    }

    /// The skin-tone and hair components (🏻 … 🏿, 🦰 🦱 🦳 🦲).
    public var components: [Emoji] { storage.componentIndices.map { Emoji(storage: storage, index: $0) } }

    /// Every entry, components included, in CLDR order; `Emoji.index` is the position here.
    public var allEntries: [Emoji] { storage.characters.indices.map { Emoji(storage: storage, index: $0) } }

    /// The groups in CLDR order.
    public var groups: [EmojiGroup] { storage.groups }

    /// The subgroups in CLDR order.
    public var subgroups: [EmojiSubgroup] { storage.subgroups }

    /// The group with this identifier (`food-drink`), ignoring case.
    public func group(_ identifier: String) -> EmojiGroup? {
        storage.groups.first { $0.identifier.caseInsensitiveCompare(identifier) == .orderedSame }
    }

    /// The subgroup with this identifier (`face-smiling`), ignoring case.
    public func subgroup(_ identifier: String) -> EmojiSubgroup? {
        storage.subgroups.first { $0.identifier.caseInsensitiveCompare(identifier) == .orderedSame }
    }

    /// The subgroups of a group, in CLDR order.
    public func subgroups(in group: EmojiGroup) -> [EmojiSubgroup] {
        storage.subgroups.filter { $0.group == group }
    }

    /// The emoji of a group, in CLDR order; toned forms only when asked.
    public func emojis(in group: EmojiGroup, includingSkinTones: Bool = false) -> [Emoji] {
        filtered(includingSkinTones) { storage.subgroups[storage.subgroupIndices[$0]].group == group }
    }

    /// The emoji of a subgroup, in CLDR order; toned forms only when asked.
    public func emojis(in subgroup: EmojiSubgroup, includingSkinTones: Bool = false) -> [Emoji] {
        filtered(includingSkinTones) { storage.subgroupIndices[$0] == subgroup.index }
    }

    /// The emoji available up to an Emoji version (e.g. what iOS 17.4 can show), in CLDR order.
    public func emojis(upTo version: EmojiVersion, includingSkinTones: Bool = false) -> [Emoji] {
        filtered(includingSkinTones) { storage.versions[$0] <= version }
    }

    private func filtered(_ includingSkinTones: Bool, _ isIncluded: (Int) -> Bool) -> [Emoji] {
        storage.emojiIndices.compactMap { index in
            guard includingSkinTones || storage.tones.isNeutral(index), isIncluded(index) else { return nil }
            return Emoji(storage: storage, index: index)
        }
    }

    /// The emoji for a string, whatever its emoji presentation selectors: the fully-qualified,
    /// minimally-qualified and unqualified forms all give the fully-qualified emoji.
    public func emoji(for string: String) -> Emoji? {
        storage.index(of: string.unicodeScalars).map { Emoji(storage: storage, index: $0) }
    }

    /// The emoji for hex code points: `1F44D`, `U+1F44D`, `1f44d-1f3fb`, `1F44D 1F3FB`.
    public func emoji(forHexcode hexcode: String) -> Emoji? {
        Hexcode.string(from: hexcode).flatMap(emoji(for:))
    }

    /// The emoji for a shortcode, with or without colons, trying `presets` in order.
    /// `.cldr` means English CLDR shortcodes here; see ``LocalizedCatalog/emoji(forShortcode:)``.
    /// A `_toneN` code is the toned form of what its base code names (`point_up_tone1` → ☝🏻).
    public func emoji(forShortcode shortcode: String, presets: [ShortcodePreset] = ShortcodePreset.allCases) -> Emoji? {
        let index = ShortcodeToneSuffix.resolve(ShortcodePreset.bare(shortcode), in: storage) { code in
            for preset in presets {
                let index =
                    preset == .cldr
                    ? storage.english.emoji(forShortcode: code)?.index
                    : storage.shortcodes.index(forCode: code, in: preset)
                if let index { return index }
            }
            return nil
        }
        return index.map { Emoji(storage: storage, index: $0) }
    }

    /// The emoji for an emoticon such as `:)` or `<3`.
    public func emoji(forEmoticon emoticon: String) -> Emoji? {
        storage.shortcodes.emoticonToIndex[emoticon].map { Emoji(storage: storage, index: $0) }
    }

    /// Every shortcode of a locale-independent preset with its emoji, in CLDR order.
    public func shortcodes(_ preset: ShortcodePreset) -> [(shortcode: String, emoji: Emoji)] {
        if preset == .cldr { return storage.localizedOrEnglish(.english).allShortcodes }
        let table = storage.shortcodes
        return table.indexToCodes[preset, default: [:]].keys.sorted().flatMap { index in
            table.codes(of: index, in: preset).map { ($0, Emoji(storage: storage, index: index)) }
        }
    }

    /// Every emoticon with its emoji.
    public var emoticons: [(emoticon: String, emoji: Emoji)] {
        let table = storage.shortcodes
        return table.indexToEmoticons.keys.sorted().flatMap { index in
            table.emoticons(of: index).map { ($0, Emoji(storage: storage, index: index)) }
        }
    }

    /// The emoji a person most likely means: the emoji itself, a `:shortcode:` in any preset,
    /// or hex code points.
    public func emoji(matching text: String) -> Emoji? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let emoji = emoji(for: text) { return emoji }
        if text.count > 2, text.hasPrefix(":"), text.hasSuffix(":") { return emoji(forShortcode: text) }
        if let emoji = emoji(forHexcode: text), text.unicodeScalars.allSatisfy(\.isASCII) { return emoji }
        return emoji(forShortcode: text)
    }

    // MARK: Locales

    /// The locales with names and keywords, sorted by identifier.
    public var availableLocales: [MojiLocale] {
        storage.localeParents.map { MojiLocale($0.identifier) }.sorted { $0.identifier < $1.identifier }
    }

    /// The best available locale for an identifier in any usual form: `pt_BR` → `pt`,
    /// `en-NZ` → `en-001`, `zh-Hant-TW` → `zh-Hant`.
    ///
    /// - Throws: ``CatalogError/unknownLocale(requested:closest:)`` naming the closest available
    ///   locales when no locale of that language exists.
    public func locale(for identifier: String) throws(CatalogError) -> MojiLocale {
        let requested = MojiLocale(identifier)
        if let found = storage.bestAvailableLocale(for: requested) { return MojiLocale(found) }
        throw .unknownLocale(requested: identifier, closest: closestLocales(to: identifier))
    }

    /// Names, keywords and group names in `locale` (resolved to the best available locale).
    ///
    /// - Throws: ``CatalogError/unknownLocale(requested:closest:)`` when no locale of that
    ///   language exists; ``CatalogError/malformedFile(path:line:reason:)`` (or another case
    ///   naming the file) when the locale's files or its parents' are damaged. A damaged locale
    ///   never turns into English here; asking again throws the same error.
    public func localized(_ locale: MojiLocale) throws(CatalogError) -> LocalizedCatalog {
        guard let identifier = storage.bestAvailableLocale(for: locale) else {
            throw .unknownLocale(requested: locale.identifier, closest: closestLocales(to: locale.identifier))
        }
        return try storage.localized(available: identifier)
    }

    /// The available locales nearest to `identifier`, by spelling or by English name.
    func closestLocales(to identifier: String) -> [String] {
        let wanted = identifier.lowercased()
        let scored = availableLocales.map { locale -> (String, Int) in
            let code = locale.identifier.lowercased()
            let english = locale.displayName.english.lowercased()
            var score = min(EditDistance.between(wanted, code), EditDistance.between(wanted, locale.language) + 1)
            if english.hasPrefix(wanted) || (wanted.count >= 3 && english.contains(wanted)) { score = 0 }
            return (locale.identifier, score)
        }
        let limit = max(1, wanted.count / 3)
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(5).map(\.0)
    }
}
