import Foundation

/// Reads the line-and-tab catalog files that `moji-data` writes.
///
/// Each file is UTF-8 text, stored plain or as a zlib stream: one record a line, fields separated by tabs, the first field a
/// one-letter record kind. The first line is a header naming the file kind and format version.
/// Records are parsed from bytes, because the catalog must be ready in about a millisecond.
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

    /// Calls `body` with each record's fields (as byte slices) and its 1-based line number,
    /// skipping the header line and empty lines.
    func forEachRecord(_ body: (_ fields: [ArraySlice<UInt8>], _ line: Int) throws(CatalogError) -> Void) throws(CatalogError) {
        var lineNumber = 0
        var start = 0
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(8)
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            if end > start && lineNumber > 1 {
                fields.removeAll(keepingCapacity: true)
                var fieldStart = start
                for position in start..<end where bytes[position] == 0x09 {
                    fields.append(bytes[fieldStart..<position])
                    fieldStart = position + 1
                }
                fields.append(bytes[fieldStart..<end])
                try body(fields, lineNumber)
            }
            start = end + 1
        }
    }

    func malformed(_ line: Int, _ reason: String) -> CatalogError {
        .malformedFile(path: path, line: line, reason: reason)
    }

    /// Checks the header record `kind<TAB>version…` and returns its fields.
    func header(expecting kind: String, version: Int) throws(CatalogError) -> [String] {
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let header = bytes[0..<end].split(separator: 0x09, omittingEmptySubsequences: false).map { Self.string($0) }
        guard header.first == kind else {
            throw malformed(1, "expected a '\(kind)' header; this is not a Moji catalog file")
        }
        guard header.count >= 2, Int(header[1]) == version else {
            throw malformed(1, "format version \(header.count >= 2 ? header[1] : "?") is not \(version), the version this Moji reads")
        }
        return header
    }

    static func string(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field, as: UTF8.self)
    }

    static func int(_ field: ArraySlice<UInt8>) -> Int? {
        guard !field.isEmpty else { return nil }
        var value = 0
        var negative = false
        for (offset, byte) in field.enumerated() {
            if offset == 0 && byte == 0x2D { negative = true; continue }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return negative ? -value : value
    }

    /// Parses dash-separated hex code points straight into a string.
    static func emojiString(hex field: ArraySlice<UInt8>) -> String? {
        var scalars = String.UnicodeScalarView()
        var value: UInt32 = 0
        var digits = 0
        func flush() -> Bool {
            guard digits > 0, let scalar = Unicode.Scalar(value) else { return false }
            scalars.append(scalar)
            value = 0
            digits = 0
            return true
        }
        for byte in field {
            switch byte {
            case 0x30...0x39: value = value << 4 | UInt32(byte - 0x30); digits += 1
            case 0x41...0x46: value = value << 4 | UInt32(byte - 0x41 + 10); digits += 1
            case 0x2D: guard flush() else { return nil }
            default: return nil
            }
        }
        guard flush() else { return nil }
        return String(scalars)
    }
}
