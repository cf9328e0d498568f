/// Folded terms sorted by their UTF-8 bytes, each with a list of postings: the search index's
/// dictionary. A prefix of a term is a contiguous range, found by binary search, so as-you-type
/// matching never hashes or compares `String`s.
struct TermTable: Sendable {
    /// Every term's bytes, in sorted order, back to back.
    let bytes: [UInt8]
    /// Where term `i` starts in `bytes`; `starts[count]` is the end.
    let starts: [UInt32]
    /// Where term `i`'s postings start in `postings`; `postingStarts[count]` is the end.
    let postingStarts: [UInt32]
    /// Each term's entries, with the field or kind of each.
    let postings: [Posting]

    var count: Int { starts.count - 1 }

    static let empty = TermTable(bytes: [], starts: [0], postingStarts: [0], postings: [])

    /// This table without the postings whose entry `removed` marks: the same terms at the same
    /// places (some left without postings), so what refers to a term by its place still holds.
    func removingPostings(of removed: [Bool]) -> TermTable {
        var kept: [Posting] = []
        kept.reserveCapacity(postings.count)
        var keptStarts = [UInt32](repeating: 0, count: postingStarts.count)
        for term in 0..<count {
            for index in Int(postingStarts[term])..<Int(postingStarts[term + 1]) {
                let posting = postings[index]
                let entry = posting.entry
                if entry < removed.count, removed[entry] { continue }
                kept.append(posting)
            }
            keptStarts[term + 1] = UInt32(kept.count)
        }
        return TermTable(bytes: bytes, starts: starts, postingStarts: keptStarts, postings: kept)
    }

    /// The terms starting with `key`.
    func prefixRange(of key: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                let lower = Self.partition(count, all, starts) { Self.compare($0, key, prefixOnly: false) < 0 }
                let upper = Self.partition(count, all, starts) { Self.compare($0, key, prefixOnly: true) <= 0 }
                return lower..<max(lower, upper)
            }
        }
    }

    /// The terms in `range` whose byte at `position` is `byte`, where every term in `range`
    /// shares its first `position` bytes: the prefix range one byte longer, found by looking at
    /// that byte only. An empty answer is empty where such terms would be.
    func prefixRange(extending range: Range<Int>, at position: Int, with byte: UInt8) -> Range<Int> {
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                // In `range`, the term of `position` bytes (if any) comes first, then the others
                // by their byte at `position`.
                func rank(_ term: Int) -> Int {
                    let start = Int(starts[term])
                    return Int(starts[term + 1]) - start > position ? Int(all[start + position]) : -1
                }
                var low = range.lowerBound
                var high = range.upperBound
                while low < high {
                    let middle = (low + high) / 2
                    if rank(middle) < Int(byte) { low = middle + 1 } else { high = middle }
                }
                let lower = low
                high = range.upperBound
                while low < high {
                    let middle = (low + high) / 2
                    if rank(middle) <= Int(byte) { low = middle + 1 } else { high = middle }
                }
                return lower..<low
            }
        }
    }

    /// The term equal to `key`, if any.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                let lower = Self.partition(count, all, starts) { Self.compare($0, key, prefixOnly: false) < 0 }
                guard lower < count else { return nil }
                let term = UnsafeBufferPointer(rebasing: all[Int(starts[lower])..<Int(starts[lower + 1])])
                return Self.compare(term, key, prefixOnly: false) == 0 ? lower : nil
            }
        }
    }

    /// The postings of term `index`.
    func postingRange(of index: Int) -> Range<Int> {
        Int(postingStarts[index])..<Int(postingStarts[index + 1])
    }

    /// The postings of the terms in `range`, which are contiguous.
    func postingRange(of range: Range<Int>) -> Range<Int> {
        range.isEmpty ? 0..<0 : Int(postingStarts[range.lowerBound])..<Int(postingStarts[range.upperBound])
    }

    /// The number of postings of the terms in `range`.
    func postingCount(of range: Range<Int>) -> Int {
        range.isEmpty ? 0 : Int(postingStarts[range.upperBound] - postingStarts[range.lowerBound])
    }

    /// The bytes of term `index`.
    func term(at index: Int) -> ArraySlice<UInt8> {
        bytes[Int(starts[index])..<Int(starts[index + 1])]
    }

    /// The length in bytes of term `index`.
    func length(of index: Int) -> Int { Int(starts[index + 1] - starts[index]) }

    /// The first index in `0..<count` for which `isBefore` is false (it must be monotonic).
    private static func partition(
        _ count: Int, _ all: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>,
        _ isBefore: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let term = UnsafeBufferPointer(rebasing: all[Int(starts[middle])..<Int(starts[middle + 1])])
            if isBefore(term) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Compares bytes lexicographically; with `prefixOnly`, a term that starts with `key` is equal.
    static func compare(_ term: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>, prefixOnly: Bool) -> Int
    {
        let shared = min(term.count, key.count)
        var position = 0
        while position < shared {
            let a = term[position]
            let b = key[position]
            if a != b { return a < b ? -1 : 1 }
            position += 1
        }
        if term.count >= key.count { return prefixOnly || term.count == key.count ? 0 : 1 }
        return -1
    }
}
