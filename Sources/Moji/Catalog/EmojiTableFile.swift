import Foundation

/// The emoji table of a catalog (`emoji.bin`): one fixed-width row per emoji in CLDR order,
/// then the UTF-8 of every emoji back to back.
///
/// Binary because it is read on every start: rows decode with a few loads each, where the
/// same rows as text took most of the catalog's loading time.
///
/// Layout, little-endian: the 8-byte magic `MOJIEMOJ`; UInt32 format version; UInt32 row
/// count; UInt32 byte count of the UTF-8 blob; the rows; the blob. A row is 12 bytes:
/// UInt8 UTF-8 length, UInt8 flags (1: component), UInt16 subgroup index, UInt8 major and
/// UInt8 minor Emoji version, UInt16 index of the neutral base (`0xFFFF`: untoned), UInt32
/// tones per person as decimal digits 1–5 (`15`: light, dark; 0: none).
public enum EmojiTableFormat {
    /// The file's name in a catalog folder.
    public static let fileName = "emoji.bin"
    /// The first eight bytes.
    public static let magic = Array("MOJIEMOJ".utf8)
    /// Bytes before the rows.
    public static let headerSize = 20
    /// Bytes per row.
    public static let rowSize = 12
    /// The base index of an untoned emoji.
    public static let noBase: UInt16 = 0xFFFF
    /// The flag of a component.
    public static let componentFlag: UInt8 = 1
}

/// The emoji strings of a catalog, kept as one UTF-8 buffer; each `String` is made when read.
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
        utf8.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(offsets[index])..<Int(offsets[index + 1])]), as: UTF8.self)
        }
    }
}

/// The skin tones of every emoji, kept as `emoji.bin` stores them: the tones per person as
/// decimal digits 1–5, first person first (`15`: light, dark; 0: neutral).
///
/// `tones[index]` makes the `[SkinTone]` array when asked: making some 2,000 arrays up front
/// was a fifth of loading the catalog.
struct EmojiTones: RandomAccessCollection, Sendable {
    /// Each emoji's tones as decimal digits.
    let digits: [UInt32]

    var startIndex: Int { 0 }
    var endIndex: Int { digits.count }

    /// The tones of the emoji at `index`, one per person (empty when neutral).
    subscript(index: Int) -> [SkinTone] { Self.tones(digits[index]) }

    /// Whether the emoji at `index` carries no tone.
    func isNeutral(_ index: Int) -> Bool { digits[index] == 0 }

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
        while rest > 0 { count += 1; rest /= 10 }
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

/// The rows of `emoji.bin`, decoded into one array per column.
struct EmojiTableFile {
    let characters: EmojiCharacters
    /// ``CatalogStorage/lookupHash(_:)`` of each emoji, from its UTF-8.
    let hashes: [UInt64]
    let subgroupIndices: [Int]
    let versions: [EmojiVersion]
    let isComponent: [Bool]
    let baseIndices: [Int]
    let tones: EmojiTones

    init(path: String, subgroupCount: Int) throws(CatalogError) {
        guard let bytes = CatalogFileReader.contents(atPath: path) else { throw .missingFile(path: path) }
        func malformed(_ reason: String) -> CatalogError { .malformedFile(path: path, line: 0, reason: reason) }
        guard bytes.count >= EmojiTableFormat.headerSize, bytes[0..<8].elementsEqual(EmojiTableFormat.magic) else {
            throw malformed("not a Moji emoji table (no MOJIEMOJ header)")
        }
        let version = Self.uint32(bytes, at: 8), count = Int(Self.uint32(bytes, at: 12)), blobSize = Int(Self.uint32(bytes, at: 16))
        guard version == CatalogFormat.version else {
            throw malformed("format version \(version) is not \(CatalogFormat.version), the version this Moji reads")
        }
        let blobStart = EmojiTableFormat.headerSize + count * EmojiTableFormat.rowSize
        guard bytes.count == blobStart + blobSize else {
            throw malformed("the file is \(bytes.count) bytes, not the \(blobStart + blobSize) its header announces")
        }
        (hashes, subgroupIndices, versions, isComponent, baseIndices, tones, characters) = try bytes.withUnsafeBufferPointer {
            (file: UnsafeBufferPointer<UInt8>) throws(CatalogError) in
            // The row's byte at `offset`, and its little-endian UInt16 and UInt32 fields.
            func byte(_ index: Int, _ offset: Int) -> UInt8 {
                file[EmojiTableFormat.headerSize + index * EmojiTableFormat.rowSize + offset]
            }
            func uint16(_ index: Int, _ offset: Int) -> Int { Int(byte(index, offset)) | Int(byte(index, offset + 1)) << 8 }
            func uint32(_ index: Int, _ offset: Int) -> UInt32 { UInt32(uint16(index, offset)) | UInt32(uint16(index, offset + 2)) << 16 }

            // First check every row and hash its UTF-8; then read each column in one pass.
            var problem: String?
            var offset = blobStart
            let hashes = [UInt64](unsafeUninitializedCapacity: count) { hashes, initialized in
                initialized = 0
                for index in 0..<count {
                    let length = Int(byte(index, 0)), base = uint16(index, 6), tones = uint32(index, 8)
                    guard length > 0, offset + length <= file.count, uint16(index, 2) < subgroupCount else {
                        problem = "row \(index + 1) has an empty emoji, runs past the end or names an unknown subgroup"
                        return
                    }
                    if base != Int(EmojiTableFormat.noBase) {
                        guard base < index, EmojiTones.isValid(tones) else {
                            problem = "row \(index + 1) is toned but names no earlier base or no tones 1 to 5"
                            return
                        }
                    }
                    // Each emoji must start on a scalar; the strings themselves are checked
                    // when made (invalid UTF-8 reads as U+FFFD rather than failing).
                    guard file[offset] & 0xC0 != 0x80 else {
                        problem = "row \(index + 1) does not start on a UTF-8 scalar"
                        return
                    }
                    hashes[index] = CatalogStorage.lookupHash(UnsafeBufferPointer(rebasing: file[offset..<offset + length]))
                    initialized = index + 1
                    offset += length
                }
            }
            if let problem { throw malformed(problem) }
            var end = Int32(blobStart)
            let offsets = [Int32](unsafeUninitializedCapacity: count + 1) { offsets, initialized in
                offsets[0] = end
                for index in 0..<count {
                    end += Int32(byte(index, 0))
                    offsets[index + 1] = end
                }
                initialized = count + 1
            }
            return (
                hashes,
                Self.column(count) { uint16($0, 2) },
                Self.column(count) { EmojiVersion(Int(byte($0, 4)), Int(byte($0, 5))) },
                Self.column(count) { byte($0, 1) & EmojiTableFormat.componentFlag != 0 },
                Self.column(count) { index in
                    let base = uint16(index, 6)
                    return base == Int(EmojiTableFormat.noBase) ? index : base
                },
                // An emoji without a base counts as neutral, whatever its tone field holds.
                EmojiTones(digits: Self.column(count) { uint16($0, 6) == Int(EmojiTableFormat.noBase) ? 0 : uint32($0, 8) }),
                EmojiCharacters(utf8: bytes, offsets: offsets)
            )
        }
    }

    /// An array of `count` values, `value(index)` for each index, written in place.
    private static func column<Value>(_ count: Int, _ value: (Int) -> Value) -> [Value] {
        [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { (buffer.baseAddress! + index).initialize(to: value(index)) }
            initialized = count
        }
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
