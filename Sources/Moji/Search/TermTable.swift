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
    /// Postings: an entry number shifted left by 8, or'ed with a field code.
    let postings: [UInt32]

    var count: Int { starts.count - 1 }

    static let empty = TermTable(bytes: [], starts: [0], postingStarts: [0], postings: [])

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
    static func compare(_ term: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>, prefixOnly: Bool) -> Int {
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

/// Collects terms and postings, then sorts them into a ``TermTable``.
struct TermTableBuilder {
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = [0]
    /// Open-addressing hash table of term numbers + 1 (0 is empty).
    private var slots: [UInt32]
    private var termPostings: [(term: UInt32, posting: UInt32)] = []
    private var lastPosting: [UInt32] = []

    init(expectedTerms: Int) {
        var capacity = 1024
        while capacity < expectedTerms * 2 { capacity *= 2 }
        slots = [UInt32](repeating: 0, count: capacity)
        bytes.reserveCapacity(expectedTerms * 8)
        starts.reserveCapacity(expectedTerms + 1)
        termPostings.reserveCapacity(expectedTerms * 3)
    }

    var termCount: Int { starts.count - 1 }

    /// Adds a posting for the term `key`, returning the term's number in this builder.
    @discardableResult
    mutating func add(_ key: [UInt8], posting: UInt32) -> Int {
        let term = intern(key)
        if lastPosting[term] != posting {
            lastPosting[term] = posting
            termPostings.append((UInt32(term), posting))
        }
        return term
    }

    /// The bytes of term `number` (in insertion numbering).
    func bytes(of number: Int) -> ArraySlice<UInt8> { bytes[Int(starts[number])..<Int(starts[number + 1])] }

    private mutating func intern(_ key: [UInt8]) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in key { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        if termCount * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let term = Int(slots[slot] - 1)
            let start = Int(starts[term])
            let end = Int(starts[term + 1])
            if end - start == key.count && Self.equal(bytes, start, key) { return term }
            slot = (slot + 1) & mask
        }
        let term = termCount
        bytes.append(contentsOf: key)
        starts.append(UInt32(bytes.count))
        lastPosting.append(UInt32.max)
        slots[slot] = UInt32(term + 1)
        return term
    }

    private static func equal(_ bytes: [UInt8], _ start: Int, _ key: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            key.withUnsafeBufferPointer { key in
                var offset = 0
                while offset < key.count {
                    if all[start + offset] != key[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    private mutating func grow() {
        var larger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for term in 0..<termCount {
            var hash: UInt32 = 2_166_136_261
            for byte in bytes[Int(starts[term])..<Int(starts[term + 1])] { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            var slot = Int(hash) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = UInt32(term + 1)
        }
        slots = larger
    }

    /// Sorts the terms; `order[i]` is the insertion number of sorted term `i`, and `rank` its inverse.
    func build() -> (table: TermTable, rank: [UInt32]) {
        let count = termCount
        // Sort by the first eight bytes as a number, comparing whole terms only on ties.
        var prefixes = [UInt64](repeating: 0, count: count)
        for term in 0..<count {
            var prefix: UInt64 = 0
            var shift: UInt64 = 56
            for byte in bytes[Int(starts[term])..<min(Int(starts[term + 1]), Int(starts[term]) + 8)] {
                prefix |= UInt64(byte) << shift
                shift &-= 8
            }
            prefixes[term] = prefix
        }
        var order = Array(0..<count)
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                prefixes.withUnsafeBufferPointer { prefixes in
                    order.sort { a, b in
                        if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
                        let left = UnsafeBufferPointer(rebasing: all[Int(starts[a])..<Int(starts[a + 1])])
                        let right = UnsafeBufferPointer(rebasing: all[Int(starts[b])..<Int(starts[b + 1])])
                        return TermTable.compare(left, right, prefixOnly: false) < 0
                    }
                }
            }
        }
        var rank = [UInt32](repeating: 0, count: count)
        for (position, term) in order.enumerated() { rank[term] = UInt32(position) }

        var sortedBytes: [UInt8] = []
        sortedBytes.reserveCapacity(bytes.count)
        var sortedStarts: [UInt32] = [0]
        sortedStarts.reserveCapacity(count + 1)
        for term in order {
            sortedBytes.append(contentsOf: bytes[Int(starts[term])..<Int(starts[term + 1])])
            sortedStarts.append(UInt32(sortedBytes.count))
        }
        // Counting sort of postings by sorted term, keeping insertion (CLDR) order within a term.
        var postingStarts = [UInt32](repeating: 0, count: count + 1)
        for pair in termPostings { postingStarts[Int(rank[Int(pair.term)]) + 1] += 1 }
        for index in 0..<count { postingStarts[index + 1] += postingStarts[index] }
        var cursor = postingStarts
        var postings = [UInt32](repeating: 0, count: termPostings.count)
        for pair in termPostings {
            let position = Int(rank[Int(pair.term)])
            postings[Int(cursor[position])] = pair.posting
            cursor[position] += 1
        }
        let table = TermTable(bytes: sortedBytes, starts: sortedStarts, postingStarts: postingStarts, postings: postings)
        return (table, rank)
    }
}
