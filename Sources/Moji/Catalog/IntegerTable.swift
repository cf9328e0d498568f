/// A fixed-capacity hash table from well-mixed 64-bit keys to small integers, filled once.
///
/// The catalog's lookup keys are already FNV hashes, so hashing them again with `Hasher`
/// (as `Dictionary` does) would double the work of loading; this table uses the key's bits
/// directly and probes linearly.
struct IntegerTable: Sendable {
    private var keys: [UInt64]
    private var values: [Int32]
    private let mask: Int
    private let shift: UInt64

    /// A table for up to `capacity` entries, kept at most half full.
    init(capacity: Int) {
        var bits: UInt64 = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        keys = Array(repeating: 0, count: 1 << bits)
        values = Array(repeating: -1, count: 1 << bits)
        mask = (1 << bits) - 1
        shift = 64 - bits
    }

    /// The number of slots (twice the capacity asked for, or more).
    var slotCount: Int { mask + 1 }

    /// Stores `value` for `key` unless the key is present; returns whether it was stored.
    @discardableResult
    mutating func insert(_ value: Int, for key: UInt64) -> Bool {
        var slot = slot(for: key)
        while values[slot] >= 0 {
            if keys[slot] == key { return false }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = Int32(value)
        return true
    }

    /// The value stored for `key`.
    subscript(key: UInt64) -> Int? {
        var slot = slot(for: key)
        while values[slot] >= 0 {
            if keys[slot] == key { return Int(values[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Fibonacci hashing: the top bits of the key times 2^64/φ, so structured keys (a base
    /// index beside a tone code) spread as well as random ones.
    private func slot(for key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
