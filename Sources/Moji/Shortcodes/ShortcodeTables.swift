import Foundation

/// The locale-independent shortcode presets and emoticons, read from `shortcodes.txt.z` on first use.
struct ShortcodeTables: Sendable {
    private(set) var codeToIndex: [ShortcodePreset: CodeTable] = [:]
    private(set) var indexToCodes: [ShortcodePreset: [Int: [String]]] = [:]
    private(set) var emoticonToIndex = CodeTable(capacity: 64)
    private(set) var indexToEmoticons: [Int: [String]] = [:]

    init() {}

    /// Reads `shortcodes.txt.z`. The file groups records by preset, so each preset's two
    /// tables fill as plain local values, sized up front, and are stored once at the end.
    init(url: URL, emojiCount: Int) throws(CatalogError) {
        let reader = try CatalogFileReader(url: url)
        _ = try reader.header(expecting: CatalogFormat.shortcodesKind, version: CatalogFormat.version)
        var presets: [String: (preset: ShortcodePreset, codes: [Int: [String]], indices: CodeTable)] = [:]
        var current: (name: String, preset: ShortcodePreset, codes: [Int: [String]], indices: CodeTable)?
        func store() {
            guard let finished = current else { return }
            presets[finished.name] = (finished.preset, finished.codes, finished.indices)
            current = nil
        }
        var emoticons: [Int: [String]] = [:]
        var emoticonIndices = CodeTable(capacity: 64)
        try reader.forEachRecord { record throws(CatalogError) in
            switch record.kind {
            case UInt8(ascii: "k"):
                guard record.count >= 4, let index = record.int(2), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(record.line, "a shortcode record needs a preset, an emoji index and codes")
                }
                if current == nil || !record.equals(1, current!.name) {
                    store()
                    let name = record.string(1)
                    // Taken out of `presets` so that adding to it does not copy it.
                    let earlier = presets.removeValue(forKey: name)
                    var codes = earlier?.codes ?? [:]
                    codes.reserveCapacity(emojiCount)
                    current = (name, ShortcodePreset(rawValue: name), codes, earlier?.indices ?? CodeTable(capacity: emojiCount))
                }
                var list: [String] = []
                list.reserveCapacity(record.count - 3)
                for field in 3..<record.count {
                    let code = record.string(field)
                    current!.indices.insert(code, hash: record.lookupHash(field), index: index)
                    list.append(code)
                }
                if let earlier = current!.codes.updateValue(list, forKey: index) {
                    current!.codes[index] = earlier + list
                }
            case UInt8(ascii: "m"):
                guard record.count >= 3, let index = record.int(1), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(record.line, "an emoticon record needs an emoji index and emoticons")
                }
                for field in 2..<record.count {
                    let emoticon = record.string(field)
                    emoticonIndices.insert(emoticon, hash: record.lookupHash(field), index: index)
                    emoticons[index, default: []].append(emoticon)
                }
            default:
                throw reader.malformed(record.line, "unknown record kind '\(record.string(0))'")
            }
        }
        store()
        for (_, tables) in presets {
            indexToCodes[tables.preset] = tables.codes
            codeToIndex[tables.preset] = tables.indices
        }
        indexToEmoticons = emoticons
        emoticonToIndex = emoticonIndices
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
