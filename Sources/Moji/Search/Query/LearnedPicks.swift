/// What one person picked after typing a query, best first: search shows these items before
/// everything else (``SearchOptions/learnedPicks``), as a phone keyboard learns words.
///
/// ```swift
/// var options = SearchOptions(limit: 20)
/// options.learnedPicks = LearnedPicks(["👋": 1.9])      // picked twice after "hola"
/// search.results(for: "hola", options: options).first?.item.text   // "👋"
/// ```
///
/// Items are keyed as ``UsageScores`` keys them: the neutral emoji (a toned key counts as its
/// neutral emoji) or a custom emoji's `:code:`. Search shows a learned item as it shows any
/// result of that emoji: neutral, or with the tone of ``SearchOptions/skinTones``; each item once.
/// Learned items pass the same filters as the other results (maximum version, groups, custom
/// emoji) and count towards the limit. One that the query also matches keeps the relevance it
/// matched with; one that it does not match (👋 for "hola" in English) is reported as
/// ``SearchRelevance/exact``.
///
/// `MojiStore` keeps the picks of each query (`store.usage.recordUse(of:query:)`) and reads them for a
/// typed query (`store.usage.learnedPicks(for:)`); ``LearnedPickHistory`` holds them all in memory.
public struct LearnedPicks: Sendable, Hashable {
    /// One learned item and its score.
    public struct Pick: Sendable, Hashable {
        /// The neutral emoji (`👋`) or a custom emoji's `:code:`.
        public var key: String
        /// How strongly it was learned: a sum of decayed picks, higher first.
        public var score: Double

        public init(key: String, score: Double) {
            self.key = key
            self.score = score
        }
    }

    /// The picks, best score first, each key once.
    public let picks: [Pick]

    /// Picks in any order: sorted best score first (ties in the given order), keeping the first
    /// of a repeated key; a score that is not a finite number above 0 is left out.
    public init(_ picks: [Pick]) {
        var seen = Set<String>()
        let kept = picks.filter { $0.score > 0 && $0.score.isFinite && seen.insert($0.key).inserted }
        // Stable: equal scores keep the order given.
        self.picks = kept.enumerated().sorted { ($0.element.score, $1.offset) > ($1.element.score, $0.offset) }
            .map(\.element)
    }

    /// Picks from scores by key; equal scores are ordered by key.
    public init(_ scores: [String: Double]) {
        self.init(scores.sorted { $0.key < $1.key }.map { Pick(key: $0.key, score: $0.value) })
    }

    /// No picks: search is unchanged.
    public var isEmpty: Bool { picks.isEmpty }

    /// The keys, best first.
    public var keys: [String] { picks.map(\.key) }

    /// The key an item is learned under: its neutral emoji, or `:code:` for a custom emoji.
    public static func key(of item: SearchItem) -> String { UsageScores.key(of: item) }

    /// The most characters of a query that are learned (search reads no more either).
    public static let maximumQueryLength = TextFolding.maximumQueryScalars

    /// A query as it is learned and looked up: folded as search folds it (case, diacritics,
    /// width, katakana to hiragana), its words joined by one space; a query without words (`:)`)
    /// keeps its folded symbols. Empty for a blank query, which learns nothing.
    ///
    /// ```swift
    /// LearnedPicks.normalizedQuery("  ¡Holá! ")     // "hola"
    /// LearnedPicks.normalizedQuery(":tada:")        // "tada"
    /// LearnedPicks.normalizedQuery(":-)")           // ":-)"
    /// ```
    public static func normalizedQuery(_ query: String) -> String {
        let words = TextFolding.words(query, maximumScalars: maximumQueryLength).prefix(TextFolding.maximumQueryWords)
        var scalars: [UInt32] = []
        if words.isEmpty {
            scalars = TextFolding.rawKey(query, maximumScalars: maximumQueryLength)
        } else {
            for word in words {
                if !scalars.isEmpty { scalars.append(0x20) }
                scalars.append(contentsOf: word)
            }
        }
        return String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }

    /// The least text above every text that starts with `prefix`, in code point (and UTF-8 byte)
    /// order: `prefix` with its last scalar one higher. Nil when there is none (a prefix of
    /// U+10FFFF only). Stores look up `query >= prefix AND query < upperBound` on an index.
    public static func upperBound(ofPrefix prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if next == 0xD800 { next = 0xE000 }  // surrogates are not scalars
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                return String(String.UnicodeScalarView(scalars))
            }
        }
        return nil
    }
}

/// Everything one person picked after queries: (query, item, score) records, with the picks of
/// any typed query worked out in memory. A picker keeps this (`PickerHistorySnapshot`) so a
/// keystroke never reads storage.
///
/// ```swift
/// let history = LearnedPickHistory([.init(query: "hola", key: "👋", score: 1.9)])
/// history.picks(for: "Hol").keys      // ["👋"]: "hol" starts "hola"
/// ```
public struct LearnedPickHistory: Sendable, Hashable {
    /// One item picked after one query.
    public struct Record: Sendable, Hashable {
        /// The query as ``LearnedPicks/normalizedQuery(_:)`` gives it.
        public var query: String
        /// The neutral emoji or custom `:code:`.
        public var key: String
        /// The current (decayed) score.
        public var score: Double

        public init(query: String, key: String, score: Double) {
            self.query = query
            self.key = key
            self.score = score
        }
    }

    /// The records, by query in code point order.
    public let records: [Record]

    /// A history of these records (in any order).
    public init(_ records: [Record] = []) {
        self.records = records.sorted { Self.precedes($0.query, $1.query) }
    }

    /// Whether there is nothing learned.
    public var isEmpty: Bool { records.isEmpty }

    /// The picks for `query`: the items picked after it or after any query it starts (so "hol"
    /// finds what was picked for "hola"), each scored by the sum of its records' scores, best
    /// first, at most `limit`.
    public func picks(for query: String, limit: Int = LearnedPickHistory.defaultLimit) -> LearnedPicks {
        let prefix = LearnedPicks.normalizedQuery(query)
        guard !prefix.isEmpty, limit > 0 else { return LearnedPicks([]) }
        // The first record whose query is not below the prefix; those that start with it follow.
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(records[middle].query, prefix) { low = middle + 1 } else { high = middle }
        }
        var matching: [Record] = []
        while low < records.count, records[low].query.unicodeScalars.starts(with: prefix.unicodeScalars) {
            matching.append(records[low])
            low += 1
        }
        return Self.picks(summing: matching, limit: limit)
    }

    /// How many learned items a typed query gets by default: enough for a picker's first rows.
    public static let defaultLimit = 8

    /// The picks of `records` (of one typed query): each key's scores summed, best first, ties
    /// by key, at most `limit`. The sums do not depend on the records' order: floating-point
    /// addition does, so they are added in query order, and every store (SQLite, PostgreSQL,
    /// whose rows come in no set order) gives the same scores bit for bit.
    public static func picks(summing records: some Sequence<Record>, limit: Int = defaultLimit) -> LearnedPicks {
        var sums: [String: Double] = [:]
        let ordered = records.filter { $0.score > 0 && $0.score.isFinite }.sorted {
            $0.query != $1.query ? precedes($0.query, $1.query) : precedes($0.key, $1.key)
        }
        for record in ordered {
            sums[record.key, default: 0] += record.score
        }
        let best = sums.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(max(limit, 0))
        return LearnedPicks(best.map { LearnedPicks.Pick(key: $0.key, score: $0.value) })
    }

    /// Code point order, which is UTF-8 byte order, as SQLite's BINARY collation and
    /// PostgreSQL's "C" collation compare.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

extension EmojiSearch {
    /// `ordered` with the learned items first, in their order: each once, filtered as the other
    /// results, with the key it matched with in `found` (else an exact key), at most `limit`.
    func placingFirst(
        _ learned: LearnedPicks, before ordered: [SearchMatcher.Found], found: [SearchMatcher.Found],
        options: SearchOptions, limit: Int
    ) -> [SearchMatcher.Found] {
        var entries: [Int32] = []
        for pick in learned.picks where entries.count < limit {
            guard let entry = entry(learnedAs: pick.key), isIncluded(entry, options) else { continue }
            if !entries.contains(Int32(entry)) { entries.append(Int32(entry)) }
        }
        if entries.isEmpty { return ordered }
        let learnedEntries = Set(entries)
        var keys: [Int32: RankKey] = [:]
        for match in found where learnedEntries.contains(match.entry) { keys[match.entry] = match.key }
        var result = entries.map { SearchMatcher.Found(entry: $0, key: keys[$0] ?? .character) }
        for match in ordered where result.count < limit && !learnedEntries.contains(match.entry) {
            result.append(match)
        }
        return result
    }

    /// The index entry of a learned key: a Unicode emoji's neutral form, or a searched custom
    /// emoji (codes compare without case); nil for anything this search does not hold.
    private func entry(learnedAs key: String) -> Int? {
        if key.count > 2, key.hasPrefix(":"), key.hasSuffix(":") {
            let code = key.dropFirst().dropLast().lowercased()
            return index.custom.firstIndex { $0.code.lowercased() == code }.map { index.catalogEntryCount + $0 }
        }
        guard let emoji = index.catalog.emoji(for: key)?.neutral, emoji.index < index.catalogEntryCount,
            index.emojis[emoji.index] != nil
        else { return nil }
        return emoji.index
    }
}
