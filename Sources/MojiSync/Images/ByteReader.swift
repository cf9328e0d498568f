/// Bounds-checked reads of fixed-width integers from an image's bytes.
///
/// Every read returns `nil` past the end instead of trapping, and offsets are compared
/// against the remaining count rather than added first, so a length near `UInt32.max`
/// from a hostile file can neither overflow nor point outside the buffer.
struct ByteReader {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    /// Whether `length` bytes are available at `offset`.
    func has(_ length: Int, at offset: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    func u8(at offset: Int) -> UInt8? {
        has(1, at: offset) ? bytes[offset] : nil
    }

    func u16BE(at offset: Int) -> Int? {
        guard has(2, at: offset) else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func u16LE(at offset: Int) -> Int? {
        guard has(2, at: offset) else { return nil }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    func u24LE(at offset: Int) -> Int? {
        guard has(3, at: offset) else { return nil }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
    }

    /// A 32-bit value as `UInt32`, so callers decide how to bring it into `Int` (32 bits on watchOS).
    func u32BE(at offset: Int) -> UInt32? {
        guard has(4, at: offset) else { return nil }
        return (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    func u32LE(at offset: Int) -> UInt32? {
        guard has(4, at: offset) else { return nil }
        return (0..<4).reversed().reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// Whether the bytes at `offset` are exactly `expected`.
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard has(expected.count, at: offset) else { return false }
        return bytes[offset..<offset + expected.count].elementsEqual(expected)
    }

    /// Four bytes as a chunk name (`IHDR`, `VP8X`), for messages; bytes outside ASCII letters show as `?`.
    func fourCC(at offset: Int) -> String {
        guard has(4, at: offset) else { return "" }
        return String(
            decoding: bytes[offset..<offset + 4].map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") },
            as: UTF8.self)
    }
}
