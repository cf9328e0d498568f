import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
        try self.init(path: url.path)
    }

    init(path: String) throws(CatalogError) {
        self.path = path
        guard let raw = Self.contents(atPath: path) else { throw .missingFile(path: path) }
        if raw.first == Zlib.magic {
            var damage = 0
            guard let inflated = Zlib.inflate(raw, damageOffset: &damage) else {
                throw .malformedBinaryFile(
                    path: path, offset: damage,
                    reason: "the compressed data is damaged or cut short")
            }
            bytes = inflated
        } else {
            bytes = raw
        }
    }

    /// The bytes of the file at `path`, or nil when it cannot be read.
    ///
    /// Read with `open`/`read` straight into the array: `FileManager.contents(atPath:)` and a
    /// copy out of `Data` cost more than parsing a small catalog file.
    static func contents(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    complete = false
                    break
                }
                count += got
            }
        }
        return complete ? bytes : nil
    }

    /// Calls `body` with each record after the header, skipping empty lines.
    func forEachRecord(_ body: (borrowing CatalogRecord) throws(CatalogError) -> Void) throws(CatalogError) {
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(CatalogError) in
            guard let base = buffer.baseAddress else { return }
            // Field boundaries as start, end, start, end, … in scratch memory, doubled when a
            // record has more fields: emptying and refilling an array for every record cost
            // as much as finding the fields.
            var capacity = 32
            var bounds = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
            defer { bounds.deallocate() }
            var lineNumber = 0
            var start = 0
            let count = buffer.count
            while start < count {
                lineNumber += 1
                // memchr finds the line's end and each tab many bytes at a time.
                let end = Self.find(0x0A, in: base, from: start, to: count) ?? count
                if end > start && lineNumber > 1 {
                    var used = 0
                    var fieldStart = start
                    while true {
                        let fieldEnd = Self.find(0x09, in: base, from: fieldStart, to: end) ?? end
                        if used + 2 > capacity {
                            let grown = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
                            grown.initialize(from: bounds, count: used)
                            bounds.deallocate()
                            bounds = grown
                            capacity *= 2
                        }
                        bounds[used] = fieldStart
                        bounds[used + 1] = fieldEnd
                        used += 2
                        if fieldEnd == end { break }
                        fieldStart = fieldEnd + 1
                    }
                    try body(
                        CatalogRecord(
                            bytes: buffer, bounds: UnsafeBufferPointer(start: bounds, count: used), line: lineNumber))
                }
                start = end + 1
            }
        }
    }

    /// The offset of the first `byte` in `base[start..<end]`, or nil.
    private static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
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
            throw malformed(
                1,
                "format version \(header.count >= 2 ? header[1] : "?") is not \(version), the version this Moji reads")
        }
        return header
    }
}

/// One record of a catalog file: its fields as byte ranges into the file's bytes.
struct CatalogRecord: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where each field starts and ends in `bytes`: start, end, start, end, …
    let bounds: UnsafeBufferPointer<Int>
    let line: Int

    var count: Int { bounds.count / 2 }

    /// Where field `field` lies in the file's bytes.
    func range(_ field: Int) -> Range<Int> { bounds[2 * field]..<bounds[2 * field + 1] }

    /// The record kind when the first field is one ASCII letter, else 0.
    var kind: UInt8 { bounds[1] - bounds[0] == 1 ? bytes[bounds[0]] : 0 }

    func isEmpty(_ field: Int) -> Bool { bounds[2 * field] == bounds[2 * field + 1] }

    /// Whether field `field` is exactly `text`, without making a string.
    func equals(_ field: Int, _ text: String) -> Bool {
        let field = UnsafeBufferPointer(rebasing: bytes[range(field)])
        var text = text
        return text.withUTF8 {
            $0.count == field.count && ($0.isEmpty || memcmp($0.baseAddress!, field.baseAddress!, $0.count) == 0)
        }
    }

    /// ``CatalogStorage/lookupHash(_:)`` of field `field`'s bytes.
    func lookupHash(_ field: Int) -> UInt64 {
        CatalogStorage.lookupHash(UnsafeBufferPointer(rebasing: bytes[range(field)]))
    }

    func string(_ field: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range(field)]), as: UTF8.self)
    }

    /// The fields from `field` on, as strings.
    func strings(from field: Int) -> [String] {
        (field..<count).map { string($0) }
    }

    func int(_ field: Int) -> Int? {
        let start = bounds[2 * field]
        let end = bounds[2 * field + 1]
        guard start < end else { return nil }
        var position = start
        let negative = bytes[position] == 0x2D
        if negative { position += 1 }
        var value = 0
        while position < end {
            let digit = bytes[position] &- 0x30
            guard digit <= 9 else { return nil }
            value = value &* 10 &+ Int(digit)
            position += 1
        }
        return negative ? -value : value
    }
}
