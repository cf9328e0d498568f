/// One source's part of a search index: the folded words and whole phrases of one locale's
/// names, keywords and CLDR shortcodes, of the locale-independent shortcodes, emoticons and
/// characters, or of the custom emoji.
///
/// Immutable once built, so an index shares it across queries and threads.
final class SearchSegment: Sendable {
    /// What a posting in ``words`` says matched.
    enum WordField: UInt8 {
        case name = 0
        case keyword = 1
        case shortcode = 2
    }

    /// What a posting in ``phrases`` says the whole query equals.
    enum PhraseKind: UInt8 {
        case character = 0
        case emoticon, nameRaw, nameWords, github, slack, emojibase, cldr, customCode
    }

    /// Phrase keys start with one of these bytes: the query's words joined by spaces, or its
    /// folded text with punctuation kept.
    static let wordsKeyMarker: UInt8 = 1
    static let rawKeyMarker: UInt8 = 2

    /// Where the strings come from, to say later what matched.
    enum Source: Sendable {
        case locale(LocalizedCatalog)
        case universal
        case custom
    }

    let words: TermTable
    let phrases: TermTable
    /// For words in scripts without spaces: the first two scalars of every inner suffix and the
    /// word's index, packed as `s0 << 43 | s1 << 22 | word` and sorted; `s1` is 0 at the end.
    let grams: [UInt64]
    /// How common each of ``words`` is in the segment's language (Zipf × 10, 0 unknown): the
    /// word prior of completions (``MatchCost/completion(ofName:frequency:isWhole:)``). Empty
    /// when the segment has none (shortcodes, custom emoji, a locale without data).
    let wordWeights: [UInt8]
    /// 0 for the chosen locale (and locale-independent data), 1 for the additional locales.
    let localeRank: UInt8
    let source: Source

    init(
        words: TermTable, phrases: TermTable, grams: [UInt64], wordWeights: [UInt8] = [], localeRank: UInt8,
        source: Source
    ) {
        self.words = words
        self.phrases = phrases
        self.grams = grams
        self.wordWeights = wordWeights.count == words.count ? wordWeights : []
        self.localeRank = localeRank
        self.source = source
    }

    /// This segment without the postings of `entries`, ranked `localeRank` and said to come from
    /// `source`: a language's segment under a regional locale's ``SearchSegmentFile/Delta``, which
    /// holds those entries' postings instead. Words keep their places, so the grams and word
    /// weights stand as they are.
    func removingPostings(of entries: [Int], localeRank: UInt8, source: Source) -> SearchSegment {
        var removed = [Bool](repeating: false, count: (entries.max() ?? -1) + 1)
        for entry in entries { removed[entry] = true }
        return SearchSegment(
            words: words.removingPostings(of: removed), phrases: phrases.removingPostings(of: removed), grams: grams,
            wordWeights: wordWeights, localeRank: localeRank, source: source)
    }

    /// The words that contain `scalars` past their first scalar, as indexes into ``words``
    /// (prefix matches are found by ``TermTable/prefixRange(of:)``).
    func wordsContaining(_ scalars: [UInt32], bytes: [UInt8], into output: inout [Int]) {
        guard let first = scalars.first else { return }
        let low: UInt64
        let high: UInt64
        if scalars.count == 1 {
            low = UInt64(first) << 43
            high = (UInt64(first) + 1) << 43
        } else {
            low = UInt64(first) << 43 | UInt64(scalars[1]) << 22
            high = low + (1 << 22)
        }
        var start = grams.partitionPoint { $0 < low }
        let needsCheck = scalars.count > 2
        var previous = -1
        while start < grams.count, grams[start] < high {
            let word = Int(grams[start] & 0x3F_FFFF)
            start += 1
            if word == previous { continue }
            previous = word
            if needsCheck && !contains(word: word, bytes) { continue }
            output.append(word)
        }
    }

    /// The words of a spaced script that contain `needle` (folded UTF-8, whole letters) past
    /// their first byte, as indexes into ``words``, in order: the parts of compounds ("denken" in
    /// "nachdenkendes", "zucken" in "schulterzuckend"). One pass over all the words' bytes, which
    /// lie back to back (a hit across two words is passed over), sixteen bytes at a time; still a
    /// scan of the whole table (about 1.5 µs for English), so the matcher asks only when a
    /// one-word query has few real matches.
    func wordsContaining(inside needle: [UInt8], into output: inout [Int]) {
        let n = needle.count
        guard n > 0 else { return }
        needle.withUnsafeBufferPointer { needle in
            words.bytes.withUnsafeBufferPointer { all in
                words.starts.withUnsafeBufferPointer { starts in
                    guard let base = all.baseAddress else { return }
                    let count = all.count
                    let first = needle[0]
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                    let firsts = ones &* UInt64(first)
                    let seconds = ones &* UInt64(n > 1 ? needle[1] : 0)
                    /// The high bit of each zero byte of `x`, exactly (no carries between bytes).
                    @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 {
                        ~(((x & lows) &+ lows) | x) & ~lows
                    }
                    @inline(__always) func load(_ offset: Int) -> UInt64 {
                        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                    }
                    /// Records the word of a hit at `offset` if the hit lies inside it; where later
                    /// hits may start (past that word, or past `offset`).
                    func record(_ offset: Int) -> Int {
                        var low = 0
                        var high = starts.count - 2
                        while low < high {
                            let middle = (low + high + 1) / 2
                            if Int(starts[middle]) <= offset { low = middle } else { high = middle - 1 }
                        }
                        let end = Int(starts[low + 1])
                        guard offset > Int(starts[low]), offset + n <= end else { return offset + 1 }
                        output.append(low)
                        return end
                    }
                    func matches(at offset: Int) -> Bool {
                        guard offset + n <= count else { return false }
                        var k = 1
                        while k < n && base[offset + k] == needle[k] { k += 1 }
                        return k == n
                    }
                    var offset = 0
                    // The end of the last word found: its other hits are no new word.
                    var skip = 0
                    // Sixteen bytes at a time, by the needle's first two bytes: most blocks hold
                    // no pair and cost a compare each.
                    let firstBlock = SIMD16<UInt8>(repeating: first)
                    let secondBlock = SIMD16<UInt8>(repeating: n > 1 ? needle[1] : 0)
                    while n > 1, offset + 17 <= count {
                        let block = UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
                        let next = UnsafeRawPointer(base + offset + 1).loadUnaligned(as: SIMD16<UInt8>.self)
                        guard any((block .== firstBlock) .& (next .== secondBlock)) else {
                            offset += 16
                            continue
                        }
                        // The first eight of the block, by bits: the bytes where the needle's first
                        // two bytes start have their high bit set.
                        var found = zeroBytes(load(offset) ^ firsts) & zeroBytes(load(offset + 1) ^ seconds)
                        while found != 0 {
                            // The lowest set bit is the earliest byte.
                            let at = offset + found.trailingZeroBitCount / 8
                            found &= found &- 1
                            if at >= skip, matches(at: at) { skip = record(at) }
                        }
                        offset = max(offset + 8, skip)
                    }
                    while offset < count {
                        offset = base[offset] == first && matches(at: offset) ? record(offset) : offset + 1
                    }
                }
            }
        }
    }

    private func contains(word: Int, _ needle: [UInt8]) -> Bool {
        let term = words.term(at: word)
        guard term.count > needle.count else { return false }
        var offset = term.startIndex + 1
        while offset + needle.count <= term.endIndex {
            if term[offset..<(offset + needle.count)].elementsEqual(needle) { return true }
            offset += 1
        }
        return false
    }
}

extension Array where Element == UInt64 {
    /// The first index whose element is not `isBefore`, for a sorted array.
    func partitionPoint(_ isBefore: (UInt64) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
