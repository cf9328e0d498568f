import Foundation

/// Reads the line-and-tab catalog files that `moji-data` writes.
///
/// Each file is UTF-8 text, stored plain or as a zlib stream: one record a line, fields
/// separated by tabs, the first field a one-letter record kind. The first line is a header
/// naming the file kind and format version. Records are parsed straight from the bytes,
/// because the catalog must be ready in about a millisecond.
struct CatalogFileReader {
    let path: String
    private let bytes: [UInt8]

    init(url: URL) throws(CatalogError) {
        path = url.path
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .missingFile(path: url.path)
        }
        let raw = [UInt8](data)
        if raw.first == Zlib.magic {
            guard let inflated = Zlib.inflate(raw) else {
                throw .malformedFile(path: url.path, line: 0, reason: "the compressed data is damaged")
            }
            bytes = inflated
        } else {
            bytes = raw
        }
    }

    /// Calls `body` with each record after the header, skipping empty lines.
    func forEachRecord(_ body: (borrowing CatalogRecord) throws(CatalogError) -> Void) throws(CatalogError) {
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(CatalogError) in
            var fields: [Range<Int>] = []
            fields.reserveCapacity(16)
            var lineNumber = 0
            var start = 0
            let count = buffer.count
            while start < count {
                lineNumber += 1
                var end = start
                var fieldStart = start
                fields.removeAll(keepingCapacity: true)
                while end < count {
                    let byte = buffer[end]
                    if byte == 0x0A { break }
                    if byte == 0x09 {
                        fields.append(fieldStart..<end)
                        fieldStart = end + 1
                    }
                    end += 1
                }
                if end > start && lineNumber > 1 {
                    fields.append(fieldStart..<end)
                    // A buffer pointer rather than the array, so reusing the array never copies it.
                    try fields.withUnsafeBufferPointer { (ranges: UnsafeBufferPointer<Range<Int>>) throws(CatalogError) in
                        try body(CatalogRecord(bytes: buffer, fields: ranges, line: lineNumber))
                    }
                }
                start = end + 1
            }
        }
    }

    func malformed(_ line: Int, _ reason: String) -> CatalogError {
        .malformedFile(path: path, line: line, reason: reason)
    }

    /// Checks the header record `kind<TAB>version…` and returns its fields.
    func header(expecting kind: String, version: Int) throws(CatalogError) -> [String] {
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let header = bytes[0..<end].split(separator: 0x09, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard header.first == kind else {
            throw malformed(1, "expected a '\(kind)' header; this is not a Moji catalog file")
        }
        guard header.count >= 2, Int(header[1]) == version else {
            throw malformed(1, "format version \(header.count >= 2 ? header[1] : "?") is not \(version), the version this Moji reads")
        }
        return header
    }
}

/// One record of a catalog file: its fields as ranges into the file's bytes.
struct CatalogRecord: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    let fields: UnsafeBufferPointer<Range<Int>>
    let line: Int

    var count: Int { fields.count }

    /// The record kind when the first field is one ASCII letter, else 0.
    var kind: UInt8 { fields[0].count == 1 ? bytes[fields[0].lowerBound] : 0 }

    func isEmpty(_ field: Int) -> Bool { fields[field].isEmpty }

    func string(_ field: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[field]]), as: UTF8.self)
    }

    /// The fields from `field` on, as strings.
    func strings(from field: Int) -> [String] {
        (field..<fields.count).map { string($0) }
    }

    func int(_ field: Int) -> Int? {
        let range = fields[field]
        guard !range.isEmpty else { return nil }
        var value = 0
        var negative = false
        for position in range {
            let byte = bytes[position]
            if position == range.lowerBound && byte == 0x2D { negative = true; continue }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value &* 10 &+ Int(byte &- 0x30)
        }
        return negative ? -value : value
    }

    /// `major.minor` as an Emoji version.
    func version(_ field: Int) -> EmojiVersion? {
        var major = 0
        var minor = 0
        var digits = 0
        var seenDot = false
        for position in fields[field] {
            let byte = bytes[position]
            if byte == 0x2E && !seenDot { seenDot = true; continue }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            digits += 1
            if seenDot { minor = minor * 10 + Int(byte - 0x30) } else { major = major * 10 + Int(byte - 0x30) }
        }
        return digits > 0 ? EmojiVersion(major, minor) : nil
    }

    /// Dash-separated hex code points as a string, with ``CatalogStorage/lookupHash(_:)`` of its
    /// scalars computed in the same pass.
    func emojiString(hex field: Int) -> (string: String, hash: UInt64)? {
        // The longest RGI sequences (subdivision flags, families) take under 40 bytes of UTF-8.
        var utf8: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &utf8) { buffer -> (String, UInt64)? in
            var hash = CatalogStorage.hashSeed
            var length = 0
            var value: UInt32 = 0
            var digits = 0
            var position = fields[field].lowerBound
            let end = fields[field].upperBound
            while true {
                let byte: UInt8 = position < end ? bytes[position] : 0x2D
                switch byte {
                case 0x30...0x39: value = value << 4 | UInt32(byte - 0x30); digits += 1
                case 0x41...0x46: value = value << 4 | UInt32(byte - 0x41 + 10); digits += 1
                case 0x2D:
                    guard digits > 0, digits <= 6, length + 4 <= buffer.count, Unicode.Scalar(value) != nil else { return nil }
                    if value != 0xFE0F { hash = (hash ^ UInt64(value)) &* CatalogStorage.hashPrime }
                    if value < 0x80 {
                        buffer[length] = UInt8(value)
                        length += 1
                    } else if value < 0x800 {
                        buffer[length] = UInt8(0xC0 | value >> 6)
                        buffer[length + 1] = UInt8(0x80 | value & 0x3F)
                        length += 2
                    } else if value < 0x10000 {
                        buffer[length] = UInt8(0xE0 | value >> 12)
                        buffer[length + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                        buffer[length + 2] = UInt8(0x80 | value & 0x3F)
                        length += 3
                    } else {
                        buffer[length] = UInt8(0xF0 | value >> 18)
                        buffer[length + 1] = UInt8(0x80 | value >> 12 & 0x3F)
                        buffer[length + 2] = UInt8(0x80 | value >> 6 & 0x3F)
                        buffer[length + 3] = UInt8(0x80 | value & 0x3F)
                        length += 4
                    }
                    value = 0
                    digits = 0
                    if position >= end {
                        return (String(decoding: UnsafeRawBufferPointer(rebasing: buffer[0..<length]), as: UTF8.self), hash)
                    }
                default:
                    return nil
                }
                position += 1
            }
        }
    }
}
