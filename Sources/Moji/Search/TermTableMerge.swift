extension TermTable {
    /// The table one builder would have made from the strings of `first` and then those of
    /// `second`, when every entry of `first` comes before every entry of `second` (two halves
    /// of the catalog built apart): terms in byte order, and a term in both keeps `first`'s
    /// postings followed by `second`'s, which is insertion (CLDR) order.
    ///
    /// `flags` says per term of each table whether it is marked (for words: written without
    /// spaces); the merged table's term is marked when either was. One linear pass, writing
    /// straight into arrays sized for both tables.
    static func merging(_ first: TermTable, _ second: TermTable, flags: ([Bool], [Bool])? = nil) -> (table: TermTable, flags: [Bool]) {
        let capacity = first.count + second.count
        var termCount = 0
        var byteCount = 0
        var postingCount = 0
        var starts = [UInt32](repeating: 0, count: capacity + 1)
        var postingStarts = [UInt32](repeating: 0, count: capacity + 1)
        var merged = [Bool](repeating: false, count: flags == nil ? 0 : capacity)
        let firstFlags = flags?.0 ?? [], secondFlags = flags?.1 ?? []
        var bytes: [UInt8] = []
        var postings: [UInt32] = []
        withSources(first, second, firstFlags, secondFlags) { a, b in
            bytes = [UInt8](unsafeUninitializedCapacity: a.bytes.count + b.bytes.count) { outBytes, initializedBytes in
                postings = [UInt32](unsafeUninitializedCapacity: a.postings.count + b.postings.count) { outPostings, initializedPostings in
                    starts.withUnsafeMutableBufferPointer { starts in
                        postingStarts.withUnsafeMutableBufferPointer { postingStarts in
                            merged.withUnsafeMutableBufferPointer { merged in
                                /// Appends term `index` of `source` (its bytes unless `bytesToo` is false) with its postings.
                                func append(_ source: Source, _ index: Int, bytesToo: Bool) {
                                    if bytesToo {
                                        let term = source.term(index)
                                        if let base = term.baseAddress { (outBytes.baseAddress! + byteCount).initialize(from: base, count: term.count) }
                                        byteCount += term.count
                                    }
                                    let from = Int(source.postingStarts[index]), to = Int(source.postingStarts[index + 1])
                                    if to > from {
                                        (outPostings.baseAddress! + postingCount).initialize(from: source.postings.baseAddress! + from, count: to - from)
                                    }
                                    postingCount += to - from
                                    if !merged.isEmpty, source.flags[index] { merged[termCount] = true }
                                }
                                /// Closes the term just appended.
                                func finishTerm() {
                                    termCount += 1
                                    starts[termCount] = UInt32(byteCount)
                                    postingStarts[termCount] = UInt32(postingCount)
                                }
                                var left = 0
                                var right = 0
                                while left < a.count || right < b.count {
                                    let order = left == a.count ? 1 : right == b.count ? -1
                                        : TermTable.compare(a.term(left), b.term(right), prefixOnly: false)
                                    if order <= 0 {
                                        append(a, left, bytesToo: true)
                                        left += 1
                                    }
                                    if order >= 0 {
                                        append(b, right, bytesToo: order > 0)
                                        right += 1
                                    }
                                    finishTerm()
                                }
                            }
                        }
                    }
                    initializedPostings = postingCount
                }
                initializedBytes = byteCount
            }
        }
        starts.removeSubrange((termCount + 1)...)
        postingStarts.removeSubrange((termCount + 1)...)
        if !merged.isEmpty { merged.removeSubrange(termCount...) }
        return (TermTable(bytes: bytes, starts: starts, postingStarts: postingStarts, postings: postings), merged)
    }

    /// One table's arrays as buffers, for ``merging(_:_:flags:)``.
    private struct Source {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<UInt32>
        let postingStarts: UnsafeBufferPointer<UInt32>
        let postings: UnsafeBufferPointer<UInt32>
        let flags: UnsafeBufferPointer<Bool>

        var count: Int { starts.count - 1 }

        func term(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[Int(starts[index])..<Int(starts[index + 1])])
        }
    }

    /// Calls `body` with both tables' arrays as buffers.
    private static func withSources(
        _ first: TermTable, _ second: TermTable, _ firstFlags: [Bool], _ secondFlags: [Bool],
        _ body: (Source, Source) -> Void
    ) {
        func source(_ table: TermTable, _ flags: [Bool], _ body: (Source) -> Void) {
            table.bytes.withUnsafeBufferPointer { bytes in
                table.starts.withUnsafeBufferPointer { starts in
                    table.postingStarts.withUnsafeBufferPointer { postingStarts in
                        table.postings.withUnsafeBufferPointer { postings in
                            flags.withUnsafeBufferPointer { flags in
                                body(Source(bytes: bytes, starts: starts, postingStarts: postingStarts, postings: postings, flags: flags))
                            }
                        }
                    }
                }
            }
        }
        source(first, firstFlags) { a in source(second, secondFlags) { b in body(a, b) } }
    }
}
