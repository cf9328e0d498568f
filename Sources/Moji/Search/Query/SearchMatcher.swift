/// Runs one query against a ``SearchIndex``: exact phrases, then every word (AND) by prefix,
/// inside words for unspaced scripts, and with one typo (or, for one word, as a part of a
/// compound) when exact matches are too few; a single word that matches nothing but typos, by
/// its start (``WordShortening``).
///
/// Each entry found gets a ``RankKey``, the best of its exact matches and of its word matches,
/// whose order is the table in `RankingOrder.swift`.
struct SearchMatcher {
    let index: SearchIndex
    let query: SearchQuery

    private static let none = RankKey.none
    /// Fewer real matches than this, and typo matches are looked for.
    static let fewMatches = 5

    /// An entry found, with its rank key.
    struct Found: Equatable {
        var entry: Int32
        var key: RankKey
    }

    /// What the matcher knows about one entry.
    fileprivate struct EntryState {
        /// The best key of the current word's matches.
        var tokenBest = SearchMatcher.none
        /// How many words of the query, in order, the entry matched.
        var matchedCount: UInt8 = 0
        /// The worst of the best keys of the words matched so far.
        var wordKey = SearchMatcher.none
        /// The best key of an exact (whole-query) match.
        var exactKey = SearchMatcher.none

        /// Whether the entry matched every query word before `position`.
        @inline(__always)
        func matchedAll(before position: Int) -> Bool { Int(matchedCount) == position }
    }

    /// Per-entry state in one array; the word part is reset between the typo-free and the
    /// typo-tolerant pass.
    private var state: [EntryState] = []
    /// The entries the current word matched, in `touched[..<touchedCount]`; the array only
    /// grows, so the hot loop writes into it without appending.
    private var touched: [Int32] = []
    private var touchedCount = 0
    private var candidates: [Int32] = []
    private var exactEntries: [Int32] = []
    /// The entries whose name is the words typed, when a space after them says another word
    /// follows (``SearchQuery/expectsAnotherWord``): they rank as word matches, later by
    /// ``RankKey/completeNameCost``. A handful at most; a name's words are in the word tables,
    /// so each also matches every word typed.
    private var completeNames: [Int32] = []
    private var scratchWords: [Int] = []
    private var scratchScalars: [UInt32] = []
    /// The bytes of the first letters of the words to check for a typo, and the words found.
    private var scratchPrefix: [UInt8] = []
    private var scratchTypoWords: [Int] = []
    /// The starts of the query's words they were looked for by, when a whole word matched
    /// nothing (``WordShortening``): the results' fields are highlighted by them too.
    private(set) var shortenedWords: [SearchQuery.Token] = []

    init(index: SearchIndex, query: SearchQuery) {
        self.index = index
        self.query = query
        if var buffers = index.matcherBuffers.withLock({ $0.popLast() }), buffers.state.count == index.entryCount {
            // A state array every entry of which is as new (``recycle()``), and the lists' capacity.
            swap(&state, &buffers.state)
            swap(&touched, &buffers.touched)
            swap(&candidates, &buffers.candidates)
            swap(&exactEntries, &buffers.exactEntries)
        } else {
            state = [EntryState](repeating: EntryState(), count: index.entryCount)
        }
    }

    /// What one query's matcher leaves for the next query of its index: the state of every entry,
    /// cleared, and the lists' capacity. Allocating and clearing the state of all 4,000 entries
    /// for each query took a quarter of a query's time; clearing the entries it touched is a few
    /// hundred writes.
    struct Buffers {
        fileprivate var state: [EntryState]
        fileprivate var touched: [Int32]
        fileprivate var candidates: [Int32]
        fileprivate var exactEntries: [Int32]
    }

    /// The most buffers an index keeps: one per query running at once, which a server's few
    /// threads bound.
    static let keptBuffers = 8

    /// Clears the state of the entries this query touched and gives the buffers to the index
    /// for its next query. The matcher is spent.
    mutating func recycle() {
        let none = Self.none
        state.withUnsafeMutableBufferPointer { state in
            for entry in candidates { state[Int(entry)] = EntryState() }
            for entry in exactEntries { state[Int(entry)].exactKey = none }
        }
        candidates.removeAll(keepingCapacity: true)
        exactEntries.removeAll(keepingCapacity: true)
        touchedCount = 0
        let buffers = Buffers(state: state, touched: touched, candidates: candidates, exactEntries: exactEntries)
        state = []
        index.matcherBuffers.withLock { kept in
            if kept.count < Self.keptBuffers { kept.append(buffers) }
        }
    }

    // MARK: Matching

    /// The matching entries with their keys, unordered and unfiltered.
    mutating func match(options: SearchOptions) -> [Found] {
        matchPhrases(slackFirst: options.preferredShortcodes == .slack)
        matchWords(typos: false)
        var found = collect()
        // Typos only when the real matches are few: "party" has enough, so ⛅ ("partly") stays out.
        let enough = found.count >= min(options.limit ?? Int.max, Self.fewMatches)
        if options.allowsTypos, !enough, query.allowsTypos {
            if query.tokens.count == 1 {
                // A word that is a name, a code or an everyday word as typed says what is meant:
                // no compound parts for it.
                addTypos(of: query.tokens[0], compoundParts: exactEntries.isEmpty)
            } else {
                resetWords()
                matchWords(typos: true)
            }
            found = collect()
        }
        // A word that matches nothing, or only with a typo, is looked for by its start: "amorcito"
        // by "amor". Its matches rank as the start's would, before the typos: a word typed right
        // to a point and then going on past a word the catalog knows ("hündchen": "hund" 🐶, where
        // a typo finds 👬 "händchen") is more often meant than a word one edit away.
        if options.allowsTypos, query.tokens.count == 1, !found.contains(where: { $0.key.relevance != .typo }),
            let start = WordShortening.shortened(query.tokens[0], in: index)
        {
            addShortened(start)
            found = collect()
        }
        // Only when nothing else matched: a word dropped is a weaker match than one typo, and a
        // few results of every word ("shaking face": 🫨 alone) say more than what one word finds.
        if query.tokens.count > 1, found.isEmpty {
            found = someWordMatches(shortening: options.allowsTypos)
        }
        return found
    }

    private mutating func recordExact(_ entry: Int, _ key: RankKey) {
        if state[entry].exactKey == Self.none { exactEntries.append(Int32(entry)) }
        state[entry].exactKey = min(state[entry].exactKey, key)
    }

    private mutating func matchPhrases(slackFirst: Bool) {
        // The marker byte and one or two ASCII letters: a region code's length (`+1` stays exact).
        let shortText =
            query.rawKey.count <= 3
            && query.rawKey.dropFirst().allSatisfy { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) }
        for segment in index.segments {
            let otherLocale = segment.localeRank > 0
            /// Records the entries whose phrase equals `key`, the query in `form`.
            func matchPhrase(_ key: [UInt8]?, _ form: RankKey.PhraseForm) {
                guard let key, let term = key.withUnsafeBufferPointer({ segment.phrases.index(of: $0) }) else { return }
                for posting in segment.phrases.postings[segment.phrases.postingRange(of: term)] {
                    guard let kind = posting.phraseKind,
                        let rank = RankKey.exact(
                            kind, form: form, slackFirst: slackFirst, otherLocale: otherLocale,
                            shortText: shortText)
                    else { continue }
                    if query.expectsAnotherWord, form != .inColons,
                        !keepsExact(kind, entry: posting.entry)
                    {
                        continue
                    }
                    recordExact(posting.entry, rank)
                }
            }
            matchPhrase(query.wordsKey, .words)
            matchPhrase(query.rawKey, .text)
            matchPhrase(query.unpunctuatedKey, .text)
            matchPhrase(query.shortcodeKey, .inColons)
            if let key = query.shortcodeKey, !query.tokens.isEmpty { matchCodePrefix(key, in: segment) }
        }
        if exactEntries.isEmpty, query.tokens.isEmpty {
            matchSymbolPrefixes()
        }
    }

    /// Whether a phrase of `kind` equal to the query stays an exact match when a space after the
    /// words says another word follows. A name that is the words typed is no longer one (it
    /// joins ``completeNames``), nor is a code without colons, which has no spaces: both rank by
    /// their word matches. An everyday word the emoji is called by stays exact ("lol " 😂): it
    /// says what the emoji means, whatever its name.
    private mutating func keepsExact(_ kind: SearchSegment.PhraseKind, entry: Int) -> Bool {
        switch kind {
        case .nameWords:
            completeNames.append(Int32(entry))
            return false
        case .nameRaw:
            // Its name's words were matched first (the query's words before its text).
            return !completeNames.contains(Int32(entry))
        case .github, .slack, .customCode, .emojibase, .cldr:
            return false
        case .character, .emoticon:
            return true
        }
    }

    /// A query that starts with `:` and starts shortcodes (`:heart` → `:heart_eyes:`, `:heartbeat:`):
    /// someone typing a code, whose codes rank before entries whose words merely contain it.
    private mutating func matchCodePrefix(_ key: [UInt8], in segment: SearchSegment) {
        let range = key.withUnsafeBufferPointer { segment.phrases.prefixRange(of: $0) }
        for posting in segment.phrases.postings[segment.phrases.postingRange(of: range)] {
            switch posting.phraseKind {
            case .github, .slack, .emojibase, .cldr, .customCode: recordExact(posting.entry, .codePrefix)
            default: continue
            }
        }
    }

    /// A query of symbols only (`:+`, `:-`, `<`): shortcodes and emoticons starting with it, and a
    /// toned emoji as its neutral form.
    private mutating func matchSymbolPrefixes() {
        let text = String(decoding: query.rawKey.dropFirst(), as: UTF8.self)
        if let emoji = index.catalog.emoji(for: text), index.emojis[emoji.neutral.index] != nil {
            recordExact(emoji.neutral.index, .character)
            return
        }
        for key in [query.rawKey, query.shortcodeKey].compactMap({ $0 }) where key.count > 1 {
            for segment in index.segments {
                let range = key.withUnsafeBufferPointer { segment.phrases.prefixRange(of: $0) }
                for posting in segment.phrases.postings[segment.phrases.postingRange(of: range)] {
                    guard let kind = posting.phraseKind,
                        kind != .character, kind != .nameRaw, kind != .nameWords
                    else { continue }
                    recordExact(posting.entry, .symbolPrefix)
                }
            }
        }
    }

    private mutating func resetWords() {
        for entry in candidates {
            state[Int(entry)].matchedCount = 0
            state[Int(entry)].wordKey = Self.none
        }
        candidates.removeAll(keepingCapacity: true)
    }

    /// Makes room in `touched` for `count` more entries (never more than all of them).
    private mutating func reserveTouched(_ count: Int) {
        let needed = min(touchedCount + count, index.entryCount)
        if touched.count < needed {
            touched.append(contentsOf: repeatElement(0, count: max(needed, 2 * touched.count) - touched.count))
        }
    }

    /// What a word match that covers no name costs (``RankKey/partialNameCost``): a one-word
    /// query's matches inside words and with a typo never cover one.
    private var uncoveredCost: UInt8 { weighsCover ? RankKey.partialNameCost : 0 }

    /// Whether a match costs more where it does not cover the emoji's name: in a one-word query,
    /// unless a space after the word says another follows.
    private var weighsCover: Bool { query.tokens.count == 1 && !query.expectsAnotherWord }

    /// The position of the word still being typed (the last, with nothing after it), or -1.
    private var openPosition: Int { query.lastWordIsOpen ? query.tokens.count - 1 : -1 }

    private mutating func matchWords(typos: Bool) {
        for (position, token) in query.tokens.enumerated() {
            matchToken(token, position: position, isOpen: position == openPosition, typos: typos)
            // AND: keep only entries every word so far has matched.
            let matched = touched[..<touchedCount]
            if position == 0 { candidates.append(contentsOf: matched) }
            let isFirst = position == 0
            let matchedCount = UInt8(position + 1)
            state.withUnsafeMutableBufferPointer { state in
                for entry in matched {
                    let entry = Int(entry)
                    let best = state[entry].tokenBest
                    state[entry].wordKey = isFirst ? best : max(state[entry].wordKey, best)
                    state[entry].matchedCount = matchedCount
                    state[entry].tokenBest = Self.none
                }
            }
            let anyLeft = touchedCount > 0
            touchedCount = 0
            if !anyLeft { break }
        }
    }

    /// Buckets each word of the query that an entry does not match costs
    /// (``someWordMatches()``): as much as a typo in a name, so an entry that matches one more of
    /// the words comes first unless its matches are much weaker (judged set: 16 and 32 measure the
    /// same, 8 a little worse).
    static let missingWordCost: UInt8 = 16

    /// The entries that match some of the query's words, for a query of several words that
    /// nothing matches as a whole, even with a typo: "danke dir" finds 🙏 by "danke", "me cago de
    /// risa" 😂 by "risa". An entry's key is the worst of its matched words' best keys, later by
    /// ``missingWordCost`` for each word it misses. A word that matches a thirty-second of the
    /// catalog or more ("de", "il", "face") says little of what is meant and counts for nothing.
    private mutating func someWordMatches(shortening: Bool) -> [Found] {
        resetWords()
        let common = index.entryCount / 32
        for (position, token) in query.tokens.enumerated() {
            matchToken(token, position: 0, isOpen: position == openPosition, typos: false)
            // A word that starts none is looked for by its start, as a word alone is.
            if touchedCount == 0, shortening, let start = WordShortening.shortened(token, in: index) {
                recordShortened(start)
            }
            let counts = touchedCount <= common
            for entry in touched[..<touchedCount] {
                let e = Int(entry)
                let best = state[e].tokenBest
                state[e].tokenBest = Self.none
                guard counts else { continue }
                if state[e].matchedCount == 0 {
                    candidates.append(entry)
                    state[e].wordKey = best
                } else {
                    state[e].wordKey = max(state[e].wordKey, best)
                }
                state[e].matchedCount &+= 1
            }
            touchedCount = 0
        }
        let tokenCount = query.tokens.count
        let penalties = index.priorPenalty
        var partial: [Found] = []
        for entry in candidates {
            let e = Int(entry)
            let missing = tokenCount - Int(state[e].matchedCount)
            let penalty = min(missing * Int(Self.missingWordCost) + Int(penalties[e]), 254)
            let moved = state[e].wordKey.penalized(by: UInt8(penalty))
            partial.append(Found(entry: entry, key: RankKey(bucket: moved.bucket, matchClass: .someWords)))
        }
        return partial
    }

    /// Records the entries `token`, the query's word at `position`, matches in every segment:
    /// by prefix, inside words for unspaced scripts, and with `typos` one edit away.
    private mutating func matchToken(_ token: SearchQuery.Token, position: Int, isOpen: Bool, typos: Bool) {
        for segment in index.segments {
            let localeRank = segment.localeRank
            let words = segment.words
            let range = token.bytes.withUnsafeBufferPointer { words.prefixRange(of: $0) }
            if !range.isEmpty {
                recordPrefixMatches(
                    range, of: token, in: words, weights: segment.wordWeights, localeRank: localeRank,
                    position: position, isOpen: isOpen)
            }
            if token.isUnspaced {
                scratchWords.removeAll(keepingCapacity: true)
                segment.wordsContaining(token.scalars, bytes: token.bytes, into: &scratchWords)
                for word in scratchWords {
                    for posting in words.postings[words.postingRange(of: word)] {
                        let matchClass = MatchClass.inside(name: posting.isName)
                        record(
                            posting.entry,
                            RankKey.word(matchClass, localeRank: localeRank).penalized(by: uncoveredCost),
                            position)
                    }
                }
            }
            if typos, !token.isUnspaced, token.scalars.count >= TypoTolerance.minimumLength {
                matchTypos(token, in: segment, localeRank: localeRank, position: position)
            }
        }
    }

    /// The typo-tolerant pass of a one-word query: its exact matches stand (a typo ranks below
    /// any of them), so only the words one edit away are added, and with `compoundParts` the
    /// words it is a part of.
    private mutating func addTypos(of token: SearchQuery.Token, compoundParts: Bool) {
        for segment in index.segments {
            matchTypos(token, in: segment, localeRank: segment.localeRank, position: 0)
            if compoundParts { matchInsideSpaced(token, in: segment, position: 0) }
        }
        for entry in touched[..<touchedCount] {
            let entry = Int(entry)
            if state[entry].matchedCount == 0 {
                state[entry].matchedCount = 1
                state[entry].wordKey = state[entry].tokenBest
                candidates.append(Int32(entry))
            }
            state[entry].tokenBest = Self.none
        }
        touchedCount = 0
    }

    /// Records the entries `start`, the start of a query word that matches nothing, matches in
    /// the segments it is looked for in (``WordShortening/searches(_:)``), as completions of the
    /// word still being typed (the more common word first), reported as ``MatchClass/shortenedWord``.
    private mutating func recordShortened(_ start: SearchQuery.Token) {
        shortenedWords.append(start)
        for segment in index.segments where WordShortening.searches(segment) {
            let range = start.bytes.withUnsafeBufferPointer { segment.words.prefixRange(of: $0) }
            if range.isEmpty { continue }
            recordPrefixMatches(
                range, of: start, in: segment.words, weights: segment.wordWeights, localeRank: 0, position: 0,
                isOpen: true)
        }
        for entry in touched[..<touchedCount] {
            let e = Int(entry)
            state[e].tokenBest = RankKey(bucket: state[e].tokenBest.bucket, matchClass: .shortenedWord)
        }
    }

    /// Adds the entries `start`, the start of the query's one word, matches
    /// (``recordShortened(_:)``); an entry a typo found keeps the better key.
    private mutating func addShortened(_ start: SearchQuery.Token) {
        recordShortened(start)
        for entry in touched[..<touchedCount] {
            let e = Int(entry)
            let key = state[e].tokenBest
            state[e].tokenBest = Self.none
            if state[e].matchedCount == 0 {
                state[e].matchedCount = 1
                state[e].wordKey = key
                candidates.append(entry)
            } else {
                state[e].wordKey = min(state[e].wordKey, key)
            }
        }
        touchedCount = 0
    }

    /// The hot loop: every posting of every word in `range`, with unchecked buffers. `isOpen`:
    /// the token is the word still being typed, whose matches are completions ranked by how
    /// common the completed word is (`weights`, the segment's word prior).
    private mutating func recordPrefixMatches(
        _ range: Range<Int>, of token: SearchQuery.Token, in words: TermTable, weights: [UInt8],
        localeRank: UInt8, position: Int, isOpen: Bool
    ) {
        reserveTouched(words.postingCount(of: range))
        let length = UInt32(token.bytes.count)
        let none = Self.none
        // The keys of a whole word and of a prefix when the token is not open: the same for
        // every word. An open token's keys depend on each word's frequency.
        let wholeKeys = Self.packedKeys(whole: true, localeRank: localeRank)
        let prefixKeys = Self.packedKeys(whole: false, localeRank: localeRank)
        let hasWeights = weights.count == words.count
        // A word typed with a mark (ö, é, ñ) ranks the words written without one later.
        let wantsMark = token.hasMark
        // A one-word query costs more where it does not cover the emoji's name.
        let weighsCover = self.weighsCover
        let isUnspaced = token.isUnspaced
        let partialName = UInt16(RankKey.partialNameCost) << 4
        var count = touchedCount
        words.starts.withUnsafeBufferPointer { starts in
            words.postingStarts.withUnsafeBufferPointer { postingStarts in
                words.postings.withUnsafeBufferPointer { postings in
                    touched.withUnsafeMutableBufferPointer { touched in
                        state.withUnsafeMutableBufferPointer { state in
                            for word in range {
                                let wordLength = starts[word + 1] - starts[word]
                                let isWhole = wordLength == length
                                // In scripts without spaces a name's word is a compound
                                // (火箭, "fire arrow"): more than half of it must be typed.
                                let covers = !isUnspaced || 2 * length > wordLength
                                let keys =
                                    isOpen
                                    ? Self.packedCompletionKeys(
                                        frequency: hasWeights ? weights[word] : 0, isWhole: isWhole,
                                        localeRank: localeRank)
                                    : isWhole ? wholeKeys : prefixKeys
                                for index in Int(postingStarts[word])..<Int(postingStarts[word + 1]) {
                                    let posting = postings[index]
                                    let entry = posting.entry
                                    if position > 0 && !state[entry].matchedAll(before: position) { continue }
                                    let packed = keys >> (16 * UInt64(posting.wordFieldCode))
                                    var key = RankKey(rawValue: UInt16(truncatingIfNeeded: packed))
                                    if wantsMark && !posting.wordHasMark {
                                        key = key.penalized(by: RankKey.missingMarkPenalty)
                                    }
                                    if weighsCover && !(covers && posting.isWholeName) {
                                        key = RankKey(rawValue: key.rawValue &+ partialName)
                                    }
                                    let best = state[entry].tokenBest
                                    if best == none {
                                        touched[count] = Int32(entry)
                                        count += 1
                                    }
                                    if key < best { state[entry].tokenBest = key }
                                }
                            }
                        }
                    }
                }
            }
        }
        touchedCount = count
    }

    /// The rank keys of a match in a name, a keyword and a shortcode (field codes 0, 1 and 2),
    /// 16 bits each, for a word that is whole or the start of one followed by more words.
    private static func packedKeys(whole: Bool, localeRank: UInt8) -> UInt64 {
        var packed: UInt64 = 0
        for field in [SearchSegment.WordField.name, .keyword, .shortcode] {
            let key = RankKey.word(.prefix(in: field, whole: whole), localeRank: localeRank)
            packed |= UInt64(key.rawValue) << (16 * UInt64(field.rawValue))
        }
        return packed
    }

    /// ``packedKeys(whole:localeRank:)`` for the word still being typed, completing to a word of
    /// `frequency` (Zipf × 10; 0 unknown).
    @inline(__always)
    private static func packedCompletionKeys(frequency: UInt8, isWhole: Bool, localeRank: UInt8) -> UInt64 {
        let name = RankKey.word(
            .completion(ofName: true, frequency: frequency, isWhole: isWhole), localeRank: localeRank)
        let keyword = RankKey.word(
            .completion(ofName: false, frequency: frequency, isWhole: isWhole), localeRank: localeRank)
        let shortcode = RankKey.word(
            .completion(ofShortcodeWithFrequency: frequency, isWhole: isWhole), localeRank: localeRank)
        return UInt64(name.rawValue) | UInt64(keyword.rawValue) << 16 | UInt64(shortcode.rawValue) << 32
    }

    @inline(__always)
    private mutating func record(_ entry: Int, _ key: RankKey, _ position: Int) {
        if position > 0 && !state[entry].matchedAll(before: position) { return }
        let best = state[entry].tokenBest
        if best == Self.none {
            reserveTouched(1)
            touched[touchedCount] = Int32(entry)
            touchedCount += 1
        }
        if key < best { state[entry].tokenBest = key }
    }

    /// Words one edit away from starting with the token. Typos are looked for where people
    /// make them: after the first letter (words starting with the same letter), or as the first
    /// two letters swapped or an extra first letter (words starting with the second letter
    /// followed by the first or the third).
    private mutating func matchTypos(
        _ token: SearchQuery.Token, in segment: SearchSegment, localeRank: UInt8,
        position: Int
    ) {
        let words = segment.words
        let typed = token.scalars
        // The first letter, or the first two letters of the words to check (a fixed list, so
        // no array of them is allocated).
        let prefixCount = typed[1] == typed[0] ? 1 : typed[2] == typed[0] ? 2 : 3
        let isASCII = token.bytes.count == typed.count
        let minimumLength = token.bytes.count - 1
        for prefixIndex in 0..<prefixCount {
            let (first, second): (UInt32, UInt32?) =
                switch prefixIndex {
                case 0: (typed[0], nil)
                case 1: (typed[1], typed[0])
                default: (typed[1], typed[2])
                }
            scratchPrefix.removeAll(keepingCapacity: true)
            UTF8Codec.append(CollectionOfOne(first), to: &scratchPrefix)
            if let second { UTF8Codec.append(CollectionOfOne(second), to: &scratchPrefix) }
            let range = scratchPrefix.withUnsafeBufferPointer { words.prefixRange(of: $0) }
            if range.isEmpty { continue }
            if isASCII {
                // Under the first letter, a word one edit away has its next letters from the
                // typed ones; checking that first skips most words.
                scratchTypoWords.removeAll(keepingCapacity: true)
                if second == nil {
                    Self.oneEditASCIIWordsSharingFirstLetter(
                        token.bytes, in: words, range: range,
                        minimumLength: minimumLength, into: &scratchTypoWords)
                } else {
                    Self.oneEditASCIIWords(
                        token.bytes, in: words, range: range, minimumLength: minimumLength,
                        into: &scratchTypoWords)
                }
                for word in scratchTypoWords {
                    recordTypo(word, in: words, localeRank: localeRank, position: position)
                }
            } else {
                for word in range where words.length(of: word) >= minimumLength {
                    UTF8Codec.decode(words.term(at: word), into: &scratchScalars)
                    let isMatch = typed.withUnsafeBufferPointer { typed in
                        scratchScalars.withUnsafeBufferPointer { TypoTolerance.isOneEditPrefix(typed, of: $0) }
                    }
                    if isMatch { recordTypo(word, in: words, localeRank: localeRank, position: position) }
                }
            }
        }
    }

    /// Words of a spaced script the token is part of, past their start: the parts of compounds
    /// ("denken" for 🤔 "nachdenkendes Gesicht"). Asked with typos, when real matches are few,
    /// for a one-word query (a compound is typed alone; each word of "face with tears" would scan
    /// the table again), in the names and keywords of the first locale (in another, such parts
    /// are mostly chance: "hola" in "scholar"); they rank before typos.
    private mutating func matchInsideSpaced(_ token: SearchQuery.Token, in segment: SearchSegment, position: Int) {
        guard case .locale = segment.source, segment.localeRank == 0 else { return }
        scratchWords.removeAll(keepingCapacity: true)
        segment.wordsContaining(inside: token.bytes, into: &scratchWords)
        for word in scratchWords {
            for posting in segment.words.postings[segment.words.postingRange(of: word)] {
                record(
                    posting.entry,
                    RankKey.word(.inside(name: posting.isName), localeRank: segment.localeRank)
                        .penalized(by: uncoveredCost),
                    position)
            }
        }
    }

    private mutating func recordTypo(_ word: Int, in words: TermTable, localeRank: UInt8, position: Int) {
        for posting in words.postings[words.postingRange(of: word)] {
            record(
                posting.entry,
                RankKey.word(.typo(name: posting.isName), localeRank: localeRank).penalized(by: uncoveredCost),
                position)
        }
    }

    /// The words in `range` (at least `minimumLength` bytes) that `typed`, an ASCII word,
    /// becomes a prefix of with one edit, each checked in full (for the small ranges of words
    /// starting with two of its letters).
    private static func oneEditASCIIWords(
        _ typed: [UInt8], in words: TermTable, range: Range<Int>, minimumLength: Int,
        into found: inout [Int]
    ) {
        typed.withUnsafeBufferPointer { typed in
            words.bytes.withUnsafeBufferPointer { all in
                words.starts.withUnsafeBufferPointer { starts in
                    for word in range {
                        let start = Int(starts[word])
                        let end = Int(starts[word + 1])
                        if end - start < minimumLength { continue }
                        let term = UnsafeBufferPointer(rebasing: all[start..<end])
                        if TypoTolerance.isOneEditPrefix(typed, of: term) { found.append(word) }
                    }
                }
            }
        }
    }

    /// The words in `range`, which all start with the first letter of `typed` (an ASCII word of
    /// at least four letters), that are at least `minimumLength` bytes and that `typed` becomes
    /// a prefix of with one edit, in order: those that pass
    /// ``TypoTolerance/mayBeOneEditPrefix(_:of:)`` (the edit is at or after the second letter)
    /// and ``TypoTolerance/isOneEditPrefix(_:of:)``, reading two bytes of most of them.
    ///
    /// A word that matches first differs from `typed` at some position `i` (1 or more), where
    /// the edit is: it starts with `typed[..<i]` but not with `typed[...i]`. The words starting
    /// with `typed[..<k]` form nested ranges, found by binary search on one byte, so between
    /// their bounds `i` is known. Unless `i` is the last position, such a word has `typed[i + 1]`
    /// at `i` (a letter typed extra, or two swapped) or at `i + 1` (one substituted), or
    /// `typed[i]` at `i + 1` (one missing, or two swapped). The words starting with all of
    /// `typed` (no typo) are skipped at once; once a range is small, its words are checked in full.
    private static func oneEditASCIIWordsSharingFirstLetter(
        _ typed: [UInt8], in words: TermTable, range: Range<Int>,
        minimumLength: Int, into found: inout [Int]
    ) {
        let n = typed.count
        // levels[j]: the words starting with typed[...j].
        var levels: [Range<Int>] = [range]
        levels.reserveCapacity(8)
        while levels.count < n, let last = levels.last, last.count > 8 {
            levels.append(words.prefixRange(extending: last, at: levels.count, with: typed[levels.count]))
        }
        let innermost = levels.count - 1
        typed.withUnsafeBufferPointer { typed in
            words.bytes.withUnsafeBufferPointer { all in
                words.starts.withUnsafeBufferPointer { starts in
                    /// Checks the words of `candidates`; with `i`, they first differ from `typed` at `i`.
                    func check(_ candidates: Range<Int>, differingAt i: Int?) {
                        guard !candidates.isEmpty else { return }
                        // Before the last position, the two-byte test applies (see above). A word
                        // of `minimumLength` (n - 1) bytes or more has a byte at `i`, and one at
                        // `i + 1` unless `i` is n - 2 and it has n - 1 bytes.
                        let tested = i.map { $0 + 1 < n } ?? false
                        let at = i ?? 0
                        let current = typed[at]
                        let next = tested ? typed[at + 1] : 0
                        var start = Int(starts[candidates.lowerBound])
                        for word in candidates {
                            let end = Int(starts[word + 1])
                            defer { start = end }
                            let length = end - start
                            if length < minimumLength { continue }
                            if tested && all[start + at] != next {
                                guard length > at + 1 else { continue }
                                let following = all[start + at + 1]
                                if following != next && following != current { continue }
                            }
                            let term = UnsafeBufferPointer(rebasing: all[start..<end])
                            if !TypoTolerance.mayBeOneEditPrefix(typed, of: term) { continue }
                            if TypoTolerance.isOneEditPrefix(typed, of: term) { found.append(word) }
                        }
                    }
                    // In word order: the words before each narrower range, from the widest in;
                    // the innermost range (skipped when it holds the words starting with all of
                    // `typed`, which are no typo); the words after each narrower range.
                    for j in 0..<innermost {
                        check(levels[j].lowerBound..<levels[j + 1].lowerBound, differingAt: j + 1)
                    }
                    if levels.count < n { check(levels[innermost], differingAt: nil) }
                    for j in (0..<innermost).reversed() {
                        check(levels[j + 1].upperBound..<levels[j].upperBound, differingAt: j + 1)
                    }
                }
            }
        }
    }

    /// Exact matches and entries every word matched, each with its best key.
    private func collect() -> [Found] {
        let tokenCount = query.tokens.count
        return [Found](unsafeUninitializedCapacity: exactEntries.count + candidates.count) { found, count in
            count = 0
            // A word match moves later by the entry's prior penalty; an exact one stays.
            let penalties = index.priorPenalty
            state.withUnsafeBufferPointer { state in
                for entry in exactEntries {
                    let e = Int(entry)
                    let words =
                        tokenCount > 0 && state[e].matchedAll(before: tokenCount)
                        ? state[e].wordKey.penalized(by: penalties[e]) : Self.none
                    found.initializeElement(at: count, to: Found(entry: entry, key: min(state[e].exactKey, words)))
                    count += 1
                }
                guard tokenCount > 0 else { return }
                for entry in candidates {
                    let e = Int(entry)
                    guard state[e].matchedAll(before: tokenCount), state[e].exactKey == Self.none else { continue }
                    var penalty = penalties[e]
                    if !completeNames.isEmpty, completeNames.contains(entry) { penalty &+= RankKey.completeNameCost }
                    found.initializeElement(
                        at: count, to: Found(entry: entry, key: state[e].wordKey.penalized(by: penalty)))
                    count += 1
                }
            }
        }
    }
}
