/// Collects terms and postings, then sorts them into a ``TermTable``.
///
/// Terms are interned by their bytes (each distinct term stored once), postings are kept as two
/// flat buffers, and the sort compares the first 16 bytes of terms as two integers, so a locale's
/// table of several thousand terms builds in a fraction of a millisecond.
final class TermTableBuilder {
    private let terms: ByteStringInterner
    /// Each posting's term (insertion numbering) and value, in the order they were added.
    private let postingTerms: PlainBuffer<UInt32>
    private let postingValues: PlainBuffer<UInt32>
    /// The last posting added to each term, so that a term repeated in one field counts once.
    private let lastPosting: PlainBuffer<UInt32>

    init(expectedTerms: Int) {
        terms = ByteStringInterner(expectedCount: expectedTerms)
        lastPosting = PlainBuffer(capacity: expectedTerms)
        postingTerms = PlainBuffer(capacity: expectedTerms * 4)
        postingValues = PlainBuffer(capacity: expectedTerms * 4)
    }

    var termCount: Int { terms.count }

    /// Adds a posting for the term `key`, returning the term's number in this builder.
    @discardableResult
    func add(_ key: UnsafeBufferPointer<UInt8>, posting: UInt32) -> Int {
        let term = intern(key).number
        add(term: term, posting: posting)
        return term
    }

    /// The number of the term `key`, adding it (without postings) if it is new.
    func intern(_ key: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        let result = terms.intern(key)
        if result.isNew { lastPosting.append(UInt32.max) }
        return result
    }

    /// Adds a posting for term `term` (a number returned by ``intern(_:)``).
    @inline(__always)
    func add(term: Int, posting: UInt32) {
        if lastPosting[term] != posting {
            lastPosting[term] = posting
            postingTerms.append(UInt32(truncatingIfNeeded: term))
            postingValues.append(posting)
        }
    }

    /// Appends the bytes of term `number` (in insertion numbering).
    func appendBytes(of number: Int, to output: PlainBuffer<UInt8>) {
        output.append(bytes: terms.bytes(of: number))
    }

    /// The key term `number` sorts by: its first 16 bytes, read without a call to memcpy.
    @inline(__always)
    private static func sortKey(of number: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>) -> SortKey {
        let start = Int(starts[number])
        let length = min(16, Int(starts[number + 1]) - start)
        var high: UInt64 = 0
        var low: UInt64 = 0
        if length > 0 {
            let source = UnsafeRawPointer(bytes.baseAddress! + start)
            if length >= 8 {
                high = UInt64(bigEndian: source.loadUnaligned(as: UInt64.self))
                if length == 16 {
                    low = UInt64(bigEndian: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                } else {
                    for index in 8..<length { low |= UInt64(source.load(fromByteOffset: index, as: UInt8.self)) &<< UInt64(120 - 8 * index) }
                }
            } else {
                for index in 0..<length { high |= UInt64(source.load(fromByteOffset: index, as: UInt8.self)) &<< UInt64(56 - 8 * index) }
            }
        }
        return SortKey(high: high, low: low, term: UInt32(truncatingIfNeeded: number))
    }

    /// A term's first 16 bytes as two big-endian integers (zero-padded), then its number.
    private struct SortKey: Comparable {
        var high: UInt64
        var low: UInt64
        var term: UInt32

        static func < (a: SortKey, b: SortKey) -> Bool {
            if a.high != b.high { return a.high < b.high }
            if a.low != b.low { return a.low < b.low }
            return a.term < b.term
        }
    }

    /// Sorts distinct keys in place: quicksort with a median of three, insertion sort for short
    /// ranges, and the standard library's sort past a depth that only adversarial input reaches.
    private static func quicksort(_ keys: UnsafeMutableBufferPointer<SortKey>) {
        var stack: [(low: Int, high: Int, depth: Int)] = [(0, keys.count, 0)]
        while let (low, high, depth) = stack.popLast() {
            if high - low <= 16 {
                var index = low + 1
                while index < high {
                    let key = keys[index]
                    var position = index
                    while position > low, key < keys[position - 1] {
                        keys[position] = keys[position - 1]
                        position -= 1
                    }
                    keys[position] = key
                    index += 1
                }
                continue
            }
            if depth > 64 {
                var range = UnsafeMutableBufferPointer(rebasing: keys[low..<high])
                range.sort()
                continue
            }
            let middle = low + (high - low) / 2
            if keys[middle] < keys[low] { keys.swapAt(middle, low) }
            if keys[high - 1] < keys[low] { keys.swapAt(high - 1, low) }
            if keys[high - 1] < keys[middle] { keys.swapAt(high - 1, middle) }
            let pivot = keys[middle]
            var left = low
            var right = high - 1
            while left <= right {
                while keys[left] < pivot { left += 1 }
                while pivot < keys[right] { right -= 1 }
                if left <= right {
                    keys.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            stack.append((low, right + 1, depth + 1))
            stack.append((left, high, depth + 1))
        }
    }

    /// Sorts the terms by their bytes; `rank[i]` is the sorted position of the term numbered `i`.
    func build() -> (table: TermTable, rank: [UInt32]) {
        let count = terms.count
        let all = terms.bytes.buffer
        let starts = terms.starts.buffer
        let keys = UnsafeMutableBufferPointer<SortKey>.allocate(capacity: max(count, 1))
        defer { keys.deallocate() }
        for term in 0..<count { (keys.baseAddress! + term).initialize(to: Self.sortKey(of: term, all, starts)) }
        Self.quicksort(UnsafeMutableBufferPointer(rebasing: keys[0..<count]))
        // Terms whose first 16 bytes agree are ordered by all their bytes.
        var runStart = 0
        while runStart < count {
            var runEnd = runStart + 1
            while runEnd < count, keys[runEnd].high == keys[runStart].high, keys[runEnd].low == keys[runStart].low {
                runEnd += 1
            }
            if runEnd - runStart > 1 {
                var run = UnsafeMutableBufferPointer(rebasing: keys[runStart..<runEnd])
                run.sort { a, b in
                    TermTable.compare(terms.bytes(of: Int(a.term)), terms.bytes(of: Int(b.term)), prefixOnly: false) < 0
                }
            }
            runStart = runEnd
        }

        // The sorted terms' bytes and starts, and each term's sorted position, written once each
        // (no zero-filled arrays).
        var rank: [UInt32] = []
        var sortedStarts: [UInt32] = []
        let sortedBytes = [UInt8](unsafeUninitializedCapacity: all.count) { output, written in
            sortedStarts = [UInt32](unsafeUninitializedCapacity: count + 1) { sortedStarts, startsInitialized in
                rank = [UInt32](unsafeUninitializedCapacity: count) { rank, rankInitialized in
                    var offset = 0
                    sortedStarts[0] = 0
                    for position in 0..<count {
                        let term = Int(keys[position].term)
                        rank[term] = UInt32(truncatingIfNeeded: position)
                        let start = Int(starts[term])
                        let length = Int(starts[term + 1]) - start
                        if length > 0 {
                            // Terms are short: a byte loop beats a call to memcpy.
                            let source = all.baseAddress! + start
                            let target = output.baseAddress! + offset
                            for index in 0..<length { target[index] = source[index] }
                        }
                        offset += length
                        sortedStarts[position + 1] = UInt32(truncatingIfNeeded: offset)
                    }
                    written = offset
                    rankInitialized = count
                }
                startsInitialized = count + 1
            }
        }

        // Counting sort of postings by sorted term, keeping insertion (CLDR) order within a term.
        let postingTerms = postingTerms.buffer
        let postingValues = postingValues.buffer
        var postingStarts = [UInt32](repeating: 0, count: count + 1)
        let postings = [UInt32](unsafeUninitializedCapacity: postingValues.count) { postings, initialized in
            rank.withUnsafeBufferPointer { rank in
                postingStarts.withUnsafeMutableBufferPointer { postingStarts in
                    for term in postingTerms { postingStarts[Int(rank[Int(term)]) + 1] += 1 }
                    for index in 0..<count { postingStarts[index + 1] += postingStarts[index] }
                    // Where each term's next posting goes: its start, moved along as postings land.
                    let cursor = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count + 1)
                    _ = cursor.initialize(from: postingStarts)
                    for index in 0..<postingTerms.count {
                        let position = Int(rank[Int(postingTerms[index])])
                        postings[Int(cursor[position])] = postingValues[index]
                        cursor[position] += 1
                    }
                    cursor.deallocate()
                }
            }
            initialized = postingValues.count
        }
        let table = TermTable(bytes: sortedBytes, starts: sortedStarts, postingStarts: postingStarts, postings: postings)
        return (table, rank)
    }
}

/// A growable array of plain values for the index builder's hot loops: appends and reads
/// without copy-on-write, uniqueness or bounds checks. Owned by one builder; the built index
/// copies what it keeps into arrays.
final class PlainBuffer<Element: BitwiseCopyable> {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// A buffer of `count` zero values.
    init(zeroed count: Int) {
        capacity = max(count, 16)
        base = .allocate(capacity: capacity)
        UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0,
                                                       count: capacity * MemoryLayout<Element>.stride)
        self.count = count
    }

    deinit { base.deallocate() }

    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    var isEmpty: Bool { count == 0 }

    /// Empties the buffer, keeping its memory.
    func removeAll() { count = 0 }

    /// Removes and returns the last value, or nil when empty.
    @inline(__always)
    func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    @inline(__always)
    func append(_ value: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: value)
        count += 1
    }

    func append(contentsOf values: UnsafeBufferPointer<Element>) {
        guard let source = values.baseAddress, !values.isEmpty else { return }
        if count + values.count > capacity { grow(to: count + values.count) }
        (base + count).initialize(from: source, count: values.count)
        count += values.count
    }

    /// Moves the values to storage for at least `minimum` of them (at least twice the capacity).
    func grow(to minimum: Int) {
        let larger = max(minimum, capacity * 2)
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        storage.initialize(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = larger
    }
}

extension PlainBuffer where Element == UInt8 {
    /// Appends printable ASCII bytes with the letters A-Z lowercased.
    @inline(__always)
    func append(lowercasingASCII values: UnsafeBufferPointer<UInt8>) {
        let length = values.count
        if capacity - count < length { grow(to: count + length) }
        let target = base + count
        for index in 0..<length {
            let byte = values[index]
            target[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        count += length
    }

    /// Appends bytes; short runs (the index builder's words and phrases) are copied with a few
    /// overlapping loads and stores rather than a call to memcpy.
    @inline(__always)
    func append(bytes values: UnsafeBufferPointer<UInt8>) {
        let length = values.count
        guard let source = values.baseAddress, length > 0 else { return }
        if capacity - count < length { grow(to: count + length) }
        let target = UnsafeMutableRawPointer(base + count)
        let from = UnsafeRawPointer(source)
        if length >= 8 && length <= 16 {
            let first = from.loadUnaligned(as: UInt64.self)
            let last = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 && length < 8 {
            let first = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: length - 4, as: UInt32.self)
        } else if length < 4 {
            for index in 0..<length { target.storeBytes(of: source[index], toByteOffset: index, as: UInt8.self) }
        } else {
            target.copyMemory(from: from, byteCount: length)
        }
        count += length
    }

    /// Appends one scalar as UTF-8.
    @inline(__always)
    func appendUTF8(_ value: UInt32) {
        if capacity - count < 4 { grow(to: count + 4) }
        let output = base + count
        switch value {
        case 0..<0x80:
            output[0] = UInt8(truncatingIfNeeded: value)
            count += 1
        case 0x80..<0x800:
            output[0] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            output[1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 2
        case 0x800..<0x10000:
            output[0] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
            output[1] = UInt8(truncatingIfNeeded: 0x80 | (value >> 6) & 0x3F)
            output[2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 3
        default:
            output[0] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
            output[1] = UInt8(truncatingIfNeeded: 0x80 | (value >> 12) & 0x3F)
            output[2] = UInt8(truncatingIfNeeded: 0x80 | (value >> 6) & 0x3F)
            output[3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 4
        }
    }
}
