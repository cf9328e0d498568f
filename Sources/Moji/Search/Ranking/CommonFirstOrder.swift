/// The order of entries that share a ``RankKey`` bucket: the emoji people use more first (the
/// emoji prior, ``EmojiPriors``), then what the data says about each, where CLDR order used to
/// decide alone.
///
/// An entry's prior, most significant first (ties in CLDR order, custom emoji after the
/// catalog's):
///
/// | prior                   | first                                                        |
/// |-------------------------|--------------------------------------------------------------|
/// | variant                 | not a gendered or directional variant of another emoji        |
/// | usage                   | the emoji people use more (Zipf frequency as a token in       |
/// |                         | wordfreq's data; emoji without data after all with)           |
/// | tagged                  | one that GitHub's gemoji gives search tags to: a person       |
/// |                         | judged it commonly searched (🌙 before 🌔 and 🌑 for "moon")   |
/// | code points             | fewer code points (😘 before 👩‍❤️‍💋‍👨; FE0F not counted)        |
/// | major version           | an earlier major Emoji version (👌 0.6 before 🫱 14.0)         |
/// | name words              | fewer words in the first locale's name (🍒 "cherries" before  |
/// |                         | 🌸 "cherry blossom")                                          |
/// | minor version           | an earlier minor Emoji version                               |
///
/// A variant is a sequence that adds ♀, ♂ or ➡ to another emoji, or that starts with 👨 or
/// 👩 where 🧑 makes the neutral form (👩‍🚀 beside 🧑‍🚀, 👨‍👩‍👧 beside 👪): it ranks after every
/// neutral emoji of its key, so "rocket" lists 🚀 and 🧑‍🚀 before the man and woman astronauts,
/// while "woman astronaut" still finds 👩‍🚀 first (🧑‍🚀 does not match "woman"). Toned forms are
/// not entries: they follow their base.
///
/// Custom emoji count as untagged and unused.
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

    /// The order of the catalog's entries followed by `customCount` custom emoji; `nameWords`
    /// holds each entry's number of words in the first locale's name (a custom emoji's name, or
    /// its code); `frequencies` each catalog entry's usage (Zipf × 100, 0 unknown; empty when
    /// the catalog has no priors); `tagged` whether gemoji gives each catalog entry search tags.
    init(
        emojis: [Emoji?], versions: [UInt16], nameWords: [UInt16], frequencies: [UInt16] = [],
        tagged: some RandomAccessCollection<Bool>, customCount: Int
    ) {
        let count = emojis.count + customCount
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        for (entry, emoji) in emojis.enumerated() {
            guard let emoji else {
                keys.append(UInt64.max << 32 | UInt64(entry))
                continue
            }
            keys.append(
                Self.prior(
                    of: emoji.character, version: versions[entry], nameWords: nameWords[entry],
                    frequency: entry < frequencies.count ? frequencies[entry] : 0,
                    isTagged: tagged[tagged.index(tagged.startIndex, offsetBy: entry)]) << 32
                    | UInt64(entry))
        }
        // A custom emoji is one image of no Emoji version: after the catalog's single code
        // points, before its sequences; custom emoji keep their own order.
        for offset in 0..<customCount {
            let entry = emojis.count + offset
            keys.append(
                Self.prior(of: "\u{FFFD}", version: 0xFFFF, nameWords: nameWords[entry], isTagged: false) << 32
                    | UInt64(entry))
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

    /// The prior of an emoji, packed so a smaller value is more common:
    ///
    /// ```
    ///  30  29        20  19  18    15 14     9 8      4 3      0
    /// ┌───┬────────────┬───┬────────┬────────┬────────┬────────┐
    /// │ v │ 1023 − use │ u │code pts│ major  │ words  │ minor  │
    /// └───┴────────────┴───┴────────┴────────┴────────┴────────┘
    /// ```
    ///
    /// `v`: a variant; `use`: Zipf frequency × 100 (at most 1023); `u`: untagged.
    static func prior(
        of character: String, version: UInt16, nameWords: UInt16, frequency: UInt16 = 0, isTagged: Bool
    ) -> UInt64 {
        var codePoints: UInt64 = 0
        var isVariant = false
        for scalar in character.unicodeScalars where scalar.value != 0xFE0F {
            codePoints += 1
            // ♀ ♂ ➡ after a joiner: a gendered or directional variant.
            if scalar.value == 0x2640 || scalar.value == 0x2642 || scalar.value == 0x27A1 { isVariant = true }
            // 👨 or 👩 first in a sequence: 🧑 makes the neutral form of every such RGI sequence.
            if codePoints == 1, scalar.value == 0x1F468 || scalar.value == 0x1F469 { isVariant = true }
        }
        let variant: UInt64 = isVariant && codePoints > 1 ? 1 : 0
        let unused = UInt64(1023 - min(frequency, 1023))
        let untagged: UInt64 = isTagged ? 0 : 1
        return variant << 30 | unused << 20 | untagged << 19 | min(codePoints, 0xF) << 15
            | UInt64(min(version >> 8, 0x3F)) << 9 | UInt64(min(nameWords, 0x1F)) << 4
            | UInt64(min(version & 0xFF, 0xF))
    }

    /// The number of words in a name, in UTF-8 (split where ``TextFolding`` splits words).
    static func wordCount(ofName utf8: UnsafeBufferPointer<UInt8>) -> UInt16 {
        var words: UInt16 = 0
        var inWord = false
        UTF8Codec.forEachScalar(in: utf8) { value in
            let isWord = Unicode.Scalar(value).map(TextFolding.isWordCharacter) ?? false
            if isWord && !inWord { words &+= 1 }
            inWord = isWord
        }
        return words
    }
}
