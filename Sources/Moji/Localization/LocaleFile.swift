import Foundation

/// One locale file as written: only what differs from the locale's parent.
struct LocaleFile: Sendable {
    var separators: (baseToTones: String, betweenTones: String)?
    var names: [Int: String] = [:]
    var keywords: [Int: String] = [:]
    var groupNames: [Int: String] = [:]
    var subgroupNames: [Int: String] = [:]
    var shortcodes: [Int: [String]] = [:]

    init() {}

    init(url: URL, emojiCount: Int, groupCount: Int, subgroupCount: Int) throws(CatalogError) {
        let reader = try CatalogFileReader(url: url)
        _ = try reader.header(expecting: CatalogFormat.localeKind, version: CatalogFormat.version)
        var file = LocaleFile()
        file.names.reserveCapacity(emojiCount)
        file.keywords.reserveCapacity(emojiCount)
        try reader.forEachRecord { fields, line throws(CatalogError) in
            guard fields[0].count == 1, let kind = fields[0].first else {
                throw reader.malformed(line, "unknown record kind")
            }
            switch kind {
            case UInt8(ascii: "n"):
                guard fields.count == 3 || fields.count == 4, let index = CatalogFileReader.int(fields[1]),
                      (0..<emojiCount).contains(index) else {
                    throw reader.malformed(line, "a name record needs a known emoji index, a name and keywords")
                }
                if !fields[2].isEmpty { file.names[index] = CatalogFileReader.string(fields[2]) }
                if fields.count == 4 { file.keywords[index] = CatalogFileReader.string(fields[3]) }
            case UInt8(ascii: "k"):
                guard fields.count >= 3, let index = CatalogFileReader.int(fields[1]), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(line, "a shortcode record needs a known emoji index and codes")
                }
                file.shortcodes[index] = fields[2...].map { CatalogFileReader.string($0) }
            case UInt8(ascii: "g"), UInt8(ascii: "s"):
                let count = kind == UInt8(ascii: "g") ? groupCount : subgroupCount
                guard fields.count == 3, let index = CatalogFileReader.int(fields[1]), (0..<count).contains(index) else {
                    throw reader.malformed(line, "a group or subgroup record needs a known index and a name")
                }
                let name = CatalogFileReader.string(fields[2])
                if kind == UInt8(ascii: "g") { file.groupNames[index] = name } else { file.subgroupNames[index] = name }
            case UInt8(ascii: "p"):
                guard fields.count == 3 else { throw reader.malformed(line, "a pattern record needs two separators") }
                file.separators = (CatalogFileReader.string(fields[1]), CatalogFileReader.string(fields[2]))
            default:
                throw reader.malformed(line, "unknown record kind '\(CatalogFileReader.string(fields[0]))'")
            }
        }
        self = file
    }
}
