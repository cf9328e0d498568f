/// The order of entries that share a ``RankKey``: the common emoji first, from what the data
/// says about each (no list of favourites), where CLDR order used to decide alone.
///
/// An entry's prior, most significant first (ties in CLDR order, custom emoji after the
/// catalog's):
///
/// | prior                   | first                                                        |
/// |-------------------------|--------------------------------------------------------------|
/// | variant                 | not a gendered or directional variant of another emoji        |
/// | code points             | fewer code points (🎂 before 🧑‍🍳; FE0F not counted)          |
/// | version                 | an earlier Emoji version (❄️ 0.6 before 🏔️ 0.7)               |
///
/// A variant is a sequence that adds ♀, ♂ or ➡ to another emoji: it ranks after every
/// neutral emoji of its key.
///
/// ```
/// rank[entry]  ─▶ position in this order (what buckets sort)
/// entries[pos] ─▶ the entry at that position
/// ```
struct CommonFirstOrder: Sendable {
    /// Each entry's position in the order.
    let rank: [Int32]
    /// The entries in order: `entries[rank[e]] == e`.
    let entries: [Int32]

    /// The order of the catalog's entries followed by `customCount` custom emoji.
    init(emojis: [Emoji?], versions: [UInt16], customCount: Int) {
        let count = emojis.count + customCount
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        for (entry, emoji) in emojis.enumerated() {
            guard let emoji else {
                keys.append(UInt64.max << 32 | UInt64(entry))
                continue
            }
            keys.append(Self.prior(of: emoji.character, version: versions[entry]) << 32 | UInt64(entry))
        }
        // A custom emoji is one image of no Emoji version: after the catalog's single code
        // points, before its sequences; custom emoji keep their own order.
        let customPrior = Self.prior(of: "\u{FFFD}", version: 0xFFFF)
        for offset in 0..<customCount {
            keys.append(customPrior << 32 | UInt64(emojis.count + offset))
        }
        keys.sort()
        var rank = [Int32](repeating: 0, count: count)
        var entries = [Int32](repeating: 0, count: count)
        for (position, key) in keys.enumerated() {
            let entry = Int(truncatingIfNeeded: key & 0xFFFF_FFFF)
            rank[entry] = Int32(position)
            entries[position] = Int32(entry)
        }
        self.rank = rank
        self.entries = entries
    }

    /// Variant flag, code points and version, packed so a smaller value is more common.
    static func prior(of character: String, version: UInt16) -> UInt64 {
        var codePoints: UInt64 = 0
        var isVariant = false
        for scalar in character.unicodeScalars where scalar.value != 0xFE0F {
            codePoints += 1
            // ♀ ♂ ➡ after a joiner: a gendered or directional variant.
            if scalar.value == 0x2640 || scalar.value == 0x2642 || scalar.value == 0x27A1 { isVariant = true }
        }
        let variant: UInt64 = isVariant && codePoints > 1 ? 1 : 0
        return variant << 31 | min(codePoints, 0x7FFF) << 16 | UInt64(version)
    }
}
