import Foundation

/// A search segment as `moji-data build` writes it, so that an index reads its segments instead
/// of folding and sorting a locale's names and keywords again: the locale-independent one
/// (GitHub, Slack and emojibase shortcodes, emoticons and the characters) as
/// `search-universal.bin.z` in a catalog folder, and each locale's (names, keywords and CLDR
/// shortcodes) as `locales/<identifier>.search.bin.z`, or a regional locale's as what it changes
/// from its language's (``Delta``).
///
/// Layout, zlib-compressed, then little-endian: the 8-byte magic `MOJISRCH`; UInt32 catalog
/// format version; UInt32 ``indexVersion``; UInt32 catalog entry count; the words table, then
/// the phrases table; then UInt32 gram count and the grams, each the varint difference from the
/// one before; then UInt32 word-weight count (the words table's term count, or 0) and a byte per
/// word (``SearchSegment/wordWeights``). A table is UInt32 term count, UInt32 byte count of its terms, UInt32 posting
/// count, then each term front-coded (varint bytes shared with the previous term, varint length
/// of the rest, the rest), then each term's postings (varint count, then per posting the zigzag
/// varint difference of its entry from the previous one's and one byte of field or kind). See
/// ``TermTable``.
///
/// A file holds exactly what ``SearchIndex`` builds from the catalog's own files; tests compare
/// the two, so a change to folding that is not followed by rebuilding the catalog fails before
/// it ships.
package enum SearchSegmentFile {
    /// The universal segment's file in a catalog folder.
    package static let fileName = "search-universal.bin.z"
    /// A locale's segment file in a catalog folder.
    package static func localeFileName(_ identifier: String) -> String {
        "\(CatalogFormat.localesFolder)/\(identifier).search.bin.z"
    }
    /// The first eight bytes.
    static let magic = Array("MOJISRCH".utf8)
    /// The version of the index rules (folding, words, phrase keys) the file was built with.
    /// Bump it with any change to what ``SearchSegmentBuilder`` produces, then rebuild the catalog.
    static let indexVersion: UInt32 = 7

    /// The universal segment's file for a catalog.
    package static func data(for catalog: EmojiCatalog) -> Data {
        let segment = SearchIndex.universalSegment(Array(catalog.neutralEmojis), catalog: catalog)
        return Data(Zlib.deflate(encode(segment, entryCount: catalog.storage.characters.count)))
    }

    /// A locale's segment file for a catalog.
    ///
    /// - Throws: ``CatalogError`` when the locale is unknown or its files are damaged.
    package static func data(for catalog: EmojiCatalog, locale: String) throws(CatalogError) -> Data {
        let table = try catalog.localized(MojiLocale(locale))
        let segment = try SearchIndex.localeSegment(
            table, emojis: CatalogSearchBase.shared(for: catalog).neutralEmojis, rank: 0)
        return Data(Zlib.deflate(encode(segment, entryCount: catalog.storage.characters.count)))
    }

    /// The segment in the file's layout.
    static func encode(_ segment: SearchSegment, entryCount: Int) -> [UInt8] {
        var output = magic
        appendUInt32(UInt32(CatalogFormat.version), to: &output)
        appendUInt32(indexVersion, to: &output)
        appendUInt32(UInt32(entryCount), to: &output)
        for table in [segment.words, segment.phrases] {
            appendUInt32(UInt32(table.count), to: &output)
            appendUInt32(UInt32(table.bytes.count), to: &output)
            appendUInt32(UInt32(table.postings.count), to: &output)
            var previous: ArraySlice<UInt8> = []
            for index in 0..<table.count {
                let term = table.term(at: index)
                let shared = zip(previous, term).prefix { $0 == $1 }.count
                appendVarint(UInt32(shared), to: &output)
                appendVarint(UInt32(term.count - shared), to: &output)
                output += term.dropFirst(shared)
                previous = term
            }
            for index in 0..<table.count {
                let postings = table.postings[table.postingRange(of: index)]
                appendVarint(UInt32(postings.count), to: &output)
                var previousEntry: Int32 = 0
                for posting in postings {
                    let entry = Int32(posting.entry)
                    let difference = entry - previousEntry
                    appendVarint(UInt32(bitPattern: difference << 1 ^ difference >> 31), to: &output)
                    output.append(posting.field)
                    previousEntry = entry
                }
            }
        }
        appendUInt32(UInt32(segment.grams.count), to: &output)
        var previousGram: UInt64 = 0
        for gram in segment.grams {
            appendVarint(gram - previousGram, to: &output)
            previousGram = gram
        }
        appendUInt32(UInt32(segment.wordWeights.count), to: &output)
        output += segment.wordWeights
        return output
    }

    private static func appendUInt32(_ value: UInt32, to output: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
    }

    private static func appendVarint(_ value: UInt32, to output: inout [UInt8]) {
        appendVarint(UInt64(value), to: &output)
    }

    /// Seven bits a byte, low bits first, the high bit set on every byte but the last.
    private static func appendVarint(_ value: UInt64, to output: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        output.append(UInt8(value))
    }

    /// Reads the file at `path`: nil when there is none (a catalog from before the file
    /// existed) or when it was built with older index rules (a catalog installed by an older
    /// Moji), whose segment is then built from the catalog's files; the segment when it is sound.
    ///
    /// - Throws: ``CatalogError/malformedBinaryFile(path:offset:reason:)`` when the file is damaged,
    ///   was written by a newer version of the index rules or for another catalog.
    static func read(
        path: String, entryCount: Int, localeRank: UInt8 = 0,
        source: SearchSegment.Source = .universal
    ) throws(CatalogError) -> SearchSegment? {
        guard let bytes = try inflated(path: path) else { return nil }
        return try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
            try decode(
                buffer, from: 0, path: path, entryCount: entryCount, localeRank: localeRank, source: source)
        }
    }

    /// The inflated bytes of the file at `path`; nil when there is none.
    private static func inflated(path: String) throws(CatalogError) -> [UInt8]? {
        guard let compressed = CatalogFileReader.contents(atPath: path) else { return nil }
        var damage = 0
        guard let bytes = Zlib.inflate(compressed, damageOffset: &damage) else {
            throw .malformedBinaryFile(path: path, offset: damage, reason: "not zlib-compressed data, or cut short")
        }
        return bytes
    }

    /// Checks the header of the format and index rules at `reader`'s offset (just past a magic):
    /// false for older index rules.
    private static func readHeader(
        _ reader: inout Reader, path: String, entryCount: Int
    ) throws(CatalogError) -> Bool {
        let start = reader.offset
        let format = reader.uint32()
        let version = reader.uint32()
        let entries = reader.uint32()
        // Older rules: build the segment anew, as for a catalog without segment files.
        if format == CatalogFormat.version, version < indexVersion { return false }
        guard format == CatalogFormat.version, version == indexVersion else {
            throw .malformedBinaryFile(
                path: path, offset: start,
                reason: "built with format \(format), index rules \(version); this Moji reads format "
                    + "\(CatalogFormat.version), index rules \(indexVersion)")
        }
        guard entries == entryCount else {
            throw .malformedBinaryFile(
                path: path, offset: start + 8,
                reason: "built for a catalog of \(entries) entries, not this one of \(entryCount)")
        }
        return true
    }

    /// The segment whose layout starts at `start` of `buffer` and runs to its end (offsets in
    /// errors are into `buffer`, the inflated file).
    private static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, path: String, entryCount: Int, localeRank: UInt8,
        source: SearchSegment.Source
    ) throws(CatalogError) -> SearchSegment? {
        func malformed(_ offset: Int, _ reason: String) -> CatalogError {
            .malformedBinaryFile(path: path, offset: offset, reason: reason)
        }
        guard buffer.count - start >= 20, buffer[start..<(start + 8)].elementsEqual(magic) else {
            throw malformed(start, "not a Moji search segment (no MOJISRCH header)")
        }
        var reader = Reader(bytes: buffer, offset: start + 8)
        guard try readHeader(&reader, path: path, entryCount: entryCount) else { return nil }
        let damaged = "is cut short, out of order or names unknown entries"
        let wordsStart = reader.offset
        guard let words = reader.table(entryCount: entryCount) else {
            throw malformed(wordsStart, "the words table \(damaged)")
        }
        let phrasesStart = reader.offset
        guard let phrases = reader.table(entryCount: entryCount) else {
            throw malformed(phrasesStart, "the phrases table \(damaged)")
        }
        let gramsStart = reader.offset
        guard let grams = reader.grams(wordCount: words.count) else {
            throw malformed(gramsStart, "the grams \(damaged)")
        }
        let weightsStart = reader.offset
        guard let weights = reader.weights(wordCount: words.count) else {
            throw malformed(weightsStart, "the word weights \(damaged)")
        }
        guard reader.offset == buffer.count else {
            throw malformed(reader.offset, "\(buffer.count - reader.offset) bytes follow the last table")
        }
        return SearchSegment(
            words: words, phrases: phrases, grams: grams, wordWeights: weights, localeRank: localeRank,
            source: source)
    }

    // MARK: Regional locales

    /// A regional locale's file in a catalog folder, in place of ``localeFileName(_:)``: what the
    /// locale changes from its language (``Delta``).
    package static func deltaFileName(_ identifier: String) -> String {
        "\(CatalogFormat.localesFolder)/\(identifier).search-delta.bin.z"
    }
    /// The first eight bytes of a delta file.
    static let deltaMagic = Array("MOJISRDL".utf8)

    /// A regional locale's segment as the difference from its language's (de-CH from de, es-MX
    /// from es): the entries whose names, keywords, CLDR shortcodes or search terms differ, and
    /// the segment of those entries alone. An index searches it beside the language's segment
    /// without those entries, which together find what the locale's own full segment would; a
    /// regional locale changes a few dozen to a few hundred emoji, so its file is a few
    /// kilobytes where a full one repeated its language's hundred (all locales' files were
    /// 2 MB larger).
    ///
    /// Layout, zlib-compressed, then little-endian: the 8-byte magic `MOJISRDL`; UInt32 catalog
    /// format version; UInt32 ``indexVersion``; UInt32 catalog entry count; UInt32 byte count and
    /// the UTF-8 of the language's identifier; UInt32 count of replaced entries, each the varint
    /// difference from the one before (the first from -1, so every difference is at least 1);
    /// then the segment of those entries, laid out as a whole segment file (header included).
    struct Delta {
        /// The locale whose segment this one changes: the root-most of the locale's chain.
        let parent: String
        /// The entries whose postings come from ``segment`` rather than the parent's.
        let replaced: [Int]
        let segment: SearchSegment
    }

    /// A regional locale's delta file for a catalog; nil for a locale without a parent, or one
    /// that weighs words unlike its parent.
    ///
    /// - Throws: ``CatalogError`` when the locale is unknown or its files are damaged.
    package static func deltaData(for catalog: EmojiCatalog, locale: String) throws(CatalogError) -> Data? {
        let table = try catalog.localized(MojiLocale(locale))
        guard table.chain.count > 1, let parentIdentifier = table.chain.last else { return nil }
        let parent = try catalog.localized(MojiLocale(parentIdentifier))
        let emojis = CatalogSearchBase.shared(for: catalog).neutralEmojis
        guard let replaced = try SearchIndex.replacedEntries(of: table, from: parent, emojis: emojis) else {
            return nil
        }
        let replacedSet = Set(replaced)
        let segment = try SearchIndex.localeSegment(
            table, emojis: emojis.filter { replacedSet.contains($0.index) }, rank: 0)
        let entryCount = catalog.storage.characters.count
        var output = deltaMagic
        appendUInt32(UInt32(CatalogFormat.version), to: &output)
        appendUInt32(indexVersion, to: &output)
        appendUInt32(UInt32(entryCount), to: &output)
        let name = Array(parentIdentifier.utf8)
        appendUInt32(UInt32(name.count), to: &output)
        output += name
        appendUInt32(UInt32(replaced.count), to: &output)
        var previous = -1
        for entry in replaced {
            appendVarint(UInt32(entry - previous), to: &output)
            previous = entry
        }
        output += encode(segment, entryCount: entryCount)
        return Data(Zlib.deflate(output))
    }

    /// Reads the delta file at `path` (``Delta``): nil when there is none or when it was built
    /// with older index rules (the locale's segment is then built from the catalog's files).
    ///
    /// - Throws: ``CatalogError/malformedBinaryFile(path:offset:reason:)`` when the file is damaged,
    ///   was written by a newer version of the index rules or for another catalog.
    static func readDelta(
        path: String, entryCount: Int, localeRank: UInt8, source: SearchSegment.Source
    ) throws(CatalogError) -> Delta? {
        guard let bytes = try inflated(path: path) else { return nil }
        func malformed(_ offset: Int, _ reason: String) -> CatalogError {
            .malformedBinaryFile(path: path, offset: offset, reason: reason)
        }
        guard bytes.count >= 20, bytes[0..<8].elementsEqual(deltaMagic) else {
            throw malformed(0, "not a Moji search delta (no MOJISRDL header)")
        }
        return try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) -> Delta? in
            var reader = Reader(bytes: buffer, offset: 8)
            guard try readHeader(&reader, path: path, entryCount: entryCount) else { return nil }
            let nameStart = reader.offset
            let nameCount = Int(reader.uint32())
            guard reader.offset <= buffer.count, nameCount <= 64, nameCount <= buffer.count - reader.offset,
                let parent = String(validating: buffer[reader.offset..<(reader.offset + nameCount)], as: UTF8.self)
            else {
                throw malformed(nameStart, "the parent locale's identifier is cut short or not UTF-8")
            }
            reader.offset += nameCount
            let entriesStart = reader.offset
            let count = Int(reader.uint32())
            guard reader.offset <= buffer.count, count <= entryCount else {
                throw malformed(entriesStart, "the replaced entries are cut short or too many")
            }
            var replaced: [Int] = []
            replaced.reserveCapacity(count)
            var entry = -1
            for _ in 0..<count {
                guard let difference = Reader.varint(buffer, &reader.offset), difference > 0,
                    entry + Int(difference) < entryCount
                else {
                    throw malformed(
                        entriesStart, "the \(count) replaced entries are cut short, out of order or unknown")
                }
                entry += Int(difference)
                replaced.append(entry)
            }
            guard
                let segment = try decode(
                    buffer, from: reader.offset, path: path, entryCount: entryCount, localeRank: localeRank,
                    source: source)
            else {
                throw malformed(reader.offset, "its segment was built with other index rules than its header says")
            }
            return Delta(parent: parent, replaced: replaced, segment: segment)
        }
    }

    /// Decodes the file's parts, checking each against what search relies on; a method returns
    /// nil (or a value that fails the caller's checks) once the bytes run out or disagree.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset: Int

        /// The next UInt32, or 0 when the file ends first (and every later read fails).
        mutating func uint32() -> UInt32 {
            guard offset + 4 <= bytes.count else {
                offset = bytes.count + 1
                return 0
            }
            let value = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            offset += 4
            return UInt32(littleEndian: value)
        }

        /// The varint at `position` of `bytes`, moving past it; nil when the bytes end first or
        /// it runs past 32 bits.
        @inline(__always)
        static func varint(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> UInt32? {
            // Most are one byte: term lengths, posting counts, entry differences.
            if position < bytes.count, bytes[position] < 0x80 {
                position += 1
                return UInt32(bytes[position - 1])
            }
            return longVarint(bytes, &position)
        }

        /// ``varint(_:_:)`` of more than one byte; nil too when it does not fit 32 bits.
        static func longVarint(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> UInt32? {
            varint64(bytes, &position).flatMap { UInt32(exactly: $0) }
        }

        /// A varint of up to 64 bits at `position`, moving past it; nil when the bytes end first
        /// or it runs past 64 bits.
        static func varint64(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while position < bytes.count, shift < 64 {
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        /// A term table: front-coded terms that rise strictly, and postings naming entries
        /// below `entryCount`.
        mutating func table(entryCount: Int) -> TermTable? {
            let count = Int(uint32())
            let byteCount = Int(uint32())
            let postingCount = Int(uint32())
            // Every term and every posting takes at least one byte, so larger counts are damage.
            guard offset <= bytes.count, count <= bytes.count, postingCount <= bytes.count,
                byteCount <= 255 * bytes.count
            else {
                return nil
            }
            let bytes = self.bytes
            var position = offset
            var ok = true
            var starts = [UInt32](repeating: 0, count: count + 1)
            let termBytes = starts.withUnsafeMutableBufferPointer { starts in
                [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
                    initialized = 0
                    guard let base = output.baseAddress else { return }
                    var previousStart = 0
                    for index in 0..<count {
                        guard let shared = Self.varint(bytes, &position).map(Int.init),
                            let rest = Self.varint(bytes, &position).map(Int.init),
                            shared <= initialized - previousStart, rest <= bytes.count - position,
                            initialized + shared + rest <= byteCount
                        else {
                            ok = false
                            return
                        }
                        let start = initialized
                        // The shared bytes come from the previous term, the rest from the file.
                        (base + start).initialize(from: base + previousStart, count: shared)
                        (base + start + shared).initialize(from: bytes.baseAddress! + position, count: rest)
                        position += rest
                        initialized = start + shared + rest
                        // Sorted: the first new byte must exceed the previous term's byte there (or
                        // the previous term ended), and a term never repeats.
                        if index > 0 {
                            guard rest > 0,
                                shared == start - previousStart || base[start + shared] > base[previousStart + shared]
                            else {
                                ok = false
                                return
                            }
                        }
                        previousStart = start
                        starts[index + 1] = UInt32(initialized)
                    }
                }
            }
            guard ok, termBytes.count == byteCount else { return nil }
            var postingStarts = [UInt32](repeating: 0, count: count + 1)
            let postings = postingStarts.withUnsafeMutableBufferPointer { postingStarts in
                [Posting](unsafeUninitializedCapacity: postingCount) { postings, filled in
                    filled = 0
                    for index in 0..<count {
                        guard let termPostings = Self.varint(bytes, &position).map(Int.init),
                            termPostings <= postingCount - filled
                        else {
                            ok = false
                            return
                        }
                        var entry: Int32 = 0
                        for _ in 0..<termPostings {
                            guard let zigzag = Self.varint(bytes, &position), position < bytes.count else {
                                ok = false
                                return
                            }
                            entry &+= Int32(bitPattern: zigzag >> 1) ^ -Int32(bitPattern: zigzag & 1)
                            guard entry >= 0, Int(entry) < entryCount else {
                                ok = false
                                return
                            }
                            postings[filled] = Posting(entry: Int(entry), field: bytes[position])
                            position += 1
                            filled += 1
                        }
                        postingStarts[index + 1] = UInt32(filled)
                    }
                }
            }
            offset = position
            guard ok, postings.count == postingCount else { return nil }
            return TermTable(bytes: termBytes, starts: starts, postingStarts: postingStarts, postings: postings)
        }

        /// A byte per word (or none).
        mutating func weights(wordCount: Int) -> [UInt8]? {
            let count = Int(uint32())
            guard offset <= bytes.count, count == wordCount || count == 0, count <= bytes.count - offset else {
                return nil
            }
            let weights = Array(bytes[offset..<(offset + count)])
            offset += count
            return weights
        }

        /// Sorted grams naming words below `wordCount`.
        mutating func grams(wordCount: Int) -> [UInt64]? {
            let count = Int(uint32())
            // Every gram takes at least one byte.
            guard offset <= bytes.count, count <= bytes.count - offset else { return nil }
            let bytes = self.bytes
            var position = offset
            var gram: UInt64 = 0
            var ok = true
            let grams = [UInt64](unsafeUninitializedCapacity: count) { grams, initialized in
                initialized = 0
                while initialized < count {
                    guard let difference = Self.varint64(bytes, &position), gram <= UInt64.max - difference else {
                        ok = false
                        return
                    }
                    gram += difference
                    guard Int(gram & 0x3F_FFFF) < wordCount else {
                        ok = false
                        return
                    }
                    grams[initialized] = gram
                    initialized += 1
                }
            }
            offset = position
            guard ok else { return nil }
            return grams
        }
    }
}
