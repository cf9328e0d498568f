import Foundation

/// The locale-independent shortcode presets and emoticons, read from `shortcodes.txt` on first use.
struct ShortcodeTables: Sendable {
    private(set) var codeToIndex: [ShortcodePreset: [String: Int]] = [:]
    private(set) var indexToCodes: [ShortcodePreset: [Int: [String]]] = [:]
    private(set) var emoticonToIndex: [String: Int] = [:]
    private(set) var indexToEmoticons: [Int: [String]] = [:]

    init() {}

    init(url: URL, emojiCount: Int) throws(CatalogError) {
        let reader = try CatalogFileReader(url: url)
        _ = try reader.header(expecting: CatalogFormat.shortcodesKind, version: CatalogFormat.version)
        var tables = ShortcodeTables()
        try reader.forEachRecord { fields, line throws(CatalogError) in
            switch CatalogFileReader.string(fields[0]) {
            case "k":
                guard fields.count >= 4, let index = CatalogFileReader.int(fields[2]), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(line, "a shortcode record needs a preset, an emoji index and codes")
                }
                let preset = ShortcodePreset(rawValue: CatalogFileReader.string(fields[1]))
                let codes = fields[3...].map { CatalogFileReader.string($0) }
                tables.add(codes, for: index, in: preset)
            case "m":
                guard fields.count >= 3, let index = CatalogFileReader.int(fields[1]), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(line, "an emoticon record needs an emoji index and emoticons")
                }
                let emoticons = fields[2...].map { CatalogFileReader.string($0) }
                tables.indexToEmoticons[index, default: []].append(contentsOf: emoticons)
                for emoticon in emoticons where tables.emoticonToIndex[emoticon] == nil {
                    tables.emoticonToIndex[emoticon] = index
                }
            default:
                throw reader.malformed(line, "unknown record kind '\(CatalogFileReader.string(fields[0]))'")
            }
        }
        self = tables
    }

    mutating func add(_ codes: [String], for index: Int, in preset: ShortcodePreset) {
        indexToCodes[preset, default: [:]][index, default: []].append(contentsOf: codes)
        for code in codes where codeToIndex[preset]?[code] == nil {
            codeToIndex[preset, default: [:]][code] = index
        }
    }

    func index(forCode code: String, in preset: ShortcodePreset) -> Int? {
        codeToIndex[preset]?[code]
    }

    func codes(of index: Int, in preset: ShortcodePreset) -> [String] {
        indexToCodes[preset]?[index] ?? []
    }

    func emoticons(of index: Int) -> [String] { indexToEmoticons[index] ?? [] }
}

extension CatalogStorage {
    /// The shortcode tables, read once on first use.
    var shortcodes: ShortcodeTables {
        shortcodeTables.withLock { tables in
            if let tables { return tables }
            do {
                let loaded = try ShortcodeTables(
                    url: directory.appendingPathComponent(CatalogFormat.shortcodesFile), emojiCount: characters.count)
                tables = loaded
                return loaded
            } catch {
                // The bundled catalog is written by our builder; a damaged one is a broken install.
                fatalError("\(error)")
            }
        }
    }
}
