import Foundation

/// Every entry's position in alphabetical order of its name in the index's first locale,
/// computed with the locale's collation on first use and kept.
final class AlphabeticalOrder: Sendable {
    private let ranks = Locked<[Int32]?>(nil)

    /// The rank of each entry (lower sorts first); entries that are not indexed rank last.
    func ranks(for index: SearchIndex) -> [Int32] {
        ranks.withLock { cached in
            if let cached { return cached }
            let locale = Locale(identifier: index.localized[0].locale.identifier)
            var entries = index.neutralEntries.map(Int.init)
            entries.append(contentsOf: index.catalogEntryCount..<index.entryCount)
            let names = Dictionary(uniqueKeysWithValues: entries.map { ($0, index.sortName($0)) })
            entries.sort { a, b in
                switch names[a]!.compare(names[b]!, options: [.caseInsensitive], range: nil, locale: locale) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: a < b
                }
            }
            var ranks = [Int32](repeating: Int32.max, count: index.entryCount)
            for (rank, entry) in entries.enumerated() { ranks[entry] = Int32(rank) }
            cached = ranks
            return ranks
        }
    }
}
