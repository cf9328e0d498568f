import Foundation

/// The emoji table of a catalog (`emoji.bin`): one fixed-width row per emoji in CLDR order,
/// then the UTF-8 of every emoji back to back.
///
/// Binary because it is read on every start: rows decode with a few loads each, where the
/// same rows as text took most of the catalog's loading time.
///
/// Layout, little-endian: the 8-byte magic `MOJIEMOJ`; UInt32 format version; UInt32 row
/// count; UInt32 byte count of the UTF-8 blob; the rows; the blob. A row is 12 bytes:
/// UInt8 UTF-8 length, UInt8 flags (1: component, 2: tagged), UInt16 subgroup index, UInt8 major and
/// UInt8 minor Emoji version, UInt16 index of the neutral base (`0xFFFF`: untoned), UInt32
/// tones per person as decimal digits 1–5 (`15`: light, dark; 0: none).
package enum EmojiTableFormat {
    /// The file's name in a catalog folder.
    package static let fileName = "emoji.bin"
    /// The first eight bytes.
    package static let magic = Array("MOJIEMOJ".utf8)
    /// Bytes before the rows.
    package static let headerSize = 20
    /// Bytes per row.
    package static let rowSize = 12
    /// The base index of an untoned emoji.
    package static let noBase: UInt16 = 0xFFFF
    /// The flag of a component.
    package static let componentFlag: UInt8 = 1
    /// The flag of an emoji that GitHub's gemoji gives search tags to: a sign that people
    /// search for it often, which search uses to rank it first among equals. Catalogs written
    /// before the flag existed have it clear everywhere, and rank as before.
    package static let taggedFlag: UInt8 = 2
}

/// The bytes of `emoji.bin`, kept as read: the columns below decode one field of one row
/// when read, so loading the catalog copies nothing out of the file.
///
/// Copying the rows into an array per column touched some 150 KB of fresh memory on every
/// load, and on a virtual machine each fresh page costs microseconds.
struct EmojiRows: Sendable {
    /// The whole file: header, rows, then the UTF-8 of every emoji.
    let bytes: [UInt8]
    /// How many rows there are.
    let count: Int

    /// Byte `offset` of row `index`.
    @inline(__always)
    func byte(_ index: Int, _ offset: Int) -> UInt8 {
        bytes[position(index, offset)]
    }

    /// The little-endian UInt16 at `offset` of row `index`.
    @inline(__always)
    func uint16(_ index: Int, _ offset: Int) -> Int {
        let position = position(index, offset)
        return Int(
            UInt16(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt16.self) }))
    }

    /// The little-endian UInt32 at `offset` of row `index`.
    @inline(__always)
    func uint32(_ index: Int, _ offset: Int) -> UInt32 {
        let position = position(index, offset)
        return UInt32(
            littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt32.self) })
    }

    /// Where byte `offset` of row `index` is in the file; traps when there is no such row.
    @inline(__always)
    private func position(_ index: Int, _ offset: Int) -> Int {
        precondition(index >= 0 && index < count, "emoji index out of range")
        return EmojiTableFormat.headerSize + index * EmojiTableFormat.rowSize + offset
    }

    /// The neutral base of row `index`: its own index when the row names none.
    @inline(__always)
    func baseIndex(_ index: Int) -> Int {
        let base = uint16(index, 6)
        return base == Int(EmojiTableFormat.noBase) ? index : base
    }

    /// The tone digits of row `index`; 0 when the row names no base, whatever its tone field holds.
    @inline(__always)
    func toneDigits(_ index: Int) -> UInt32 {
        uint16(index, 6) == Int(EmojiTableFormat.noBase) ? 0 : uint32(index, 8)
    }
}

/// Each emoji's subgroup index, read from its row.
struct SubgroupIndices: RandomAccessCollection, Sendable {
    let rows: EmojiRows
    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }
    subscript(index: Int) -> Int { rows.uint16(index, 2) }
}

/// Each emoji's Emoji version, read from its row.
struct EmojiVersions: RandomAccessCollection, Sendable {
    let rows: EmojiRows
    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }
    subscript(index: Int) -> EmojiVersion { EmojiVersion(Int(rows.byte(index, 4)), Int(rows.byte(index, 5))) }
}

/// Whether each entry is a component, read from its row.
struct ComponentFlags: RandomAccessCollection, Sendable {
    let rows: EmojiRows
    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }
    subscript(index: Int) -> Bool { rows.byte(index, 1) & EmojiTableFormat.componentFlag != 0 }
}

/// Whether gemoji gives each entry search tags, read from its row.
struct TaggedFlags: RandomAccessCollection, Sendable {
    let rows: EmojiRows
    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }
    subscript(index: Int) -> Bool { rows.byte(index, 1) & EmojiTableFormat.taggedFlag != 0 }
}

/// Each emoji's neutral base (its own index when it has no tone), read from its row.
struct BaseIndices: RandomAccessCollection, Sendable {
    let rows: EmojiRows
    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }
    subscript(index: Int) -> Int { rows.baseIndex(index) }
}

/// The emoji strings of a catalog, kept as UTF-8 in the file's bytes; each `String` is made
/// when read.
///
/// Making all 3,953 strings up front was the largest part of loading the catalog; most
/// programs read a few hundred of them.
struct EmojiCharacters: RandomAccessCollection, Sendable {
    /// The bytes that hold the strings (the whole `emoji.bin`, so loading copies nothing).
    private let utf8: [UInt8]
    /// Where each emoji's UTF-8 starts in `utf8`; one more entry marks the end of the last.
    private let offsets: [Int32]

    init(utf8: [UInt8], offsets: [Int32]) {
        self.utf8 = utf8
        self.offsets = offsets
    }

    var startIndex: Int { 0 }
    var endIndex: Int { offsets.count - 1 }

    subscript(index: Int) -> String {
        withUTF8(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of the emoji at `index`.
    func withUTF8<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        utf8.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[Int(offsets[index])..<Int(offsets[index + 1])]))
        }
    }
}

/// The skin tones of every emoji, read from the rows of `emoji.bin`, which store the tones
/// per person as decimal digits 1–5, first person first (`15`: light, dark; 0: neutral).
///
/// `tones[index]` makes the `[SkinTone]` array when asked: making some 2,000 arrays up front
/// was a fifth of loading the catalog.
struct EmojiTones: RandomAccessCollection, Sendable {
    let rows: EmojiRows

    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }

    /// The tones of the emoji at `index`, one per person (empty when neutral).
    subscript(index: Int) -> [SkinTone] { Self.tones(rows.toneDigits(index)) }

    /// The tones of the emoji at `index` as decimal digits (0 when neutral).
    func digits(at index: Int) -> UInt32 { rows.toneDigits(index) }

    /// Whether the emoji at `index` carries no tone.
    func isNeutral(_ index: Int) -> Bool { rows.toneDigits(index) == 0 }

    /// The tones that decimal digits stand for; the digits must be 1–5.
    static func tones(_ digits: UInt32) -> [SkinTone] {
        var tones: [SkinTone] = []
        var rest = digits
        while rest > 0 {
            tones.append(SkinTone(rawValue: Int(rest % 10))!)
            rest /= 10
        }
        return tones.reversed()
    }

    /// The digits of `tones`, or nil when there are too many to fit (more than nine).
    static func digits(_ tones: [SkinTone]) -> UInt32? {
        guard tones.count <= 9 else { return nil }
        return tones.reduce(0) { $0 * 10 + UInt32($1.rawValue) }
    }

    /// The digits with one digit for everybody when every person has the same tone, as
    /// ``SkinTone/normalized(_:)`` does for arrays: `11` → `1`, `15` stays `15`.
    static func normalized(_ digits: UInt32) -> UInt32 {
        let last = digits % 10
        var rest = digits / 10
        while rest > 0 && rest % 10 == last { rest /= 10 }
        return rest == 0 ? last : digits
    }

    /// How many people the digits give a tone to.
    static func personCount(_ digits: UInt32) -> Int {
        var count = 0
        var rest = digits
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Whether every digit is a tone (1–5) and there is at least one.
    static func isValid(_ digits: UInt32) -> Bool {
        guard digits > 0 else { return false }
        var rest = digits
        while rest > 0 {
            guard (1...5).contains(rest % 10) else { return false }
            rest /= 10
        }
        return true
    }
}

/// `emoji.bin` read and checked: its rows, and where each emoji's UTF-8 lies.
struct EmojiTableFile {
    let rows: EmojiRows
    let characters: EmojiCharacters

    init(path: String, subgroupCount: Int) throws(CatalogError) {
        guard let bytes = CatalogFileReader.contents(atPath: path) else { throw .missingFile(path: path) }
        func malformed(_ offset: Int, _ reason: String) -> CatalogError {
            .malformedBinaryFile(path: path, offset: offset, reason: reason)
        }
        guard bytes.count >= EmojiTableFormat.headerSize, bytes[0..<8].elementsEqual(EmojiTableFormat.magic) else {
            throw malformed(0, "not a Moji emoji table (no MOJIEMOJ header)")
        }
        let version = Self.uint32(bytes, at: 8)
        let count = Int(Self.uint32(bytes, at: 12))
        let blobSize = Int(Self.uint32(bytes, at: 16))
        guard version == CatalogFormat.version else {
            throw malformed(8, "format version \(version) is not \(CatalogFormat.version), the version this Moji reads")
        }
        let blobStart = EmojiTableFormat.headerSize + count * EmojiTableFormat.rowSize
        guard bytes.count == blobStart + blobSize else {
            throw malformed(
                min(bytes.count, blobStart + blobSize),
                "the file is \(bytes.count) bytes, not the \(blobStart + blobSize) its header announces")
        }
        let rows = EmojiRows(bytes: bytes, count: count)
        // Check every row while noting where each emoji's UTF-8 ends.
        var problem: (offset: Int, reason: String)?
        var end = blobStart
        let offsets = [Int32](unsafeUninitializedCapacity: count + 1) { offsets, initialized in
            offsets[0] = Int32(end)
            initialized = 1
            for index in 0..<count {
                let length = Int(rows.byte(index, 0))
                let base = rows.uint16(index, 6)
                let row = EmojiTableFormat.headerSize + index * EmojiTableFormat.rowSize
                guard length > 0, end + length <= bytes.count, rows.uint16(index, 2) < subgroupCount else {
                    problem = (
                        row,
                        "row \(index + 1) has an empty emoji, runs past the end or names an unknown "
                            + "subgroup"
                    )
                    return
                }
                if base != Int(EmojiTableFormat.noBase) {
                    guard base < index, EmojiTones.isValid(rows.uint32(index, 8)) else {
                        problem = (row, "row \(index + 1) is toned but names no earlier base or no tones 1 to 5")
                        return
                    }
                }
                // Each emoji must start on a scalar; the strings themselves are checked when
                // made (invalid UTF-8 reads as U+FFFD rather than failing).
                guard bytes[end] & 0xC0 != 0x80 else {
                    problem = (end, "row \(index + 1) does not start on a UTF-8 scalar")
                    return
                }
                end += length
                offsets[index + 1] = Int32(end)
                initialized = index + 2
            }
        }
        if let problem { throw malformed(problem.offset, problem.reason) }
        self.rows = rows
        characters = EmojiCharacters(utf8: bytes, offsets: offsets)
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(
            bytes[offset + 3]) << 24
    }
}
