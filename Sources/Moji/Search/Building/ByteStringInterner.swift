/// Gives each distinct byte string a number, in order of first appearance: an open-addressing
/// hash table over one buffer of bytes.
///
/// The search index builder interns every word it reads (tens of thousands per locale), so a
/// lookup is kept to a few dozen instructions: the hash reads at most three overlapping 8-byte
/// words for the short keys it sees, and equal hashes are confirmed 8 bytes at a time. Slots are
/// 4 bytes (the table is at most half full), so the table touches little memory.
final class ByteStringInterner {
    /// Every string's bytes, back to back, in numbering order.
    let bytes: PlainBuffer<UInt8>
    /// Where string `i` starts in `bytes`; `starts[count]` is the end.
    let starts: PlainBuffer<UInt32>
    /// String numbers + 1 (0 is empty).
    @exclusivity(unchecked) private var slots: PlainBuffer<UInt32>
    /// Each string's hash, to grow without rehashing and to skip most byte comparisons.
    private let hashes: PlainBuffer<UInt32>

    init(expectedCount: Int) {
        var capacity = 1024
        while capacity < expectedCount * 2 { capacity *= 2 }
        slots = PlainBuffer(zeroed: capacity)
        hashes = PlainBuffer(capacity: expectedCount)
        bytes = PlainBuffer(capacity: expectedCount * 8)
        starts = PlainBuffer(capacity: expectedCount + 1)
        starts.append(0)
    }

    var count: Int { starts.count - 1 }

    /// The bytes of string `number`.
    @inline(__always)
    func bytes(of number: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(starts[number])
        return UnsafeBufferPointer(start: bytes.base + start, count: Int(starts[number + 1]) - start)
    }

    /// The number of `key`, adding it if it is new.
    func intern(_ key: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        if count * 2 >= slots.count { grow() }
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            let number = Int(stored) - 1
            if hashes[number] == hash {
                let start = Int(starts[number])
                if Int(starts[number + 1]) - start == key.count, Self.equal(bytes.base + start, key) {
                    return (number, false)
                }
            }
            slot = (slot + 1) & mask
        }
        let number = count
        bytes.append(bytes: key)
        starts.append(UInt32(truncatingIfNeeded: bytes.count))
        hashes.append(hash)
        slots[slot] = UInt32(truncatingIfNeeded: number + 1)
        return (number, true)
    }

    /// Whether the `key.count` bytes at `stored` are `key`'s (compared 8 bytes at a time).
    @inline(__always)
    private static func equal(_ stored: UnsafePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = key.count
        guard let base = key.baseAddress else { return true }
        let a = UnsafeRawPointer(stored)
        let b = UnsafeRawPointer(base)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                    return false
                }
                offset += 8
            }
            // The last eight bytes, overlapping the ones compared above.
            return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        var offset = 0
        while offset < count {
            if stored[offset] != base[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Doubles the slots, placing each string again by its stored hash.
    private func grow() {
        let larger = PlainBuffer<UInt32>(zeroed: slots.count * 2)
        let mask = larger.count - 1
        for number in 0..<count {
            var slot = Int(hashes[number]) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = UInt32(truncatingIfNeeded: number + 1)
        }
        slots = larger
    }

    /// A 32-bit hash of `key`, eight bytes at a time (the last eight, or fewer, overlapping).
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let count = key.count
        guard let base = key.baseAddress, count > 0 else { return 0 }
        let raw = UnsafeRawPointer(base)
        var hash = 0x9E37_79B9_7F4A_7C15 &* UInt64(count &+ 1)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        } else if count >= 4 {
            let first = UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let last = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            hash = mix(hash ^ (first << 32 | last))
        } else {
            hash = mix(hash ^ (UInt64(base[0]) << 16 | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1])))
        }
        return UInt32(truncatingIfNeeded: hash >> 32)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value &* 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 32
        return value &* 0xC4CE_B9FE_1A85_EC53
    }
}
