import Foundation

/// A string of bytes (folded UTF-8) as a dictionary key and sort key: hashed in one call and
/// compared without per-element generics, where `[UInt8]` hashes byte by byte (the index
/// builder looks up every word it reads, tens of thousands per locale).
struct ByteString: Hashable, Comparable {
    var bytes: [UInt8]

    init(_ bytes: [UInt8] = []) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: ByteString, rhs: ByteString) -> Bool { lhs.bytes == rhs.bytes }

    /// Byte order, which is code point order for UTF-8.
    static func < (lhs: ByteString, rhs: ByteString) -> Bool {
        lhs.bytes.withUnsafeBytes { a in
            rhs.bytes.withUnsafeBytes { b in
                let order = a.isEmpty || b.isEmpty ? 0 : memcmp(a.baseAddress!, b.baseAddress!, min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }
}
