/// The folded forms of the letters below U+2000 that change when folded (Latin, Greek,
/// Cyrillic, Armenian …): lowercase, without diacritics, with common ligatures spelled out.
///
/// The foldings and the word characters come from ``foldings`` and ``wordCharacterRanges``
/// (`LatinFoldingData.swift`), generated ahead of time from Unicode data and Foundation's
/// canonical decomposition by `moji-data generate-folding`, so a process's first search index
/// only spreads about 1,300 entries into flat tables instead of decomposing thousands of
/// scalars. `LatinFoldingDataTests` checks the committed file against that derivation.
enum LatinFolding {
    /// Folded scalars for a scalar below U+2000 whose folding is not the identity; nil otherwise.
    static let table = Table()

    struct Table: Sendable {
        /// Up to three folded scalars, 21 bits each; 0 means "folds to itself".
        private let packed: [UInt64]
        private let wordCharacters: [Bool]

        init() {
            var packed = [UInt64](repeating: 0, count: 0x2000)
            let foldings = LatinFolding.foldings
            for entry in stride(from: 0, to: foldings.count, by: 4) {
                // Scalars are at most 21 bits, so the three fit one word, zeros (padding) last.
                let word =
                    UInt64(foldings[entry + 1]) | UInt64(foldings[entry + 2]) << 21 | UInt64(foldings[entry + 3]) << 42
                // A scalar folding to nothing is packed as an all-ones marker.
                packed[Int(foldings[entry])] = word == 0 ? UInt64.max : word
            }
            var wordCharacters = [Bool](repeating: false, count: 0x2000)
            let ranges = LatinFolding.wordCharacterRanges
            for pair in stride(from: 0, to: ranges.count, by: 2) {
                for value in Int(ranges[pair])...Int(ranges[pair + 1]) { wordCharacters[value] = true }
            }
            self.packed = packed
            self.wordCharacters = wordCharacters
        }

        /// Whether a scalar below U+2000 is a letter, mark or digit.
        func isWordCharacter(_ value: UInt32) -> Bool { wordCharacters[Int(value)] }

        subscript(value: UInt32) -> FoldedScalars? {
            guard value < 0x2000 else { return nil }
            let word = packed[Int(value)]
            if word == 0 { return nil }
            return FoldedScalars(packed: word == UInt64.max ? 0 : word)
        }
    }

    /// Up to three folded scalars, iterated without allocating.
    struct FoldedScalars: Sequence, IteratorProtocol {
        var packed: UInt64

        mutating func next() -> UInt32? {
            let value = UInt32(packed & 0x1F_FFFF)
            if value == 0 { return nil }
            packed >>= 21
            return value
        }
    }
}
