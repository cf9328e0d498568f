import Foundation

/// Makes an index's parts, one job per locale segment and one for what every index of the
/// catalog shares, spread over the processors.
///
/// A segment is read from the file `moji-data build` wrote for it (``SearchSegmentFile``), or
/// built from the catalog's locale files when the catalog has none. The jobs go to
/// `DispatchQueue.concurrentPerform`, whose threads take the next job as they finish one: the
/// first locale's segment (the largest), then the catalog's ``CatalogSearchBase`` with its
/// universal segment (read once per catalog) and the index's ranking order, then the other
/// locales. On two processors the first locale's segment is read while the rest is made: a first
/// Japanese index took 5.5–6 ms when the base and the order were made before and after it.
enum ParallelSegmentBuild {
    /// What ``parts(locales:catalog:custom:)`` makes.
    struct Parts {
        /// The segments of the locales (the first's ranked 0, the others' 1; a regional locale
        /// has two), then the universal one.
        var segments: [SearchSegment]
        var base: CatalogSearchBase
        /// ``SearchIndex/order(base:first:custom:)`` for the first locale and `custom`.
        var order: Order

        typealias Order = (commonFirst: CommonFirstOrder, priorPenalty: [UInt8])
    }

    /// The segments of `locales`, the catalog's base and universal segment, and the ranking order.
    ///
    /// - Throws: ``CatalogError/malformedBinaryFile(path:offset:reason:)`` when one of the catalog's
    ///   search segment files is damaged or was built for other rules or another catalog.
    static func parts(locales: [LocalizedCatalog], catalog: EmojiCatalog, custom: [CustomEmoji]) throws(CatalogError)
        -> Parts
    {
        // Job 0: the first locale; job 1: the base, the universal segment and the order; then
        // the other locales. Without locales, only job 1.
        let shared = min(1, locales.count)
        let segments = JobResults<Result<[SearchSegment], CatalogError>>(count: locales.count)
        let common = JobResults<Result<(CatalogSearchBase, SearchSegment, Parts.Order), CatalogError>>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 1 + locales.count) { job in
            if job == shared {
                common.store(
                    Result { () throws(CatalogError) in
                        let base = CatalogSearchBase.shared(for: catalog)
                        let universal = try base.universal()
                        return (base, universal, SearchIndex.order(base: base, first: locales.first, custom: custom))
                    }, at: 0)
            } else {
                let index = job < shared ? job : job - 1
                segments.store(
                    Result { () throws(CatalogError) in
                        try localeSegments(locales[index], rank: index == 0 ? 0 : 1, catalog: catalog)
                    }, at: index)
            }
        }
        var all: [SearchSegment] = []
        for index in locales.indices { all += try segments[index].get() }
        let (base, universal, order) = try common[0].get()
        all.append(universal)
        return Parts(segments: all, base: base, order: order)
    }

    /// The segments of `locales` (the first ranked 0, the others 1), then `base`'s universal segment.
    ///
    /// - Throws: ``CatalogError/malformedBinaryFile(path:offset:reason:)`` when one of the catalog's
    ///   search segment files is damaged or was built for other rules or another catalog.
    static func segments(locales: [LocalizedCatalog], base: CatalogSearchBase) throws(CatalogError) -> [SearchSegment] {
        try parts(locales: locales, catalog: base.catalog, custom: []).segments
    }

    /// A locale's segments: the one read from its file; for a regional locale, its delta and its
    /// language's segment without the entries the delta replaces (``SearchSegmentFile/Delta``);
    /// or the one built from the locale's names and keywords when the catalog has neither file.
    ///
    /// - Throws: ``CatalogError/malformedBinaryFile(path:offset:reason:)`` when a file is damaged,
    ///   or a delta names a locale that is not the locale's ancestor.
    static func localeSegments(_ table: LocalizedCatalog, rank: UInt8, catalog: EmojiCatalog) throws(CatalogError)
        -> [SearchSegment]
    {
        let storage = table.storage
        let identifier = table.locale.identifier
        let entryCount = storage.characters.count
        let source = SearchSegment.Source.locale(table)
        if let segment = try SearchSegmentFile.read(
            path: storage.directoryPath + "/" + SearchSegmentFile.localeFileName(identifier), entryCount: entryCount,
            localeRank: rank, source: source)
        {
            return [segment]
        }
        let deltaPath = storage.directoryPath + "/" + SearchSegmentFile.deltaFileName(identifier)
        if let delta = try SearchSegmentFile.readDelta(
            path: deltaPath, entryCount: entryCount, localeRank: rank, source: source)
        {
            guard delta.parent != identifier, table.chain.contains(delta.parent) else {
                throw .malformedBinaryFile(
                    path: deltaPath, offset: 24,
                    reason: "changes \(delta.parent), which is not a parent of \(identifier)")
            }
            let parent = try catalog.localized(MojiLocale(delta.parent))
            // The language's own segment: never a delta (its chain has one locale).
            let parentSegments = try localeSegments(parent, rank: rank, catalog: catalog)
            return [delta.segment]
                + parentSegments.map {
                    $0.removingPostings(of: delta.replaced, localeRank: rank, source: source)
                }
        }
        return [
            try SearchIndex.localeSegment(
                table, emojis: CatalogSearchBase.shared(for: catalog).neutralEmojis, rank: rank)
        ]
    }
}

/// The results of jobs run at once, one slot per job, each written by its job only and read
/// after all have finished.
final class JobResults<Value>: @unchecked Sendable {
    // @unchecked: a value crosses from the job that made it to the thread that reads it, once.
    private let values: Locked<[Value?]>

    init(count: Int) { values = Locked(Array(repeating: nil, count: count)) }

    func store(_ value: Value, at index: Int) {
        values.withLock { $0[index] = value }
    }

    /// The result of job `index`, which must have finished.
    subscript(index: Int) -> Value {
        values.withLock { $0[index]! }
    }
}
