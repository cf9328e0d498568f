/// Folds and collects one source's strings (a locale's names, keywords and CLDR shortcodes; the
/// locale-independent shortcodes, emoticons and characters; or custom emoji) into a
/// ``SearchSegment``, folded by ``TextFolding`` exactly as queries are.
///
/// A locale's names and keywords repeat a few thousand words tens of thousands of times, so
/// each distinct raw word (its UTF-8 bytes) is folded once and remembered.
struct SearchSegmentBuilder {
    private var words: TermTableBuilder
    private var phrases: TermTableBuilder
    /// The term in `words` of each raw word seen (-1 when it folds to nothing), and whether the
    /// word has a mark that folding takes off (``Posting/markedWordFlag``).
    private var rawWordTerms: [ByteString: (term: Int32, hasMark: Bool)] = [:]
    /// Terms of two scalars or more in scripts without spaces, also found inside words
    /// (``SearchSegment/grams``).
    private var unspacedTerms: [Int] = []
    /// Whether new unspaced terms are also found inside (``unspacedTerms``): CLDR's names and
    /// keywords are; search-only terms (readings, dictionary forms, everyday words) are whole words
    /// people type from their start, and their grams would make Japanese's segment half again as
    /// large and its first index slower.
    private var findsInside = true
    /// The terms of the last text added with ``addWords(of:field:entry:)``.
    private var textTerms: [Int] = []
    /// Words' frequencies in the segment's language (``SearchTerms/wordFrequencies``).
    private var wordFrequencies: [String: UInt8] = [:]
    // Buffers reused from word to word.
    private var rawWord = ByteString()
    private var scalars: [UInt32] = []
    private var key = ByteString()

    /// A builder for about `expectedTerms` distinct words and as many phrases (a locale has
    /// 4,000 to 7,000, a few hundred custom emoji far fewer).
    init(expectedTerms: Int = 4096) {
        words = TermTableBuilder(expectedTerms: expectedTerms)
        phrases = TermTableBuilder(expectedTerms: expectedTerms)
        rawWordTerms.reserveCapacity(2 * expectedTerms)
    }

    /// A name: its words, its whole folded text, and its words joined by spaces. The word of a
    /// one-word name says so (``Posting/wholeNameFlag``).
    mutating func addName(_ name: String, entry: Int) {
        var utf8 = name
        let isOneWord = utf8.withUTF8 { CommonFirstOrder.wordCount(ofName: $0) } == 1
        addWords(of: name, field: .name, entry: entry, isWholeName: isOneWord)
        addRawPhrase(name, kind: .nameRaw, entry: entry)
        guard !textTerms.isEmpty else { return }
        key.bytes.removeAll(keepingCapacity: true)
        key.bytes.append(SearchSegment.wordsKeyMarker)
        for (position, term) in textTerms.enumerated() {
            if position > 0 { key.bytes.append(0x20) }
            key.bytes.append(contentsOf: words.bytes(of: term))
        }
        phrases.add(key, posting: Posting(entry: entry, kind: .nameWords))
    }

    /// Keywords: their words.
    mutating func addKeywords(_ keywords: [String], entry: Int) {
        for keyword in keywords { addKeywords(field: keyword, entry: entry) }
    }

    /// A keyword field as stored ('|' between keywords, which separates words anyway): its words.
    mutating func addKeywords(field: String, entry: Int) {
        addWords(of: field, field: .keyword, entry: entry)
    }

    /// A shortcode (without colons): its words, and the whole code.
    mutating func addShortcode(_ code: String, kind: SearchSegment.PhraseKind, entry: Int) {
        addWords(of: code, field: .shortcode, entry: entry)
        addRawPhrase(code, kind: kind, entry: entry)
    }

    /// An emoticon or the emoji character: matched only whole (or, for emoticons, by prefix
    /// when the query has no words).
    mutating func addExact(_ text: String, kind: SearchSegment.PhraseKind, entry: Int) {
        addRawPhrase(text, kind: kind, entry: entry)
    }

    /// Search-only terms of a locale (``SearchTerms``): readings of names as names' words; the
    /// everyday words an emoji is called by as its name, whole too (what speakers call an emoji
    /// is as much its name as CLDR's: "herz" ties ♥️, named "Herz", with ❤️, and the emoji prior
    /// puts ❤️ first); other terms as keywords.
    mutating func addTerms(_ terms: SearchTerms, entries: Set<Int>) {
        findsInside = false
        defer { findsInside = true }
        for index in terms.nameTerms.keys.sorted() where entries.contains(index) {
            for term in terms.nameTerms[index]! { addWords(of: term, field: .name, entry: index) }
        }
        for index in terms.everydayNames.keys.sorted() where entries.contains(index) {
            for term in terms.everydayNames[index]! {
                // A phrase's words say less than a one-word name: "lunar new year" is 🧧's name,
                // "year" alone is not.
                addWords(of: term, field: term.contains(" ") ? .keyword : .name, entry: index)
                addRawPhrase(term, kind: .nameRaw, entry: index)
            }
        }
        for index in terms.keywordTerms.keys.sorted() where entries.contains(index) {
            for term in terms.keywordTerms[index]! { addWords(of: term, field: .keyword, entry: index) }
        }
        wordFrequencies = terms.wordFrequencies
    }

    /// The segment, its tables sorted.
    func build(localeRank: UInt8, source: SearchSegment.Source) -> SearchSegment {
        let (wordTable, rank) = words.build()
        // Each word's frequency, by its folded form (the most common spelling that folds to it).
        var weights: [UInt8] = []
        if !wordFrequencies.isEmpty {
            weights = [UInt8](repeating: 0, count: wordTable.count)
            var key = ByteString()
            for (word, frequency) in wordFrequencies {
                let folded = TextFolding.words(word)
                guard folded.count == 1 else { continue }
                key.bytes.removeAll(keepingCapacity: true)
                UTF8Codec.append(folded[0], to: &key.bytes)
                if let number = words.number(of: key) {
                    weights[rank[number]] = max(weights[rank[number]], frequency)
                }
            }
        }
        // Every scalar after the first of each unspaced word, with the one after it (0 at the end).
        var grams: [UInt64] = []
        var scalars: [UInt32] = []
        for term in unspacedTerms {
            let position = rank[term]
            UTF8Codec.decode(wordTable.term(at: position), into: &scalars)
            for index in 1..<scalars.count {
                let next = index + 1 < scalars.count ? UInt64(scalars[index + 1]) : 0
                grams.append(UInt64(scalars[index]) << 43 | next << 22 | UInt64(position))
            }
        }
        grams.sort()
        return SearchSegment(
            words: wordTable, phrases: phrases.build().table, grams: grams, wordWeights: weights,
            localeRank: localeRank, source: source)
    }

    // MARK: Words and phrases

    /// Adds a posting for each word of `text` (``TextFolding/words(_:maximumScalars:)``), and
    /// sets ``textTerms`` to their terms.
    private mutating func addWords(
        of text: String, field: SearchSegment.WordField, entry: Int, isWholeName: Bool = false
    ) {
        textTerms.removeAll(keepingCapacity: true)
        let posting = Posting(entry: entry, field: field).flagged(Posting.wholeNameFlag, if: isWholeName)
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            var wordStart: Int?
            var index = 0
            while index < utf8.count {
                let (value, length) = UTF8Codec.scalar(at: index, in: base, count: utf8.count)
                if Unicode.Scalar(value).map(TextFolding.isWordCharacter) ?? false {
                    if wordStart == nil { wordStart = index }
                } else if let start = wordStart {
                    addWord(utf8[start..<index], posting: posting)
                    wordStart = nil
                }
                index += length
            }
            if let start = wordStart { addWord(utf8[start..<utf8.count], posting: posting) }
        }
    }

    private mutating func addWord(_ raw: Slice<UnsafeBufferPointer<UInt8>>, posting: Posting) {
        rawWord.bytes.removeAll(keepingCapacity: true)
        rawWord.bytes.append(contentsOf: raw)
        let known: (term: Int32, hasMark: Bool)
        if let seen = rawWordTerms[rawWord] {
            known = seen
        } else {
            known = foldedTerm(of: UnsafeBufferPointer(rebasing: raw))
            rawWordTerms[rawWord] = known
        }
        let term = known.term
        guard term >= 0 else { return }
        words.add(term: Int(term), posting: posting.flagged(Posting.markedWordFlag, if: known.hasMark))
        textTerms.append(Int(term))
    }

    /// The term of a raw word once folded, added to ``words`` if new (-1 if it folds to
    /// nothing), and whether folding took a mark off it.
    private mutating func foldedTerm(of raw: UnsafeBufferPointer<UInt8>) -> (term: Int32, hasMark: Bool) {
        scalars.removeAll(keepingCapacity: true)
        var hasMark = false
        UTF8Codec.forEachScalar(in: raw) { value in
            guard let scalar = Unicode.Scalar(value) else { return }
            TextFolding.append(scalar, to: &scalars)
            if !hasMark, value >= 0xC0 { hasMark = TextFolding.carriesMark(scalar) }
        }
        guard !scalars.isEmpty else { return (-1, false) }
        key.bytes.removeAll(keepingCapacity: true)
        UTF8Codec.append(scalars, to: &key.bytes)
        let (term, isNew) = words.intern(key)
        if isNew, findsInside, scalars.count > 1, scalars.contains(where: TextFolding.isUnspacedScript) {
            unspacedTerms.append(term)
        }
        return (Int32(term), hasMark)
    }

    /// Adds the folded text with its punctuation (``TextFolding/rawKey(_:into:maximumScalars:)``)
    /// unless it folds to nothing.
    private mutating func addRawPhrase(_ text: String, kind: SearchSegment.PhraseKind, entry: Int) {
        TextFolding.rawKey(text, into: &scalars)
        guard !scalars.isEmpty else { return }
        key.bytes.removeAll(keepingCapacity: true)
        key.bytes.append(SearchSegment.rawKeyMarker)
        UTF8Codec.append(scalars, to: &key.bytes)
        phrases.add(key, posting: Posting(entry: entry, kind: kind))
    }
}
