/// Collects terms (folded UTF-8) with their postings, then sorts them into a ``TermTable``.
struct TermTableBuilder {
    /// Each term's number, in order of first appearance.
    private var numbers: [ByteString: Int] = [:]
    /// The terms by number.
    private var terms: [ByteString] = []
    /// Every posting added with its term's number, in the order they were added (CLDR order).
    private var postingTerms: [Int32] = []
    private var postings: [Posting] = []
    /// The last posting added to each term, so that a term repeated in one field counts once.
    private var lastPostings: [Posting?] = []

    /// A builder for about `expectedTerms` terms (a locale has 4,000 to 7,000): the dictionary
    /// sized up front does not regrow.
    init(expectedTerms: Int) {
        numbers.reserveCapacity(expectedTerms)
        terms.reserveCapacity(expectedTerms)
        lastPostings.reserveCapacity(expectedTerms)
    }

    /// The bytes of term `number`.
    func bytes(of number: Int) -> [UInt8] { terms[number].bytes }

    /// The number of the term `key`, if it was added.
    func number(of key: ByteString) -> Int? { numbers[key] }

    /// The number of the term `key`, adding it (without postings) if it is new.
    mutating func intern(_ key: ByteString) -> (number: Int, isNew: Bool) {
        if let number = numbers[key] { return (number, false) }
        let number = terms.count
        numbers[key] = number
        terms.append(key)
        lastPostings.append(nil)
        return (number, true)
    }

    /// Adds a posting for the term `key`, returning the term's number.
    @discardableResult
    mutating func add(_ key: ByteString, posting: Posting) -> Int {
        let term = intern(key).number
        add(term: term, posting: posting)
        return term
    }

    /// Adds a posting for term `term` (a number returned by ``intern(_:)``); a term repeated
    /// in one field of one entry counts once.
    mutating func add(term: Int, posting: Posting) {
        guard lastPostings[term] != posting else { return }
        lastPostings[term] = posting
        postingTerms.append(Int32(term))
        postings.append(posting)
    }

    /// The table, terms sorted by their bytes; `rank[i]` is the sorted position of term `i`.
    func build() -> (table: TermTable, rank: [Int]) {
        var rank = [Int](repeating: 0, count: terms.count)
        var bytes: [UInt8] = []
        var starts: [UInt32] = [0]
        starts.reserveCapacity(terms.count + 1)
        for (position, term) in terms.sorted().enumerated() {
            rank[numbers[term] ?? 0] = position
            bytes.append(contentsOf: term.bytes)
            starts.append(UInt32(bytes.count))
        }
        // Postings grouped by sorted term (a counting sort), in the order they were added.
        var postingStarts = [UInt32](repeating: 0, count: terms.count + 1)
        for term in postingTerms { postingStarts[rank[Int(term)] + 1] += 1 }
        for position in terms.indices { postingStarts[position + 1] += postingStarts[position] }
        var next = postingStarts
        var sorted = [Posting](repeating: Posting(rawValue: 0), count: postings.count)
        for (term, posting) in zip(postingTerms, postings) {
            let position = rank[Int(term)]
            sorted[Int(next[position])] = posting
            next[position] += 1
        }
        let table = TermTable(bytes: bytes, starts: starts, postingStarts: postingStarts, postings: sorted)
        return (table, rank)
    }
}
