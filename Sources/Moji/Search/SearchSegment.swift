/// One source's part of a search index: the folded words and whole phrases of one locale's
/// names, keywords and CLDR shortcodes, of the locale-independent shortcodes, emoticons and
/// characters, or of the custom emoji.
///
/// Immutable once built, so an index shares it across queries and threads.
final class SearchSegment: Sendable {
    /// What a posting in ``words`` says matched.
    enum WordField: UInt8 {
        case name = 0, keyword = 1, shortcode = 2
    }

    /// What a posting in ``phrases`` says the whole query equals.
    enum PhraseKind: UInt8 {
        case character = 0, emoticon, nameRaw, nameWords, github, slack, emojibase, cldr, customCode
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
    /// 0 for the chosen locale (and locale-independent data), 1 for the additional locales.
    let localeRank: UInt8
    let source: Source

    init(words: TermTable, phrases: TermTable, grams: [UInt64], localeRank: UInt8, source: Source) {
        self.words = words
        self.phrases = phrases
        self.grams = grams
        self.localeRank = localeRank
        self.source = source
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

/// Folds and collects one source's strings into a ``SearchSegment``.
struct SearchSegmentBuilder {
    private var words = TermTableBuilder(expectedTerms: 6000)
    private var phrases = TermTableBuilder(expectedTerms: 6000)
    private var unspacedWords: [Int] = []
    private var key: [UInt8] = []

    private var folded = TextFolding.Words()
    private var scalars: [UInt32] = []

    /// A name: its words, its whole folded text, and its words joined by spaces.
    mutating func addName(_ name: String, entry: Int) {
        folded.fold(name)
        addWords(field: .name, entry: entry)
        TextFolding.rawKey(name, into: &scalars)
        addPhrase(marker: SearchSegment.rawKeyMarker, kind: .nameRaw, entry: entry)
        folded.joined(into: &scalars)
        addPhrase(marker: SearchSegment.wordsKeyMarker, kind: .nameWords, entry: entry)
    }

    /// Keywords: their words.
    mutating func addKeywords(_ keywords: [String], entry: Int) {
        for keyword in keywords {
            folded.fold(keyword)
            addWords(field: .keyword, entry: entry)
        }
    }

    /// A shortcode (without colons): its words, and the whole code.
    mutating func addShortcode(_ code: String, kind: SearchSegment.PhraseKind, entry: Int) {
        folded.fold(code)
        addWords(field: .shortcode, entry: entry)
        TextFolding.rawKey(code, into: &scalars)
        addPhrase(marker: SearchSegment.rawKeyMarker, kind: kind, entry: entry)
    }

    /// An emoticon or the emoji character: matched only whole (or, for emoticons, by prefix
    /// when the query has no words).
    mutating func addExact(_ text: String, kind: SearchSegment.PhraseKind, entry: Int) {
        TextFolding.rawKey(text, into: &scalars)
        addPhrase(marker: SearchSegment.rawKeyMarker, kind: kind, entry: entry)
    }

    private mutating func addWords(field: SearchSegment.WordField, entry: Int) {
        for index in 0..<folded.count {
            let word = folded.word(index)
            key.removeAll(keepingCapacity: true)
            Self.append(word, to: &key)
            let before = words.termCount
            let term = words.add(key, posting: UInt32(entry) << 8 | UInt32(field.rawValue))
            if term == before, word.count > 1, word.contains(where: TextFolding.isUnspacedScript) {
                unspacedWords.append(term)
            }
        }
    }

    private mutating func addPhrase(marker: UInt8, kind: SearchSegment.PhraseKind, entry: Int) {
        guard !scalars.isEmpty else { return }
        key.removeAll(keepingCapacity: true)
        key.append(marker)
        Self.append(scalars, to: &key)
        phrases.add(key, posting: UInt32(entry) << 8 | UInt32(kind.rawValue))
    }

    func build(localeRank: UInt8, source: SearchSegment.Source) -> SearchSegment {
        let (wordTable, rank) = words.build()
        var grams: [UInt64] = []
        grams.reserveCapacity(unspacedWords.count * 6)
        for term in unspacedWords {
            let scalars = Array(String(decoding: words.bytes(of: term), as: UTF8.self).unicodeScalars.map(\.value))
            let index = UInt64(rank[term])
            for position in 1..<scalars.count {
                let next = position + 1 < scalars.count ? UInt64(scalars[position + 1]) : 0
                grams.append(UInt64(scalars[position]) << 43 | next << 22 | index)
            }
        }
        grams.sort()
        return SearchSegment(words: wordTable, phrases: phrases.build().table, grams: grams,
                             localeRank: localeRank, source: source)
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
