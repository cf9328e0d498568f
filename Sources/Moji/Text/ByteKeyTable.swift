import Foundation

/// A hash table from short byte strings to `Int32`, looked up straight from a text buffer
/// without making a `String`: the shortcode and emoticon tables of ``Emojifier``.
struct ByteKeyTable: Sendable {
    private var keyBytes: [UInt8] = []
    private var keyStarts: [Int32] = [0]
    private var values: [Int32] = []
    /// Entry number + 1 per slot; 0 is empty. The count is a power of two, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)
    /// The longest key, in bytes.
    private(set) var maximumKeyLength = 0

    var count: Int { values.count }

    @inline(__always)
    private static func hash(_ p: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for offset in 0..<length { hash = (hash ^ UInt32(p[offset])) &* 16_777_619 }
        return hash
    }

    /// Adds `key`; an existing key keeps its value unless `replacing`.
    mutating func insert(_ key: [UInt8], value: Int32, replacing: Bool = false) {
        guard !key.isEmpty else { return }
        if let entry = key.withUnsafeBufferPointer({ entryIndex(for: $0.baseAddress!, count: key.count) }) {
            if replacing { values[entry] = value }
            return
        }
        if (values.count + 1) * 2 > slots.count { grow() }
        keyBytes.append(contentsOf: key)
        keyStarts.append(Int32(keyBytes.count))
        values.append(value)
        place(values.count - 1)
        maximumKeyLength = max(maximumKeyLength, key.count)
    }

    private mutating func place(_ entry: Int) {
        let start = Int(keyStarts[entry])
        let length = Int(keyStarts[entry + 1]) - start
        let mask = slots.count - 1
        var slot = keyBytes.withUnsafeBufferPointer { Int(Self.hash($0.baseAddress! + start, length)) & mask }
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for entry in values.indices { place(entry) }
    }

    private func entryIndex(for p: UnsafePointer<UInt8>, count length: Int) -> Int? {
        guard length > 0, length <= maximumKeyLength else { return nil }
        let mask = slots.count - 1
        var slot = Int(Self.hash(p, length)) & mask
        return keyBytes.withUnsafeBufferPointer { keys in
            while true {
                let entry = Int(slots[slot]) - 1
                if entry < 0 { return nil }
                let start = Int(keyStarts[entry])
                if Int(keyStarts[entry + 1]) - start == length && memcmp(keys.baseAddress! + start, p, length) == 0 {
                    return entry
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The value for the `length` bytes at `p`, or nil.
    @inline(__always)
    func value(at p: UnsafePointer<UInt8>, count length: Int) -> Int32? {
        entryIndex(for: p, count: length).map { values[$0] }
    }

    /// The value for `key`, or nil.
    func value(for key: String) -> Int32? {
        var key = key
        return key.withUTF8 { buffer in buffer.baseAddress.flatMap { value(at: $0, count: buffer.count) } }
    }
}
