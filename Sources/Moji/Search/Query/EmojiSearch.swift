/// As-you-type emoji search in one or more languages: by name, keyword, shortcode, emoticon
/// or the emoji itself, folding case, diacritics, width and kana, tolerating one typo, with
/// custom emoji searched by the same rules.
///
/// Build it once per set of locales (a few milliseconds) and keep it; each query then takes
/// microseconds. It is an immutable value, safe to share across threads.
///
/// ```swift
/// let search = try EmojiSearch(locale: "ja")            // Japanese, then English
/// search.results(for: "thu u").first?.item.text           // "👍"
/// search.results(for: "ねこ", options: .init(limit: 5))   // 🐈 🐱 🐈‍⬛
/// search.results(for: "pizaa").first?.relevance           // .typo
/// ```
///
/// Every word of the query must match (AND); each matches the start of a word, and the last
/// may be a prefix of one, so results are useful after every keystroke. Words in Chinese,
/// Japanese, Thai and other scripts written without spaces also match inside words.
public struct EmojiSearch: Sendable {
    let index: SearchIndex

    /// A search in `locale` with English as the second language (English alone for English).
    public init(
        catalog: EmojiCatalog = .shared, locale: MojiLocale = .english,
        customEmoji: [CustomEmoji] = []
    ) throws(CatalogError) {
        try self.init(catalog: catalog, locales: [locale, .english], customEmoji: customEmoji)
    }

    /// A search in exactly these locales; names in the first rank above the others'.
    ///
    /// - Throws: ``CatalogError/unknownLocale(requested:closest:)`` for a locale the catalog lacks,
    ///   ``CatalogError/malformedFile(path:line:reason:)`` or
    ///   ``CatalogError/malformedBinaryFile(path:offset:reason:)`` for a damaged catalog file
    ///   (a locale's names or keywords, or a search segment).
    public init(
        catalog: EmojiCatalog = .shared, locales: [MojiLocale],
        customEmoji: [CustomEmoji] = []
    ) throws(CatalogError) {
        var tables: [LocalizedCatalog] = []
        for locale in locales {
            let table = try catalog.localized(locale)
            if !tables.contains(where: { $0 === table }) { tables.append(table) }
        }
        if tables.isEmpty { tables.append(try catalog.localized(.english)) }
        index = try SearchIndex(catalog: catalog, localized: tables, custom: customEmoji)
    }

    private init(index: SearchIndex) { self.index = index }

    /// Builds a locale's search segment from its names and keywords, as for a catalog without
    /// the segment files `moji-data` writes, and returns its number of words (for `moji-bench`).
    package static func buildLocaleSegment(catalog: EmojiCatalog, locale: MojiLocale) throws(CatalogError) -> Int {
        let table = try catalog.localized(locale)
        return try SearchIndex.localeSegment(
            table, emojis: CatalogSearchBase.shared(for: catalog).neutralEmojis, rank: 0
        ).words.count
    }

    /// The locales searched, the chosen one first.
    public var locales: [MojiLocale] { index.localized.map(\.locale) }

    /// The custom emoji searched.
    public var customEmoji: [CustomEmoji] { index.custom }

    /// A search that also finds these custom emoji (the index of the catalog is shared).
    public func adding(customEmoji: [CustomEmoji]) -> EmojiSearch {
        EmojiSearch(index: SearchIndex(base: index, custom: index.custom + customEmoji))
    }

    /// The emoji matching `query`, best first.
    ///
    /// A blank query gives the catalog (or nothing, per ``SearchOptions/blankQuery``); only the
    /// first 256 characters and 16 words of a query are read.
    public func results(for query: String, options: SearchOptions = SearchOptions()) -> [SearchResult] {
        let parsed = SearchQuery(query)
        let limit = max(0, options.limit ?? Int.max)
        if limit == 0 { return [] }
        var found: [SearchMatcher.Found]
        var shortenedWords: [SearchQuery.Token] = []
        if parsed.isBlank {
            guard options.blankQuery == .catalogOrder else { return [] }
            found = index.neutralEntries.map { SearchMatcher.Found(entry: $0, key: .blankQuery) }
            found.append(
                contentsOf: (index.catalogEntryCount..<index.entryCount).map {
                    SearchMatcher.Found(entry: Int32($0), key: .blankQuery)
                })
        } else {
            var matcher = SearchMatcher(index: index, query: parsed)
            found = matcher.match(options: options)
            shortenedWords = matcher.shortenedWords
            matcher.recycle()
        }
        if options.maximumVersion != nil || options.groups != nil || !options.includesCustomEmoji {
            found = found.filter { isIncluded(Int($0.entry), options) }
        }
        // A blank query lists the catalog in CLDR order, as found.
        var ordered =
            parsed.isBlank && options.ranking == .relevance
            ? Array(found.prefix(limit)) : order(found, options: options, limit: limit)
        if let learned = options.learnedPicks, !learned.isEmpty {
            ordered = placingFirst(learned, before: ordered, found: found, options: options, limit: limit)
        }
        let context = SearchContext(index: index, query: parsed, shortenedWords: shortenedWords)
        var results: [SearchResult] = []
        results.reserveCapacity(min(limit, ordered.count))
        for found in ordered {
            let entry = Int(found.entry)
            let relevance = found.key.relevance
            let item = index.item(entry)
            switch (options.skinTones, item) {
            case (.preferred(let tone), .emoji(let emoji)):
                results.append(
                    SearchResult(
                        item: .emoji(emoji.withSkinTone(tone) ?? emoji), relevance: relevance,
                        entry: entry, context: context))
            case (.all, .emoji(let emoji)):
                results.append(SearchResult(item: item, relevance: relevance, entry: entry, context: context))
                for variant in emoji.skinToneVariants where results.count < limit {
                    results.append(
                        SearchResult(item: .emoji(variant), relevance: relevance, entry: entry, context: context))
                }
            default:
                results.append(SearchResult(item: item, relevance: relevance, entry: entry, context: context))
            }
            if results.count >= limit { break }
        }
        return results
    }

    func isIncluded(_ entry: Int, _ options: SearchOptions) -> Bool {
        guard entry < index.catalogEntryCount else { return options.includesCustomEmoji && options.groups == nil }
        if let maximum = options.maximumVersion {
            let version = index.versions[entry]
            if (Int(version >> 8), Int(version & 0xFF)) > (maximum.major, maximum.minor) { return false }
        }
        if let groups = options.groups, !groups.contains(where: { $0.index == Int(index.groupIndices[entry]) }) {
            return false
        }
        return true
    }

    private func order(_ found: [SearchMatcher.Found], options: SearchOptions, limit: Int) -> [SearchMatcher.Found] {
        switch options.ranking {
        case .relevance:
            return SearchMatcher.relevanceOrder(found, limit: limit, order: index.commonFirst)
        case .usage:
            guard let usage = options.usage else {
                return SearchMatcher.relevanceOrder(found, limit: limit, order: index.commonFirst)
            }
            // Whole relevance groups, best first, until the limit is reached; each by usage.
            let byGroup = Dictionary(grouping: found) { $0.key.relevance }
            var ordered: [SearchMatcher.Found] = []
            for relevance in SearchRelevance.allCases {
                guard let group = byGroup[relevance], ordered.count < limit else { continue }
                let rank = index.commonFirst.rank
                let scored = group.map { (item: $0, score: usage.usageScore(of: index.item(Int($0.entry)))) }
                let sorted = scored.sorted {
                    ($0.score, -Int($0.item.key.rawValue), -Int(rank[Int($0.item.entry)]))
                        > ($1.score, -Int($1.item.key.rawValue), -Int(rank[Int($1.item.entry)]))
                }
                ordered.append(contentsOf: sorted.prefix(limit - ordered.count).map(\.item))
            }
            return ordered
        case .alphabetical:
            let ranks = index.alphabetical.ranks(for: index)
            return Array(found.sorted { ranks[Int($0.entry)] < ranks[Int($1.entry)] }.prefix(limit))
        }
    }
}

extension EmojiCatalog {
    /// A search of this catalog in `locale` and English.
    ///
    /// ```swift
    /// let search = try EmojiCatalog.shared.search(in: "fr")
    /// search.results(for: "cafe")   // ☕ (« café »)
    /// ```
    public func search(in locale: MojiLocale) throws(CatalogError) -> EmojiSearch {
        try EmojiSearch(catalog: self, locale: locale)
    }
}

extension EmojiSearch {
    /// About how many bytes the index holds beyond the catalog it reads (words, postings,
    /// phrases, per-emoji filters), for measuring.
    package var indexByteCount: Int { index.approximateByteCount }
}
