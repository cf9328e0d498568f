import Foundation

/// A locale's names, group names and name separators, after inheritance.
///
/// Emoji names stay in the files' bytes and become strings when read: making some 2,000
/// strings (most of them longer than Swift stores inline in CJK and other scripts) was most
/// of the time it took to load a locale.
struct LocaleNames: Sendable {
    /// The bytes of each file read, in the order read.
    private var buffers: [[UInt8]] = []
    /// Where each emoji's name is: a buffer (-1 when none says; a chain has at most eight files)
    /// and where the name starts and ends in it. Plain integer arrays: `[Range<Int32>]` cost a
    /// runtime metadata lookup on first use.
    private var nameBuffers: [Int8]
    private var nameStarts: [Int32]
    private var nameEnds: [Int32]
    var groupNames: [String?]
    var subgroupNames: [String?]
    var separators: (baseToTones: String, betweenTones: String)?

    init(emojiCount: Int, groupCount: Int, subgroupCount: Int) {
        nameBuffers = Array(repeating: -1, count: emojiCount)
        nameStarts = Array(repeating: 0, count: emojiCount)
        nameEnds = Array(repeating: 0, count: emojiCount)
        groupNames = Array(repeating: nil, count: groupCount)
        subgroupNames = Array(repeating: nil, count: subgroupCount)
    }

    /// The name of the emoji at `index`, if a file read gives one.
    func name(at index: Int) -> String? {
        let buffer = Int(nameBuffers[index])
        guard buffer >= 0 else { return nil }
        let range = Int(nameStarts[index])..<Int(nameEnds[index])
        return buffers[buffer].withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// Whether a file read names the emoji at `index`.
    func hasName(at index: Int) -> Bool { nameBuffers[index] >= 0 }

    /// Calls `body` with the UTF-8 bytes of the name of the emoji at `index` where the file
    /// holds them, if a file read gives one: ``name(at:)`` without making a `String`.
    func withNameUTF8<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let buffer = Int(nameBuffers[index])
        guard buffer >= 0 else { return nil }
        let range = Int(nameStarts[index])..<Int(nameEnds[index])
        return buffers[buffer].withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Lays one names file over what is here (`p`, `g`, `s` and `n` records).
    mutating func read(path: String) throws(CatalogError) {
        let reader = try CatalogFileReader(path: path)
        _ = try reader.header(expecting: CatalogFormat.localeKind, version: CatalogFormat.version)
        let buffer = Int8(buffers.count)
        buffers.append(reader.bytes)
        try reader.forEachRecord { record throws(CatalogError) in
            switch record.kind {
            case UInt8(ascii: "n"):
                guard record.count == 3, let index = record.int(1), nameBuffers.indices.contains(index) else {
                    throw reader.malformed(record.line, "a name record needs a known emoji index and a name")
                }
                nameBuffers[index] = buffer
                let name = record.range(2)
                nameStarts[index] = Int32(name.lowerBound)
                nameEnds[index] = Int32(name.upperBound)
            case UInt8(ascii: "g"):
                guard record.count == 3, let index = record.int(1), groupNames.indices.contains(index) else {
                    throw reader.malformed(record.line, "a group record needs a known group index and a name")
                }
                groupNames[index] = record.string(2)
            case UInt8(ascii: "s"):
                guard record.count == 3, let index = record.int(1), subgroupNames.indices.contains(index) else {
                    throw reader.malformed(record.line, "a subgroup record needs a known subgroup index and a name")
                }
                subgroupNames[index] = record.string(2)
            case UInt8(ascii: "p"):
                guard record.count == 3 else {
                    throw reader.malformed(record.line, "a pattern record needs two separators")
                }
                separators = (record.string(1), record.string(2))
            default:
                throw reader.malformed(record.line, "unknown record kind '\(record.string(0))'")
            }
        }
    }
}

/// A locale's keywords and CLDR shortcodes, after inheritance; read when search or shortcodes need them.
struct LocaleTerms: Sendable {
    var keywords: [String?]
    var shortcodes: [Int: [String]] = [:]

    init(emojiCount: Int) {
        keywords = Array(repeating: nil, count: emojiCount)
    }

    /// Lays one keywords file over what is here (`w` and `k` records).
    mutating func read(path: String) throws(CatalogError) {
        let reader = try CatalogFileReader(path: path)
        _ = try reader.header(expecting: CatalogFormat.localeKind, version: CatalogFormat.version)
        try reader.forEachRecord { record throws(CatalogError) in
            guard record.count >= 3, let index = record.int(1), keywords.indices.contains(index) else {
                throw reader.malformed(record.line, "a keyword or shortcode record needs a known emoji index")
            }
            switch record.kind {
            case UInt8(ascii: "w"):
                guard record.count == 3 else {
                    throw reader.malformed(record.line, "a keyword record has three fields")
                }
                keywords[index] = record.string(2)
            case UInt8(ascii: "k"):
                shortcodes[index] = record.strings(from: 2)
            default:
                throw reader.malformed(record.line, "unknown record kind '\(record.string(0))'")
            }
        }
    }
}
