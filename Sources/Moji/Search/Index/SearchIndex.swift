import Foundation

/// The built index behind an ``EmojiSearch``: one ``SearchSegment`` per locale, one for the
/// locale-independent shortcodes, emoticons and characters, one for custom emoji, and what the
/// filters need about every entry, in flat arrays.
///
/// Entries are numbered by the catalog's index (CLDR order) for Unicode emoji and from
/// `catalogEntryCount` on for custom emoji, so CLDR order is entry order.
final class SearchIndex: Sendable {
    let catalog: EmojiCatalog
    let localized: [LocalizedCatalog]
    let segments: [SearchSegment]
    let catalogEntryCount: Int
    /// The indexed (neutral) emoji by entry; nil for toned forms and components.
    let emojis: [Emoji?]
    /// The indexed emoji's entries, in CLDR order.
    let neutralEntries: [Int32]
    /// `major << 8 | minor` of each entry's Emoji version.
    let versions: [UInt16]
    /// Each entry's group index.
    let groupIndices: [UInt8]
    let custom: [CustomEmoji]
    let alphabetical: AlphabeticalOrder
    /// The order of entries that share a rank key.
    let commonFirst: CommonFirstOrder
    /// Buckets each entry's word matches move down by (``RankKey/penalized(by:)``): 0 for the
    /// emoji people use most, up to ``maximumPriorPenalty`` for those without usage data and for
    /// custom emoji.
    let priorPenalty: [UInt8]
    /// Matchers' buffers kept between queries (``SearchMatcher/recycle()``).
    let matcherBuffers = Locked<[SearchMatcher.Buffers]>([])

    /// The penalty of an emoji without usage data.
    static let maximumPriorPenalty: UInt8 = 4

    /// The prior penalty of an emoji used with Zipf frequency `frequency` × 100 (averaged over
    /// languages, so lower than any one language's): 0 from 3.3 (😂 4.4, ❤️ and 👍 3.4), one
    /// bucket more per 0.8 below, the most (as without data) under 1.0 (💌 0.8).
    static func priorPenalty(frequency: UInt16) -> UInt8 {
        guard frequency > 0 else { return maximumPriorPenalty }
        if frequency >= 330 { return 0 }
        return UInt8(min((409 - Int(frequency)) / 80, Int(maximumPriorPenalty)))
    }

    var entryCount: Int { catalogEntryCount + custom.count }

    /// Builds the index of a catalog in these locales (already resolved, the chosen one first).
    /// The locale-independent part is made once per catalog and shared.
    convenience init(catalog: EmojiCatalog, localized: [LocalizedCatalog], custom: [CustomEmoji]) throws(CatalogError) {
        let parts = try ParallelSegmentBuild.parts(locales: localized, catalog: catalog, custom: custom)
        let base = parts.base
        self.init(
            catalog: catalog, localized: localized, segments: parts.segments, emojis: base.emojis,
            neutralEntries: base.neutralEntries, versions: base.versions, groupIndices: base.groupIndices,
            custom: custom, order: parts.order)
    }

    /// An index with `custom` as its custom emoji, sharing everything else with `base`.
    convenience init(base: SearchIndex, custom: [CustomEmoji]) {
        self.init(
            catalog: base.catalog, localized: base.localized,
            segments: base.segments.filter {
                if case .custom = $0.source { return false }
                return true
            }, emojis: base.emojis, neutralEntries: base.neutralEntries, versions: base.versions,
            groupIndices: base.groupIndices, custom: custom,
            order: Self.order(
                base: CatalogSearchBase.shared(for: base.catalog), first: base.localized.first, custom: custom))
    }

    private init(
        catalog: EmojiCatalog, localized: [LocalizedCatalog], segments: [SearchSegment], emojis: [Emoji?],
        neutralEntries: [Int32], versions: [UInt16], groupIndices: [UInt8], custom: [CustomEmoji],
        order: (commonFirst: CommonFirstOrder, priorPenalty: [UInt8])
    ) {
        self.catalog = catalog
        self.localized = localized
        self.emojis = emojis
        self.catalogEntryCount = emojis.count
        self.neutralEntries = neutralEntries
        self.versions = versions
        self.groupIndices = groupIndices
        self.custom = custom
        var segments = segments
        if !custom.isEmpty { segments.append(Self.customSegment(custom, firstEntry: emojis.count)) }
        self.segments = segments
        self.alphabetical = AlphabeticalOrder()
        self.commonFirst = order.commonFirst
        self.priorPenalty = order.priorPenalty
    }

    /// The order of entries that share a rank key, and each entry's prior penalty, for an index
    /// whose first locale is `first` (none for an index without locales).
    static func order(base: CatalogSearchBase, first: LocalizedCatalog?, custom: [CustomEmoji]) -> (
        commonFirst: CommonFirstOrder, priorPenalty: [UInt8]
    ) {
        let emojis = base.emojis
        var nameWords = [UInt16](repeating: 0, count: emojis.count + custom.count)
        if let first {
            for (entry, emoji) in emojis.enumerated() where emoji != nil {
                nameWords[entry] = first.withNameUTF8(at: entry) { CommonFirstOrder.wordCount(ofName: $0) }
            }
        }
        for (offset, emoji) in custom.enumerated() {
            var name = emoji.name.isEmpty ? emoji.code : emoji.name
            nameWords[emojis.count + offset] = name.withUTF8 { CommonFirstOrder.wordCount(ofName: $0) }
        }
        let frequencies = base.frequencies
        let commonFirst = CommonFirstOrder(
            emojis: emojis, versions: base.versions, nameWords: nameWords, frequencies: frequencies,
            tagged: base.catalog.storage.isTagged, customCount: custom.count)
        var penalties = [UInt8](repeating: Self.maximumPriorPenalty, count: emojis.count + custom.count)
        for entry in frequencies.indices { penalties[entry] = Self.priorPenalty(frequency: frequencies[entry]) }
        return (commonFirst, penalties)
    }

    /// Names, keywords and CLDR shortcodes in one locale, built from the locale's files (what
    /// `moji-data` writes into a locale's ``SearchSegmentFile``).
    ///
    /// - Throws: ``CatalogError`` when the locale's keywords file cannot be read.
    static func localeSegment(_ table: LocalizedCatalog, emojis: [Emoji], rank: UInt8) throws(CatalogError)
        -> SearchSegment
    {
        // The loaded keywords and shortcodes, read once rather than through a lock per emoji.
        let terms = try table.terms()
        var builder = SearchSegmentBuilder()
        for emoji in emojis {
            let index = emoji.index
            builder.addName(table.name(at: index), entry: index)
            // The stored field ('|' between keywords) folds in one pass: '|' separates words anyway.
            builder.addKeywords(field: terms.keywordFields[index] ?? table.keywordField(at: index), entry: index)
            for code in terms.shortcodes[index] ?? [] { builder.addShortcode(code, kind: .cldr, entry: index) }
        }
        let searchTerms = try SearchTerms.read(chain: table.chain, storage: table.storage)
        if !searchTerms.isEmpty { builder.addTerms(searchTerms, entries: Set(emojis.map(\.index))) }
        return builder.build(localeRank: rank, source: .locale(table))
    }

    /// The entries of `emojis` whose names, keywords, CLDR shortcodes or search terms differ
    /// between `table` and `parent` (a regional locale and its language), in order: what a
    /// ``SearchSegmentFile/Delta`` replaces. Nil when the two weigh words differently, which
    /// changes every word's postings.
    ///
    /// - Throws: ``CatalogError`` when a keywords or search terms file cannot be read.
    static func replacedEntries(of table: LocalizedCatalog, from parent: LocalizedCatalog, emojis: [Emoji])
        throws(CatalogError) -> [Int]?
    {
        let own = try table.terms()
        let parentTerms = try parent.terms()
        let ownSearch = try SearchTerms.read(chain: table.chain, storage: table.storage)
        let parentSearch = try SearchTerms.read(chain: parent.chain, storage: parent.storage)
        guard ownSearch.wordFrequencies == parentSearch.wordFrequencies else { return nil }
        var replaced: [Int] = []
        for emoji in emojis {
            let index = emoji.index
            let same =
                table.name(at: index) == parent.name(at: index)
                && (own.keywordFields[index] ?? table.keywordField(at: index))
                    == (parentTerms.keywordFields[index] ?? parent.keywordField(at: index))
                && own.shortcodes[index] == parentTerms.shortcodes[index]
                && ownSearch.nameTerms[index] == parentSearch.nameTerms[index]
                && ownSearch.everydayNames[index] == parentSearch.everydayNames[index]
                && ownSearch.keywordTerms[index] == parentSearch.keywordTerms[index]
            if !same { replaced.append(index) }
        }
        return replaced
    }

    /// GitHub, Slack and emojibase shortcodes, emoticons and the characters themselves.
    static func universalSegment(_ emojis: [Emoji], catalog: EmojiCatalog) -> SearchSegment {
        var builder = SearchSegmentBuilder()
        // The shortcode tables, read once rather than through a lock per emoji and preset.
        let tables = catalog.storage.shortcodes
        let presets: [(codes: [Int: [String]], kind: SearchSegment.PhraseKind)] = [
            (tables.indexToCodes[.github] ?? [:], .github), (tables.indexToCodes[.slack] ?? [:], .slack),
            (tables.indexToCodes[.emojibase] ?? [:], .emojibase),
        ]
        for emoji in emojis {
            let index = emoji.index
            builder.addExact(emoji.character, kind: .character, entry: index)
            for emoticon in tables.indexToEmoticons[index] ?? [] {
                builder.addExact(emoticon, kind: .emoticon, entry: index)
            }
            for preset in presets {
                for code in preset.codes[index] ?? [] { builder.addShortcode(code, kind: preset.kind, entry: index) }
            }
        }
        return builder.build(localeRank: 0, source: .universal)
    }

    /// Custom emoji: code, name and keywords.
    static func customSegment(_ custom: [CustomEmoji], firstEntry: Int) -> SearchSegment {
        var builder = SearchSegmentBuilder()
        for (offset, emoji) in custom.enumerated() {
            let entry = firstEntry + offset
            builder.addShortcode(emoji.code, kind: .customCode, entry: entry)
            if !emoji.name.isEmpty { builder.addName(emoji.name, entry: entry) }
            builder.addKeywords(emoji.keywords, entry: entry)
        }
        return builder.build(localeRank: 0, source: .custom)
    }

    /// The item for an entry.
    func item(_ entry: Int) -> SearchItem {
        entry < catalogEntryCount ? .emoji(emojis[entry]!) : .custom(custom[entry - catalogEntryCount])
    }

    /// The name an entry is sorted by alphabetically: its name in the first locale, or a custom emoji's code.
    func sortName(_ entry: Int) -> String {
        if entry < catalogEntryCount { return localized[0].name(of: emojis[entry]!) }
        let emoji = custom[entry - catalogEntryCount]
        return emoji.name.isEmpty ? emoji.code : emoji.name
    }

    /// Rough memory held by the index's own arrays, in bytes (shared catalog data excluded).
    var approximateByteCount: Int {
        var total = emojis.count * (MemoryLayout<Emoji?>.stride + 3)
        for segment in segments {
            for table in [segment.words, segment.phrases] {
                total += table.bytes.count + 4 * (table.starts.count + table.postingStarts.count + table.postings.count)
            }
            total += 8 * segment.grams.count
        }
        return total
    }
}
