/// Folds and collects one source's strings into a ``SearchSegment``.
///
/// Works on the strings' UTF-8 bytes: it splits text into raw words, and folds each distinct raw
/// word only once (a locale's names and keywords repeat a few thousand words tens of thousands
/// of times), so most words cost a hash of their bytes. A name written in words and single
/// spaces gives both its phrase keys from its folded words without folding it again.
final class SearchSegmentBuilder {
    /// A builder sized for about `expectedTerms` distinct words and as many phrases (a locale
    /// has 4,000 to 7,000): tables sized up front do not regrow, and tables sized too large
    /// cost fresh pages.
    init(expectedTerms: Int = 4096) {
        words = TermTableBuilder(expectedTerms: expectedTerms)
        phrases = TermTableBuilder(expectedTerms: expectedTerms)
        rawWords = ByteStringInterner(expectedCount: 2 * expectedTerms)
        rawWordTerms = PlainBuffer<UInt32>(capacity: 2 * expectedTerms)
    }

    /// The folding table of letters below U+2000, read once per builder.
    private let latin = LatinFolding.table

    // Sized by `init`: a hash table is zero-filled and at most half full, so a larger start
    // touches memory for nothing, while growing zero-fills and fills a table again.
    private let words: TermTableBuilder
    private let phrases: TermTableBuilder
    /// Raw (unfolded) words seen so far; `rawWordTerms[i]` is raw word `i`'s term in `words`
    /// plus one, or 0 when it folds to nothing.
    private let rawWords: ByteStringInterner
    private let rawWordTerms: PlainBuffer<UInt32>
    /// Terms in scripts without spaces (two scalars or more), indexed by substring too.
    @exclusivity(unchecked) private var unspacedTerms: [UInt32] = []

    @exclusivity(unchecked) private var scalars: [UInt32] = []
    private let key = PlainBuffer<UInt8>(capacity: 256)
    /// The terms of the last text added with ``addWords(of:field:entry:)``.
    private let textTerms = PlainBuffer<UInt32>(capacity: 64)
    /// Whether that text was only words separated by single spaces, each folding to something.
    @exclusivity(unchecked) private var textIsPlainWords = false

    /// A name: its words, its whole folded text, and its words joined by spaces.
    func addName(_ name: String, entry: Int) {
        var name = name
        name.withUTF8 { addName(utf8: $0, entry: entry) }
    }

    /// ``addName(_:entry:)`` for a name's UTF-8 bytes (valid UTF-8), read where they are stored.
    func addName(utf8 name: UnsafeBufferPointer<UInt8>, entry: Int) {
        addWords(of: name, field: .name, entry: entry)
        guard !textTerms.isEmpty else {
            addRawPhrase(name, kind: .nameRaw, entry: entry)
            return
        }
        key.removeAll()
        key.append(SearchSegment.rawKeyMarker)
        for position in 0..<textTerms.count {
            if position > 0 { key.append(0x20) }
            words.appendBytes(of: Int(textTerms[position]), to: key)
        }
        let posting = UInt32(entry) << 8
        if textIsPlainWords {
            // The folded text is the words joined by spaces: one key with two markers.
            phrases.add(key.buffer, posting: posting | UInt32(SearchSegment.PhraseKind.nameRaw.rawValue))
            key[0] = SearchSegment.wordsKeyMarker
            phrases.add(key.buffer, posting: posting | UInt32(SearchSegment.PhraseKind.nameWords.rawValue))
        } else {
            var joined = Array(key.buffer)
            joined[0] = SearchSegment.wordsKeyMarker
            addRawPhrase(name, kind: .nameRaw, entry: entry)
            joined.withUnsafeBufferPointer { _ = phrases.add($0, posting: posting | UInt32(SearchSegment.PhraseKind.nameWords.rawValue)) }
        }
    }

    /// Keywords: their words.
    func addKeywords(_ keywords: [String], entry: Int) {
        for keyword in keywords { addKeywords(field: keyword, entry: entry) }
    }

    /// A keyword field as stored ('|' between keywords, which separates words anyway): its words.
    func addKeywords(field: String, entry: Int) {
        var field = field
        field.withUTF8 { addWords(of: $0, field: .keyword, entry: entry) }
    }

    /// A shortcode (without colons): its words, and the whole code. Returns the code's phrase
    /// term for ``addPhrase(term:kind:entry:)``, or nil if it folds to nothing.
    @discardableResult
    func addShortcode(_ code: String, kind: SearchSegment.PhraseKind, entry: Int) -> Int? {
        var code = code
        return code.withUTF8 { code in
            addWords(of: code, field: .shortcode, entry: entry)
            return addRawPhrase(code, kind: kind, entry: entry)
        }
    }

    /// A phrase term returned by ``addShortcode(_:kind:entry:)`` for the same entry, under another
    /// kind: what adding the same code again gives (its words' postings are already there).
    func addPhrase(term: Int, kind: SearchSegment.PhraseKind, entry: Int) {
        phrases.add(term: term, posting: UInt32(entry) << 8 | UInt32(kind.rawValue))
    }

    /// An emoticon or the emoji character: matched only whole (or, for emoticons, by prefix
    /// when the query has no words).
    func addExact(_ text: String, kind: SearchSegment.PhraseKind, entry: Int) {
        var text = text
        text.withUTF8 { _ = addRawPhrase($0, kind: kind, entry: entry) }
    }

    // MARK: Words

    /// Adds a posting for each word of `utf8`, setting ``textTerms`` and ``textIsPlainWords``.
    private func addWords(of utf8: UnsafeBufferPointer<UInt8>, field: SearchSegment.WordField, entry: Int) {
        textTerms.removeAll()
        let posting = UInt32(entry) << 8 | UInt32(field.rawValue)
        var plain = true
        let count = utf8.count
        guard let bytes = utf8.baseAddress, count > 0 else {
            textIsPlainWords = true
            return
        }
        var index = 0
        var wordStart = -1
        var previousWasSpace = true
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if Self.isASCIIWordByte(lead) {
                    // A run of ASCII letters and digits, the most common bytes by far.
                    if wordStart < 0 { wordStart = index }
                    index += 1
                    while index < count, Self.isASCIIWordByte(bytes[index]) { index += 1 }
                    previousWasSpace = false
                    continue
                }
                // One space between words keeps the text plain; anything else does not.
                if lead != 0x20 || previousWasSpace { plain = false }
                previousWasSpace = true
                if wordStart >= 0 {
                    addWord(UnsafeBufferPointer(start: bytes + wordStart, count: index - wordStart), posting: posting, plain: &plain)
                    wordStart = -1
                }
                index += 1
                continue
            }
            let (value, length) = Self.decode(utf8, at: index)
            let isWord = value < 0x2000 ? latin.isWordCharacter(value) : Self.isWordCharacter(value)
            // The folded text drops variation selectors, which words keep.
            if !isWord || value == 0xFE0F || value == 0xFE0E { plain = false }
            previousWasSpace = false
            if isWord {
                if wordStart < 0 { wordStart = index }
            } else if wordStart >= 0 {
                addWord(UnsafeBufferPointer(start: bytes + wordStart, count: index - wordStart), posting: posting, plain: &plain)
                wordStart = -1
            }
            index += length
        }
        if wordStart >= 0 {
            addWord(UnsafeBufferPointer(start: bytes + wordStart, count: count - wordStart), posting: posting, plain: &plain)
        } else {
            plain = false  // ends with a space
        }
        textIsPlainWords = plain
    }

    private func addWord(_ raw: UnsafeBufferPointer<UInt8>, posting: UInt32, plain: inout Bool) {
        let (number, isNew) = rawWords.intern(raw)
        let term: UInt32
        if isNew {
            term = foldedTerm(raw)
            rawWordTerms.append(term)
        } else {
            term = rawWordTerms[number]
        }
        guard term > 0 else {
            plain = false
            return
        }
        words.add(term: Int(term - 1), posting: posting)
        textTerms.append(term - 1)
    }

    /// Folds a raw word into `words`, returning its term + 1, or 0 if it folds to nothing.
    private func foldedTerm(_ raw: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if Self.isFoldedASCII(raw) {
            // Lowercase letters and digits fold to themselves: the raw bytes are the term.
            return UInt32(words.intern(raw).number + 1)
        }
        key.removeAll()
        var scalarCount = 0
        var isUnspaced = false
        if !Self.foldSimply(raw, into: key, latin: latin, scalarCount: &scalarCount, isUnspaced: &isUnspaced) {
            scalars.removeAll(keepingCapacity: true)
            var index = 0
            while index < raw.count {
                let (value, length) = Self.decode(raw, at: index)
                if let scalar = Unicode.Scalar(value) { TextFolding.append(scalar, to: &scalars) }
                index += length
            }
            key.removeAll()
            for scalar in scalars { key.appendUTF8(scalar) }
            scalarCount = scalars.count
            isUnspaced = scalars.contains(where: TextFolding.isUnspacedScript)
        }
        guard scalarCount > 0 else { return 0 }
        let (term, isNew) = words.intern(key.buffer)
        if isNew, scalarCount > 1, isUnspaced { unspacedTerms.append(UInt32(term)) }
        return UInt32(term + 1)
    }

    /// Folds a word whose every scalar folds on its own, as ``TextFolding/append(_:to:)`` does,
    /// straight to UTF-8; false (leaving `output` unspecified) if some scalar does not.
    private static func foldSimply(
        _ raw: UnsafeBufferPointer<UInt8>, into output: PlainBuffer<UInt8>, latin: LatinFolding.Table,
        scalarCount: inout Int, isUnspaced: inout Bool
    ) -> Bool {
        var index = 0
        while index < raw.count {
            let (value, length) = decode(raw, at: index)
            index += length
            guard foldScalarSimply(value, into: output, latin: latin, scalarCount: &scalarCount, isUnspaced: &isUnspaced) else {
                return false
            }
        }
        return true
    }

    /// Appends the folded form of a scalar that folds on its own (ASCII; letters below U+2000 by
    /// ``LatinFolding``; kana, CJK and Hangul syllables; emoji) as ``TextFolding/append(_:to:)`` does;
    /// false for any other scalar (voiced sound marks compose with the kana before them,
    /// full-width forms, cased symbols …), which the caller folds the slow way.
    @inline(__always)
    private static func foldScalarSimply(
        _ value: UInt32, into output: PlainBuffer<UInt8>, latin: LatinFolding.Table,
        scalarCount: inout Int, isUnspaced: inout Bool
    ) -> Bool {
        if value < 0x80 {
            output.append(UInt8(truncatingIfNeeded: (0x41...0x5A).contains(value) ? value + 0x20 : value))
            scalarCount += 1
            return true
        }
        var folded = value
        if value < 0x2000 {
            if let mapped = latin[value] {
                for scalar in mapped {
                    output.appendUTF8(scalar)
                    scalarCount += 1
                    if isUnspacedScript(scalar) { isUnspaced = true }
                }
                return true
            }
            if TextFolding.isCombiningDiacritic(value) { return true }
            output.appendUTF8(value)
            scalarCount += 1
            if isUnspacedScript(value) { isUnspaced = true }
            return true
        } else {
            // Kana, CJK and Hangul syllables are scripts without spaces; emoji are not.
            switch value {
            case 0x30A1...0x30F6:  // katakana → hiragana
                folded = value - 0x60
                isUnspaced = true
            case 0x3041...0x3096, 0x30FC, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
                isUnspaced = true
            case 0x200D, 0x2600...0x27BF, 0x2B00...0x2BFF, 0x1F000...0x1FAFF, 0xE0020...0xE007F:
                break  // emoji, joiners and tags: no case, not marks
            default:
                return false
            }
        }
        output.appendUTF8(folded)
        scalarCount += 1
        return true
    }

    // MARK: Phrases

    /// Adds the folded text with its punctuation (``TextFolding/rawKey(_:into:maximumScalars:)``):
    /// in one pass over the bytes when every scalar folds on its own, else the slow way. Returns
    /// its phrase term, or nil if it folds to nothing.
    @discardableResult
    private func addRawPhrase(_ utf8: UnsafeBufferPointer<UInt8>, kind: SearchSegment.PhraseKind, entry: Int) -> Int? {
        key.removeAll()
        key.append(SearchSegment.rawKeyMarker)
        if !appendRawKeySimply(utf8) {
            key.removeAll()
            key.append(SearchSegment.rawKeyMarker)
            TextFolding.rawKey(String(decoding: utf8, as: UTF8.self), into: &scalars)
            for scalar in scalars { key.appendUTF8(scalar) }
        }
        guard key.count > 1 else { return nil }
        return phrases.add(key.buffer, posting: UInt32(entry) << 8 | UInt32(kind.rawValue))
    }

    /// Appends the raw key of `utf8` to ``key`` in one pass over the bytes; false (leaving `key`
    /// unspecified) when some scalar does not fold on its own.
    private func appendRawKeySimply(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var pendingSpace = false
        var scalarCount = 0
        var isUnspaced = false
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x80 {
                // ASCII inline: spaces and controls pending, printable runs lowercased at once.
                if byte <= 0x20 || byte == 0x7F {
                    index += 1
                    pendingSpace = scalarCount > 0
                    continue
                }
                if pendingSpace {
                    key.append(0x20)
                    pendingSpace = false
                }
                var end = index + 1
                while end < utf8.count, utf8[end] &- 0x21 < 0x7F - 0x21 { end += 1 }
                key.append(lowercasingASCII: UnsafeBufferPointer(rebasing: utf8[index..<end]))
                scalarCount += end - index
                index = end
                continue
            }
            let (value, length) = Self.decode(utf8, at: index)
            index += length
            if value == 0xFE0F || value == 0xFE0E { continue }
            if TextFolding.isSpaceOrControl(value) {
                pendingSpace = scalarCount > 0
                continue
            }
            if pendingSpace {
                key.append(0x20)
                scalarCount += 1
                pendingSpace = false
            }
            guard Self.foldScalarSimply(value, into: key, latin: latin, scalarCount: &scalarCount, isUnspaced: &isUnspaced) else {
                return false
            }
        }
        return true
    }

    // MARK: Building

    func build(localeRank: UInt8, source: SearchSegment.Source) -> SearchSegment {
        let (wordTable, rank) = words.build()
        var isUnspaced = [Bool](repeating: false, count: wordTable.count)
        for term in unspacedTerms { isUnspaced[Int(rank[Int(term)])] = true }
        return SearchSegment(words: wordTable, phrases: phrases.build().table,
                             grams: Self.substringGrams(isUnspaced: isUnspaced, in: wordTable),
                             localeRank: localeRank, source: source)
    }

    /// The grams of ``SearchSegment/grams`` for the words of `table` marked in `isUnspaced`, sorted.
    ///
    /// Generated word by word in table order, then sorted stably by first and second scalar
    /// (an LSD radix sort, for scripts in the BMP), which gives the same order as sorting the
    /// packed values.
    static func substringGrams(isUnspaced: [Bool], in table: TermTable) -> [UInt64] {
        var gramCount = 0
        for position in isUnspaced.indices where isUnspaced[position] { gramCount += table.length(of: position) }
        var grams: [UInt64] = []
        grams.reserveCapacity(gramCount)
        var largest: UInt32 = 0
        table.bytes.withUnsafeBufferPointer { all in
            table.starts.withUnsafeBufferPointer { starts in
                for position in 0..<table.count where isUnspaced[position] {
                    let term = UnsafeBufferPointer(rebasing: all[Int(starts[position])..<Int(starts[position + 1])])
                    // Every scalar after the first, with the one after it (0 at the end).
                    var index = decode(term, at: 0).length
                    var (scalar, length) = decode(term, at: index)
                    index += length
                    while true {
                        var next: UInt32 = 0
                        if index < term.count {
                            (next, length) = decode(term, at: index)
                            index += length
                        }
                        largest = max(largest, scalar)
                        grams.append(UInt64(scalar) << 43 | UInt64(next) << 22 | UInt64(position))
                        if next == 0 { break }
                        scalar = next
                    }
                }
            }
        }
        guard grams.count >= 256, largest <= 0xFFFF else {
            grams.sort()
            return grams
        }
        // Both scalars fit in 16 bits: three stable passes over the 32 bits `s0 << 16 | s1`.
        var sorted = [UInt64](repeating: 0, count: grams.count)
        radixPass(grams, into: &sorted, shift: 0, bits: 11)
        radixPass(sorted, into: &grams, shift: 11, bits: 11)
        radixPass(grams, into: &sorted, shift: 22, bits: 10)
        return sorted
    }

    /// One stable counting pass of an LSD radix sort of grams by `bits` bits at `shift` of
    /// `s0 << 16 | s1` (scalars of 16 bits at most).
    private static func radixPass(_ input: [UInt64], into output: inout [UInt64], shift: UInt32, bits: UInt32) {
        let mask = UInt32(1) << bits - 1
        var counts = [Int32](repeating: 0, count: Int(mask) + 2)
        @inline(__always) func digit(_ gram: UInt64) -> Int {
            let key = UInt32(truncatingIfNeeded: gram >> 43) << 16 | UInt32(truncatingIfNeeded: gram >> 22) & 0xFFFF
            return Int(key >> shift & mask)
        }
        input.withUnsafeBufferPointer { input in
            counts.withUnsafeMutableBufferPointer { counts in
                for gram in input { counts[digit(gram) + 1] += 1 }
                for index in 1..<counts.count { counts[index] += counts[index - 1] }
                output.withUnsafeMutableBufferPointer { output in
                    for gram in input {
                        let bucket = digit(gram)
                        output[Int(counts[bucket])] = gram
                        counts[bucket] += 1
                    }
                }
            }
        }
    }

    // MARK: Bytes and scalars

    /// ``TextFolding/isWordCharacter(_:)``, answering kana, CJK and Hangul syllables inline.
    @inline(__always)
    private static func isWordCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return true
        default:
            return Unicode.Scalar(value).map(TextFolding.isWordCharacter) ?? false
        }
    }

    /// ``TextFolding/isUnspacedScript(_:)``, answered inline below U+2000 (Thai, Lao, Tibetan,
    /// Myanmar, Hangul jamo, Khmer), which a Thai or Khmer index asks of every scalar.
    @inline(__always)
    private static func isUnspacedScript(_ value: UInt32) -> Bool {
        if value < 0x0E00 { return false }
        if value < 0x2000 {
            return value <= 0x109F || (0x1100...0x11FF).contains(value) || (0x1780...0x17FF).contains(value)
        }
        return TextFolding.isUnspacedScript(value)
    }

    /// Whether every byte of a (non-empty) word is a lowercase ASCII letter or a digit.
    @inline(__always)
    private static func isFoldedASCII(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in raw where !(byte &- 0x61 < 26 || byte &- 0x30 < 10) { return false }
        return true
    }

    @inline(__always)
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        // Letters either case (0x20 sets lowercase), then digits; wrapping subtraction makes
        // each range one comparison.
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
    }

    /// The scalar starting at `index` of valid (or truncated) UTF-8, and its length in bytes.
    @inline(__always)
    static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let bytes = utf8.baseAddress!
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let remaining = utf8.count - index
        if lead < 0xE0, remaining >= 2 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        }
        if lead >= 0xE0, lead < 0xF0, remaining >= 3 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        if lead >= 0xF0, remaining >= 4 {
            return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                        | UInt32(bytes[index + 3] & 0x3F), 4)
        }
        return decodeTruncated(utf8, at: index)
    }

    /// ``decode(_:at:)`` for a sequence cut short by the end of the buffer.
    private static func decodeTruncated(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(utf8[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length where index + offset < utf8.count {
            value = value << 6 | UInt32(utf8[index + offset] & 0x3F)
        }
        return (value, length)
    }

    static func joined(_ words: [[UInt32]]) -> [UInt32] {
        var joined: [UInt32] = []
        for word in words {
            if !joined.isEmpty { joined.append(0x20) }
            joined.append(contentsOf: word)
        }
        return joined
    }

    /// Appends scalars as UTF-8.
    static func append<Scalars: Sequence<UInt32>>(_ scalars: Scalars, to bytes: inout [UInt8]) {
        for value in scalars {
            switch value {
            case 0..<0x80:
                bytes.append(UInt8(value))
            case 0x80..<0x800:
                bytes.append(UInt8(0xC0 | value >> 6))
                bytes.append(UInt8(0x80 | value & 0x3F))
            case 0x800..<0x10000:
                bytes.append(UInt8(0xE0 | value >> 12))
                bytes.append(UInt8(0x80 | (value >> 6) & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | value >> 18))
                bytes.append(UInt8(0x80 | (value >> 12) & 0x3F))
                bytes.append(UInt8(0x80 | (value >> 6) & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            }
        }
    }
}
