import Foundation

/// Makes an index's segments, one job per segment, spread over the processors.
///
/// A segment is read from the file `moji-data build` wrote for it (``SearchSegmentFile``), or
/// built from the catalog's locale files when the catalog has none. The jobs (the shared
/// universal segment, which only the catalog's first index reads, then each locale's) go to
/// `DispatchQueue.concurrentPerform`, whose threads take the next job as they finish one.
enum ParallelSegmentBuild {
    /// The segments of `locales` (the first ranked 0, the others 1), then `base`'s universal segment.
    ///
    /// - Throws: ``CatalogError/malformedBinaryFile(path:offset:reason:)`` when one of the catalog's
    ///   search segment files is damaged or was built for other rules or another catalog.
    static func segments(locales: [LocalizedCatalog], base: CatalogSearchBase) throws(CatalogError) -> [SearchSegment] {
        let results = JobResults<Result<SearchSegment, CatalogError>>(count: 1 + locales.count)
        DispatchQueue.concurrentPerform(iterations: 1 + locales.count) { job in
            results.store(
                Result { () throws(CatalogError) in
                    job == 0
                        ? try base.universal() : try localeSegment(locales[job - 1], rank: job == 1 ? 0 : 1, base: base)
                }, at: job)
        }
        var segments: [SearchSegment] = []
        for job in 1...locales.count { segments.append(try results[job].get()) }
        segments.append(try results[0].get())
        return segments
    }

    /// A locale's segment: read from its file, or built from the locale's names and keywords.
    static func localeSegment(_ table: LocalizedCatalog, rank: UInt8, base: CatalogSearchBase) throws(CatalogError)
        -> SearchSegment
    {
        let storage = table.storage
        let path = storage.directoryPath + "/" + SearchSegmentFile.localeFileName(table.locale.identifier)
        if let segment = try SearchSegmentFile.read(
            path: path, entryCount: storage.characters.count,
            localeRank: rank, source: .locale(table))
        {
            return segment
        }
        return try SearchIndex.localeSegment(table, emojis: base.neutralEmojis, rank: rank)
    }
}

/// The results of jobs run at once, one slot per job, each written by its job only and read
/// after all have finished.
final class JobResults<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        values[index] = value
    }

    /// The result of job `index`, which must have finished.
    subscript(index: Int) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return values[index]!
    }
}
