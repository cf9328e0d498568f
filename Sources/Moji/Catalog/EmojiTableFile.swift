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
    private let utf8: [UInt8]
    /// Where each emoji's UTF-8 starts; one more entry marks the end of the last.
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

/// The rows of `emoji.bin`, decoded.
struct EmojiTableFile {
    var characters = EmojiCharacters(utf8: [], offsets: [0])
    var hashes: [UInt64] = []
    var subgroupIndices: [Int] = []
    var versions: [EmojiVersion] = []
    var isComponent: [Bool] = []
    var baseIndices: [Int] = []
    var tones: [[SkinTone]] = []

    init(url: URL, subgroupCount: Int) throws(CatalogError) {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .missingFile(path: url.path) }
        let bytes = [UInt8](data)
        func malformed(_ reason: String) -> CatalogError { .malformedFile(path: url.path, line: 0, reason: reason) }
        guard bytes.count >= EmojiTableFormat.headerSize, Array(bytes[0..<8]) == EmojiTableFormat.magic else {
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
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(count + 1)
        hashes.reserveCapacity(count)
        subgroupIndices.reserveCapacity(count)
        versions.reserveCapacity(count)
        isComponent.reserveCapacity(count)
        baseIndices.reserveCapacity(count)
        tones.reserveCapacity(count)
        var offset = blobStart
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(CatalogError) in
            for index in 0..<count {
                let row = EmojiTableFormat.headerSize + index * EmojiTableFormat.rowSize
                let length = Int(buffer[row])
                let subgroup = Int(buffer[row + 2]) | Int(buffer[row + 3]) << 8
                let base = UInt16(buffer[row + 6]) | UInt16(buffer[row + 7]) << 8
                var toneDigits = Int(Self.uint32(buffer, at: row + 8))
                guard length > 0, offset + length <= buffer.count, subgroup < subgroupCount else {
                    throw malformed("row \(index + 1) has an empty emoji, runs past the end or names an unknown subgroup")
                }
                let utf8 = UnsafeBufferPointer(rebasing: buffer[offset..<offset + length])
                guard let hash = Self.lookupHash(utf8) else { throw malformed("row \(index + 1) is not valid UTF-8") }
                hashes.append(hash)
                offset += length
                offsets.append(Int32(offset - blobStart))
                subgroupIndices.append(subgroup)
                versions.append(EmojiVersion(Int(buffer[row + 4]), Int(buffer[row + 5])))
                isComponent.append(buffer[row + 1] & EmojiTableFormat.componentFlag != 0)
                if base == EmojiTableFormat.noBase {
                    baseIndices.append(index)
                    tones.append([])
                } else {
                    guard Int(base) < index, toneDigits > 0 else {
                        throw malformed("row \(index + 1) is toned but names no earlier base or no tones")
                    }
                    var digits = 0
                    var rest = toneDigits
                    while rest > 0 { digits += 1; rest /= 10 }
                    var invalid = false
                    let personTones = [SkinTone](unsafeUninitializedCapacity: digits) { tones, count in
                        for person in stride(from: digits - 1, through: 0, by: -1) {
                            guard let tone = SkinTone(rawValue: toneDigits % 10) else { invalid = true; break }
                            (tones.baseAddress! + person).initialize(to: tone)
                            toneDigits /= 10
                        }
                        count = invalid ? 0 : digits
                    }
                    guard !invalid else { throw malformed("row \(index + 1) has tones other than digits 1 to 5") }
                    baseIndices.append(Int(base))
                    tones.append(personTones)
                }
            }
        }
        characters = EmojiCharacters(utf8: Array(bytes[blobStart...]), offsets: offsets)
    }

    private static func uint32<Bytes: Collection<UInt8>>(_ bytes: Bytes, at offset: Int) -> UInt32 where Bytes.Index == Int {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    /// ``CatalogStorage/lookupHash(_:)`` computed from UTF-8; nil when the bytes are not UTF-8.
    static func lookupHash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var hash = CatalogStorage.hashSeed
        var position = 0
        while position < utf8.count {
            let lead = utf8[position]
            let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard width > 0, position + width <= utf8.count else { return nil }
            var value = width == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (width + 1))
            for continuation in 1..<max(width, 1) {
                let byte = utf8[position + continuation]
                guard byte & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            if value != 0xFE0F { hash = (hash ^ UInt64(value)) &* CatalogStorage.hashPrime }
            position += width
        }
        return hash
    }
}
