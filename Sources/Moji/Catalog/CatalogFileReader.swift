import Foundation

/// Reads the line-and-tab catalog files that `moji-data` writes.
///
/// Each file is UTF-8 text, stored plain or as a zlib stream: one record a line, fields
/// separated by tabs, the first field a one-letter record kind. The first line is a header
/// naming the file kind and format version. Records are parsed straight from the bytes,
/// because the catalog must be ready in about a millisecond.
struct CatalogFileReader {
    let path: String
    /// The file's bytes, inflated when the file is compressed.
    let bytes: [UInt8]

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
}
