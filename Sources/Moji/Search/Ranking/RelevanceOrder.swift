extension SearchMatcher {
    /// More than every key that matters to order: keys from here on share the last bucket.
    private static let keyCount = 64

    /// Entries in relevance order (key bucket, then `order`, common first), at most `limit`.
    ///
    /// Counts the keys first, so only the entries of the best keys up to `limit` are sorted:
    /// a small group by sorting their positions in `order`, a large one (a one-letter query)
    /// by a bitmap of positions, which gives the order in one pass.
    static func relevanceOrder(_ found: [Found], limit: Int, order: CommonFirstOrder) -> [Found] {
        let entryCount = order.entries.count
        var ordered: [Found] = []
        ordered.reserveCapacity(min(limit, found.count))
        // starts[key]..<starts[key + 1]: where the entries of `key` go in `byKey` (small, so on
        // the stack, like `cursor`).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: keyCount + 1) { starts in
            starts.initialize(repeating: 0)
            var lastKey = keyCount - 1
            found.withUnsafeBufferPointer { found in
                for item in found { starts[min(Int(item.key.bucket), keyCount - 1) + 1] += 1 }
                // The keys needed: up to the one that reaches the limit.
                var total = 0
                for key in 0..<keyCount {
                    total += starts[key + 1]
                    starts[key + 1] = total
                    if total >= limit {
                        lastKey = key
                        break
                    }
                }
            }
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: starts[lastKey + 1]) { byKey in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: lastKey + 1) { cursor in
                    for key in 0...lastKey { cursor[key] = starts[key] }
                    found.withUnsafeBufferPointer { found in
                        for item in found {
                            let key = min(Int(item.key.bucket), keyCount - 1)
                            guard key <= lastKey else { continue }
                            // The position in `order` with the class the key reports below it.
                            byKey[cursor[key]] = order.rank[Int(item.entry)] << 4 | Int32(item.key.rawValue & 0xF)
                            cursor[key] += 1
                        }
                    }
                }
                var bitmap: [UInt64] = []
                // The class each position's key reports, for the bitmap's large buckets.
                var classes: [UInt8] = []
                for key in 0...lastKey where starts[key + 1] > starts[key] {
                    if ordered.count >= limit { break }
                    var bucket = UnsafeMutableBufferPointer(rebasing: byKey[starts[key]..<starts[key + 1]])
                    let wanted = limit - ordered.count
                    if bucket.count <= 64 {
                        bucket.sort()
                        for packed in bucket.prefix(wanted) {
                            ordered.append(
                                Found(
                                    entry: order.entries[Int(packed >> 4)],
                                    key: RankKey(rawValue: UInt16(key) << 4 | UInt16(packed & 0xF))))
                        }
                    } else {
                        // A large bucket (a one-letter query): a bitmap of positions gives the
                        // order in one pass.
                        if bitmap.isEmpty {
                            bitmap = [UInt64](repeating: 0, count: (entryCount + 63) / 64)
                        } else {
                            for position in bitmap.indices { bitmap[position] = 0 }
                        }
                        if classes.isEmpty { classes = [UInt8](repeating: 0, count: entryCount) }
                        bitmap.withUnsafeMutableBufferPointer { bitmap in
                            for packed in bucket {
                                let position = packed >> 4
                                bitmap[Int(position) >> 6] |= 1 << UInt64(position & 63)
                                classes[Int(position)] = UInt8(packed & 0xF)
                            }
                            var taken = 0
                            scan: for (position, var word) in bitmap.enumerated() {
                                while word != 0 {
                                    let bit = word.trailingZeroBitCount
                                    let entry = order.entries[position << 6 | bit]
                                    let matchClass = UInt16(classes[position << 6 | bit])
                                    ordered.append(
                                        Found(entry: entry, key: RankKey(rawValue: UInt16(key) << 4 | matchClass)))
                                    taken += 1
                                    if taken == wanted { break scan }
                                    word &= word - 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return ordered
    }
}
