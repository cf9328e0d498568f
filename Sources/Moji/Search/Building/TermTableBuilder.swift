/// Collects terms (folded UTF-8) with their postings, then sorts them into a ``TermTable``.
struct TermTableBuilder {
    /// Each term's number, in order of first appearance.
    private var numbers: [[UInt8]: Int] = [:]
    /// The terms' bytes by number.
    private var terms: [[UInt8]] = []
    /// The terms' postings by number, in the order they were added (CLDR order).
    private var postings: [[Posting]] = []

    /// The bytes of term `number`.
    func bytes(of number: Int) -> [UInt8] { terms[number] }

    /// The number of the term `key`, adding it (without postings) if it is new.
    mutating func intern(_ key: [UInt8]) -> (number: Int, isNew: Bool) {
        if let number = numbers[key] { return (number, false) }
        let number = terms.count
        numbers[key] = number
        terms.append(key)
        postings.append([])
        return (number, true)
    }

    /// Adds a posting for the term `key`, returning the term's number.
    @discardableResult
    mutating func add(_ key: [UInt8], posting: Posting) -> Int {
        let term = intern(key).number
        add(term: term, posting: posting)
        return term
    }

    /// Adds a posting for term `term` (a number returned by ``intern(_:)``); a term repeated
    /// in one field of one entry counts once.
    mutating func add(term: Int, posting: Posting) {
        if postings[term].last != posting { postings[term].append(posting) }
    }

    /// The table, terms sorted by their bytes; `rank[i]` is the sorted position of term `i`.
    func build() -> (table: TermTable, rank: [Int]) {
        let order = terms.indices.sorted { terms[$0].lexicographicallyPrecedes(terms[$1]) }
        var rank = [Int](repeating: 0, count: terms.count)
        var bytes: [UInt8] = []
        var starts: [UInt32] = [0]
        var postingStarts: [UInt32] = [0]
        var sortedPostings: [Posting] = []
        starts.reserveCapacity(terms.count + 1)
        postingStarts.reserveCapacity(terms.count + 1)
        for (position, term) in order.enumerated() {
            rank[term] = position
            bytes.append(contentsOf: terms[term])
            starts.append(UInt32(bytes.count))
            sortedPostings.append(contentsOf: postings[term])
            postingStarts.append(UInt32(sortedPostings.count))
        }
        let table = TermTable(bytes: bytes, starts: starts, postingStarts: postingStarts, postings: sortedPostings)
        return (table, rank)
    }
}
