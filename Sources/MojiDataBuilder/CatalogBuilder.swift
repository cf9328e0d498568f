import Foundation
import Moji

/// Builds Moji's catalog from a folder laid out like `../shared/data`.
///
/// ```swift
/// let catalog = try CatalogBuilder(source: URL(fileURLWithPath: "../shared/data")).build()
/// try catalog.write(to: URL(fileURLWithPath: "Sources/Moji/Resources/Catalog"))
/// ```
///
/// The output depends only on the input files: building twice gives byte-identical files.
public struct CatalogBuilder {
    /// The folder with `unicode/`, `cldr-48/`, `emojibase-17/` and `gemoji/`.
    public var source: URL
    /// The folder under `unicode/` to read, e.g. `17.0` or `18.0-draft`; nil picks the newest
    /// released version (a folder whose name is a version alone).
    public var unicodeFolder: String?
    /// The folder of reviewed group and subgroup names, one `<locale>.tsv` each (the
    /// repository's `data/group-names`); nil builds without them.
    public var groupNamesFolder: URL?

    /// The project's own search data (`data/` in the repository: everyday words and the priors
    /// `script/generate-priors` writes), or nil to build without it: no emoji or word prior, no
    /// readings, no everyday words (search then ranks as a catalog from before them).
    public var searchData: URL?

    /// The CLDR version read: the folder `cldr-<version>` under ``source``.
    public static let cldrVersion = "48"

    /// A builder reading `source`, the group-name tables in `groupNamesFolder` and the search
    /// data in `searchData`, each if given.
    public init(source: URL, unicodeFolder: String? = nil, groupNamesFolder: URL? = nil, searchData: URL? = nil) {
        self.source = source
        self.unicodeFolder = unicodeFolder
        self.groupNamesFolder = groupNamesFolder
        self.searchData = searchData
    }

    /// Reads every input and returns the catalog files in memory.
    public func build() throws(BuildError) -> BuiltCatalog {
        let unicode = source.appendingPathComponent("unicode").appendingPathComponent(try resolvedUnicodeFolder())
        let testURL = unicode.appendingPathComponent("emoji-test.txt")
        let test = try EmojiTestFile(url: testURL)
        let model = try CatalogModel(test: test, path: testURL.path)
        let properties = try EmojiDataFile(url: unicode.appendingPathComponent("emoji-data.txt"))

        var catalog = BuiltCatalog(unicodeVersion: model.version)
        catalog.statusCounts = model.statusCounts
        catalog.emojiCount = model.entries.filter { !$0.isComponent }.count
        catalog.componentCount = model.entries.filter(\.isComponent).count
        catalog.otherFormCount = model.otherForms

        let locales = try LocaleBuilder(source: source, model: model, groupNamesFolder: groupNamesFolder).build()
        catalog.localeIdentifiers = locales.map(\.identifier)
        catalog.files[CatalogFormat.coreFile] = Data(CatalogWriter.core(model: model, locales: locales).utf8)
        catalog.files[EmojiTableFormat.fileName] = try CatalogWriter.emojiTable(
            model: model, tagged: try taggedIndices(model: model))
        let shortcodes = try ShortcodeBuilder(source: source, model: model).build()
        catalog.skippedShortcodeKeys = shortcodes.skipped
        catalog.files[CatalogFormat.shortcodesFile] = Data(Zlib.deflate(Array(shortcodes.text.utf8)))
        catalog.files[CatalogWriter.propertiesFile] = Data(CatalogWriter.properties(properties).utf8)
        for locale in locales {
            let files = CatalogWriter.locale(locale)
            catalog.files[CatalogFormat.localeFile(locale.identifier)] = Data(Zlib.deflate(Array(files.names.utf8)))
            catalog.files[CatalogFormat.localeKeywordsFile(locale.identifier)] = Data(
                Zlib.deflate(Array(files.keywords.utf8)))
        }
        let searchData = searchData.map { SearchDataBuilder(folder: $0, model: model) }
        if let searchData {
            catalog.files[EmojiPriors.fileName] = Data(try searchData.priors().text().utf8)
        }
        for (path, data) in try Self.searchSegments(
            of: catalog.files, locales: catalog.localeIdentifiers, searchData: searchData)
        {
            catalog.files[path] = data
        }
        return catalog
    }

    /// The search segment files (the universal one, one per locale, a delta per regional locale), built by Moji's own
    /// search code from the catalog files just made (written to a temporary folder to open them
    /// as a catalog), so they match them exactly.
    /// With `searchData`, each locale's ``Moji/SearchTerms`` file too, made from the catalog's
    /// own names and keywords (their readings) and written before the segments that include them.
    private static func searchSegments(
        of files: [String: Data], locales: [String], searchData: SearchDataBuilder?
    ) throws(BuildError) -> [String: Data] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(CatalogFormat.localesFolder),
                withIntermediateDirectories: true)
            for (path, data) in files { try data.write(to: folder.appendingPathComponent(path)) }
        } catch {
            throw .cannotWrite(path: folder.path, reason: error.localizedDescription)
        }
        var segments: [String: Data] = [:]
        if let searchData {
            let catalog: EmojiCatalog
            do {
                catalog = try EmojiCatalog(directory: folder)
            } catch {
                throw .inconsistentData("the catalog just built cannot be opened: \(error)")
            }
            let emojis = Array(catalog.neutralEmojis)
            for locale in locales {
                let localized: LocalizedCatalog
                do {
                    localized = try catalog.localized(MojiLocale(locale))
                } catch {
                    throw .inconsistentData("locale \(locale) of the catalog just built cannot be read: \(error)")
                }
                let terms = try searchData.terms(locale: locale, localized: localized, emojis: emojis)
                guard !terms.isEmpty else { continue }
                let path = SearchTerms.fileName(locale)
                let data = Data(Zlib.deflate(Array(terms.text().utf8)))
                do {
                    try data.write(to: folder.appendingPathComponent(path))
                } catch {
                    throw .cannotWrite(path: folder.path, reason: error.localizedDescription)
                }
                segments[path] = data
            }
        }
        do {
            let catalog = try EmojiCatalog(directory: folder)
            segments[SearchSegmentFile.fileName] = SearchSegmentFile.data(for: catalog)
            for locale in locales {
                // A regional locale holds what it changes from its language, when that is less than
                // half its own segment: an index reads both its delta and its language's segment,
                // so a larger delta (es-MX and fr-CA change most keywords) saves a little space for
                // a slower first index.
                let full = try SearchSegmentFile.data(for: catalog, locale: locale)
                if let delta = try SearchSegmentFile.deltaData(for: catalog, locale: locale),
                    2 * delta.count < full.count
                {
                    segments[SearchSegmentFile.deltaFileName(locale)] = delta
                } else {
                    segments[SearchSegmentFile.localeFileName(locale)] = full
                }
            }
            return segments
        } catch {
            throw .inconsistentData("the catalog just built cannot be opened: \(error)")
        }
    }

    /// The emoji that gemoji gives search tags to: the search ranks them first among equals
    /// (``Moji/EmojiTableFormat/taggedFlag``). gemoji lags Unicode, so newer emoji are simply untagged.
    private func taggedIndices(model: CatalogModel) throws(BuildError) -> Set<Int> {
        let url = source.appendingPathComponent("gemoji/emoji.json")
        var tagged = Set<Int>()
        for entry in try GemojiFile(url: url).entries where !(entry.tags ?? []).isEmpty {
            if let index = model.index(forKey: entry.emoji) { tagged.insert(index) }
        }
        return tagged
    }

    private func resolvedUnicodeFolder() throws(BuildError) -> String {
        if let unicodeFolder { return unicodeFolder }
        let folder = source.appendingPathComponent("unicode")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard let newest = names.compactMap({ name in EmojiVersion(name).map { (name, $0) } }).max(by: { $0.1 < $1.1 })
        else {
            throw .missingInput(path: folder.path + "/<version>/emoji-test.txt")
        }
        return newest.0
    }
}

/// A built catalog: file contents by path relative to the catalog folder, and what went in.
public struct BuiltCatalog: Sendable {
    /// The Unicode Emoji version read.
    public var unicodeVersion: EmojiVersion
    /// File contents by relative path (`core.txt`, `locales/ja.txt`, …).
    public var files: [String: Data] = [:]
    /// The "Status Counts" that emoji-test.txt states about itself.
    public var statusCounts: [EmojiQualification: Int] = [:]
    /// Fully-qualified emoji written (components excluded).
    public var emojiCount = 0
    /// Components written.
    public var componentCount = 0
    /// Minimally-qualified and unqualified lines, each checked to resolve to a written emoji.
    public var otherFormCount = 0
    /// The locales written.
    public var localeIdentifiers: [String] = []
    /// Shortcode keys naming sequences that are not in the catalog, by preset.
    public var skippedShortcodeKeys: [String: Int] = [:]

    /// Writes every file under `directory`, replacing an older catalog there.
    public func write(to directory: URL) throws(BuildError) {
        let manager = FileManager.default
        do {
            let locales = directory.appendingPathComponent(CatalogFormat.localesFolder)
            if manager.fileExists(atPath: locales.path) { try manager.removeItem(at: locales) }
            try manager.createDirectory(at: locales, withIntermediateDirectories: true)
            for path in files.keys.sorted() {
                try files[path]!.write(to: directory.appendingPathComponent(path), options: .atomic)
            }
        } catch {
            throw .cannotWrite(path: directory.path, reason: error.localizedDescription)
        }
    }

    /// Total size of the files in bytes.
    public var byteCount: Int { files.values.reduce(0) { $0 + $1.count } }
}
