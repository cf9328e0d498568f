import Foundation

/// The folded forms of the letters below U+2000 that change when folded (Latin, Greek,
/// Cyrillic, Armenian …): lowercase, without diacritics, with common ligatures spelled out.
///
/// Built once per process from Foundation's canonical decomposition (about 8,000 scalars, the
/// 1,300 that may decompose in one call); search then reads it as a flat table.
enum LatinFolding {
    /// Folded scalars for a scalar below U+2000 whose folding is not the identity; nil otherwise.
    static let table = Table()

    struct Table: Sendable {
        /// Up to three folded scalars, 21 bits each; 0 means "folds to itself".
        private let packed: [UInt64]
        private let wordCharacters: [Bool]

        init() {
            let special: [UInt32: String] = [
                0x00DF: "ss", 0x1E9E: "ss", 0x00E6: "ae", 0x00C6: "ae", 0x0153: "oe", 0x0152: "oe",
                0x00F8: "o", 0x00D8: "o", 0x0111: "d", 0x0110: "d", 0x0142: "l", 0x0141: "l",
                0x0131: "i", 0x00FE: "th", 0x00DE: "th", 0x0127: "h", 0x0126: "h", 0x03C2: "σ",
            ]
            var packed = [UInt64](repeating: 0, count: 0x2000)
            var wordCharacters = [Bool](repeating: false, count: 0x2000)
            // Lowercased letters that may carry diacritics, decomposed in one Foundation call
            // (one per scalar was most of a cold search's start): joined by '|', a starter that
            // canonical decomposition and reordering never cross.
            var pending: [(value: UInt32, lower: String)] = []
            for value in UInt32(0x80)..<0x2000 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                    wordCharacters[Int(value)] = true
                default:
                    break
                }
                if let text = special[value] {
                    Self.pack(value, text.unicodeScalars.map(\.value), into: &packed)
                    continue
                }
                let properties = scalar.properties
                let decomposes = (0xC0...0x24F).contains(value) || (0x370...0x52F).contains(value)
                    || (0x1E00...0x1FFF).contains(value)
                guard decomposes || properties.changesWhenLowercased else { continue }
                let lower = properties.changesWhenLowercased ? properties.lowercaseMapping : String(scalar)
                if decomposes {
                    pending.append((value, lower))
                } else {
                    Self.pack(value, lower.unicodeScalars.map(\.value).filter { !TextFolding.isCombiningDiacritic($0) },
                              into: &packed)
                }
            }
            let decomposed = pending.map(\.lower).joined(separator: "|").decomposedStringWithCanonicalMapping
                .unicodeScalars.split(separator: "|", omittingEmptySubsequences: false)
            precondition(decomposed.count == pending.count, "canonical decomposition crossed a separator")
            for (entry, text) in zip(pending, decomposed) {
                Self.pack(entry.value, text.map(\.value).filter { !TextFolding.isCombiningDiacritic($0) }, into: &packed)
            }
            self.packed = packed
            self.wordCharacters = wordCharacters
        }

        /// Records `folded` as the folding of `value` unless it is the identity or too long.
        private static func pack(_ value: UInt32, _ folded: [UInt32], into packed: inout [UInt64]) {
            guard folded != [value], folded.count <= 3 else { return }
            var word: UInt64 = 0
            for (position, scalar) in folded.enumerated() { word |= UInt64(scalar) << (21 * UInt64(position)) }
            // A scalar folding to nothing (a lone diacritic) is packed as an all-ones marker.
            packed[Int(value)] = folded.isEmpty ? UInt64.max : word
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
