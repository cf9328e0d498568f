import Foundation

/// The locale-independent shortcode presets and emoticons, read from `shortcodes.txt.z` on first use.
struct ShortcodeTables: Sendable {
    private(set) var codeToIndex: [ShortcodePreset: CodeTable] = [:]
    private(set) var indexToCodes: [ShortcodePreset: [Int: [String]]] = [:]
    private(set) var emoticonToIndex = CodeTable(capacity: 64)
    private(set) var indexToEmoticons: [Int: [String]] = [:]

    init() {}

    /// Reads `shortcodes.txt.z`. Each preset's two tables fill as local values in a short
    /// list (a preset is found by comparing bytes, not by hashing its name per record) and are
    /// stored once at the end.
    init(url: URL, emojiCount: Int) throws(CatalogError) {
        let reader = try CatalogFileReader(url: url)
        _ = try reader.header(expecting: CatalogFormat.shortcodesKind, version: CatalogFormat.version)
        var presets: [PresetTables] = []
        // Their names apart, so finding one does not copy every preset's tables.
        var names: [String] = []
        var emoticons: [Int: [String]] = [:]
        var emoticonIndices = CodeTable(capacity: 64)
        try reader.forEachRecord { record throws(CatalogError) in
            switch record.kind {
            case UInt8(ascii: "k"):
                guard record.count >= 4, let index = record.int(2), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(record.line, "a shortcode record needs a preset, an emoji index and codes")
                }
                let slot = names.firstIndex { record.equals(1, $0) } ?? names.count
                if slot == names.count {
                    names.append(record.string(1))
                    presets.append(PresetTables(name: names[slot], emojiCount: emojiCount))
                }
                presets[slot].add(record, codesFrom: 3, index: index)
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
        for tables in presets {
            let preset = ShortcodePreset(rawValue: tables.name)
            indexToCodes[preset] = tables.codes
            codeToIndex[preset] = tables.indices
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

/// One preset's tables while `shortcodes.txt.z` is read.
private struct PresetTables {
    let name: String
    var codes: [Int: [String]] = [:]
    var indices: CodeTable

    init(name: String, emojiCount: Int) {
        self.name = name
        codes.reserveCapacity(emojiCount)
        indices = CodeTable(capacity: emojiCount)
    }

    /// Adds the codes of `record` from field `first` on to emoji `index`.
    mutating func add(_ record: borrowing CatalogRecord, codesFrom first: Int, index: Int) {
        var list: [String] = []
        list.reserveCapacity(record.count - first)
        for field in first..<record.count {
            let code = record.string(field)
            indices.insert(code, hash: record.lookupHash(field), index: index)
            list.append(code)
        }
        if let earlier = codes.updateValue(list, forKey: index) { codes[index] = earlier + list }
    }
}

extension CatalogStorage {
    /// The shortcode tables, read once on first use; when the file is damaged (which opening a
    /// catalog other than the bundled one rules out), none, with the error in ``loadErrors``.
    var shortcodes: ShortcodeTables {
        do {
            return try loadShortcodes()
        } catch {
            recordLoadError(error)
            return shortcodeTables.withLock { tables in
                if let tables { return tables }
                tables = ShortcodeTables()
                return ShortcodeTables()
            }
        }
    }

    /// The shortcode tables, read once.
    func loadShortcodes() throws(CatalogError) -> ShortcodeTables {
        try shortcodeTables.withLock { tables throws(CatalogError) in
            if let tables { return tables }
            let loaded = try ShortcodeTables(
                url: directory.appendingPathComponent(CatalogFormat.shortcodesFile), emojiCount: characters.count)
            tables = loaded
            return loaded
        }
    }
}
