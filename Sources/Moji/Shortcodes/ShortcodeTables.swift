import Foundation

/// The locale-independent shortcode presets and emoticons, read from `shortcodes.txt.z` on first use.
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
        try reader.forEachRecord { record throws(CatalogError) in
            switch record.kind {
            case UInt8(ascii: "k"):
                guard record.count >= 4, let index = record.int(2), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(record.line, "a shortcode record needs a preset, an emoji index and codes")
                }
                tables.add(record.strings(from: 3), for: index, in: ShortcodePreset(rawValue: record.string(1)))
            case UInt8(ascii: "m"):
                guard record.count >= 3, let index = record.int(1), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(record.line, "an emoticon record needs an emoji index and emoticons")
                }
                let emoticons = record.strings(from: 2)
                tables.indexToEmoticons[index, default: []].append(contentsOf: emoticons)
                for emoticon in emoticons where tables.emoticonToIndex[emoticon] == nil {
                    tables.emoticonToIndex[emoticon] = index
                }
            default:
                throw reader.malformed(record.line, "unknown record kind '\(record.string(0))'")
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
