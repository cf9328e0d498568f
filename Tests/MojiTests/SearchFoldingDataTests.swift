import Foundation
import Testing
@testable import Moji

/// `LatinFoldingData.swift` is what ``LatinFoldingGenerator`` derives from the toolchain's
/// Unicode data and Foundation's canonical decomposition, and the table built from it folds
/// and classifies every scalar below U+2000 as that derivation does.
///
/// After a toolchain's Unicode update, or a change to the folding rules below, regenerate with
/// `MOJI_WRITE_FOLDING_DATA=1 swift test --filter SearchFoldingDataTests` and review the diff.
@Suite("Latin folding data")
struct SearchFoldingDataTests {
    private static let dataFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Moji/Search/Folding/LatinFoldingData.swift").standardizedFileURL

    @Test func generatedFileIsCurrent() throws {
        let expected = LatinFoldingGenerator.source()
        if ProcessInfo.processInfo.environment["MOJI_WRITE_FOLDING_DATA"] == "1" {
            try expected.write(to: Self.dataFile, atomically: true, encoding: .utf8)
        }
        let actual = try String(contentsOf: Self.dataFile, encoding: .utf8)
        #expect(actual == expected, "LatinFoldingData.swift is stale: regenerate it (see this suite's doc comment)")
    }

    @Test func tableMatchesDerivation() {
        for value in UInt32(0x80)..<0x2000 {
            #expect(LatinFolding.table[value].map { Array($0) } == LatinFoldingGenerator.folding(of: value),
                    "U+\(String(value, radix: 16))")
            #expect(LatinFolding.table.isWordCharacter(value) == LatinFoldingGenerator.isWordCharacter(value),
                    "U+\(String(value, radix: 16))")
        }
    }
}


/// Derives `LatinFoldingData.swift` from the toolchain's Unicode data and Foundation's canonical
/// decomposition: the derivation the folding table used to run at every process start.
enum LatinFoldingGenerator {
    /// Letters whose folding is spelled out rather than decomposed.
    static let special: [UInt32: String] = [
        0x00DF: "ss", 0x1E9E: "ss", 0x00E6: "ae", 0x00C6: "ae", 0x0153: "oe", 0x0152: "oe",
        0x00F8: "o", 0x00D8: "o", 0x0111: "d", 0x0110: "d", 0x0142: "l", 0x0141: "l",
        0x0131: "i", 0x00FE: "th", 0x00DE: "th", 0x0127: "h", 0x0126: "h", 0x03C2: "σ",
    ]

    /// The folding of a scalar below U+2000 (lowercase, decomposed, without diacritics), or nil
    /// when it is the identity or longer than three scalars.
    static func folding(of value: UInt32) -> [UInt32]? {
        guard let scalar = Unicode.Scalar(value) else { return nil }
        var folded: [UInt32]
        if let text = special[value] {
            folded = text.unicodeScalars.map(\.value)
        } else {
            let properties = scalar.properties
            let decomposes = (0xC0...0x24F).contains(value) || (0x370...0x52F).contains(value)
                || (0x1E00...0x1FFF).contains(value)
            guard decomposes || properties.changesWhenLowercased else { return nil }
            let lower = properties.changesWhenLowercased ? properties.lowercaseMapping : String(scalar)
            let text = decomposes ? lower.decomposedStringWithCanonicalMapping : lower
            folded = text.unicodeScalars.map(\.value).filter { !TextFolding.isCombiningDiacritic($0) }
        }
        return folded == [value] || folded.count > 3 ? nil : folded
    }

    /// Whether a scalar is a letter, mark or digit.
    static func isWordCharacter(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// `0x` and at least four uppercase hex digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The Swift source of `LatinFoldingData.swift`.
    static func source() -> String {
        var foldings: [String] = []
        for value in UInt32(0x80)..<0x2000 {
            guard let folded = folding(of: value) else { continue }
            let padded = folded + Array(repeating: 0, count: 3 - folded.count)
            let shown = String(String.UnicodeScalarView(folded.compactMap(Unicode.Scalar.init)))
            let comment = isWordCharacter(value) && !(0x300...0x36F).contains(value)
                ? "\(String(Unicode.Scalar(value)!)) → \(folded.isEmpty ? "(nothing)" : shown)"
                : "→ \(folded.isEmpty ? "(nothing)" : shown)"
            foldings.append("        \(([value] + padded).map(hex).joined(separator: ", ")),  // \(comment)")
        }
        var ranges: [(UInt32, UInt32)] = []
        for value in UInt32(0x80)..<0x2000 where isWordCharacter(value) {
            if let last = ranges.last, last.1 + 1 == value {
                ranges[ranges.count - 1].1 = value
            } else {
                ranges.append((value, value))
            }
        }
        var rangeLines: [String] = []
        for start in stride(from: 0, to: ranges.count, by: 6) {
            let line = ranges[start..<min(start + 6, ranges.count)].map { "\(hex($0.0)), \(hex($0.1))," }
            rangeLines.append("        " + line.joined(separator: " "))
        }
        return """
            // Generated by `MOJI_WRITE_FOLDING_DATA=1 swift test --filter SearchFoldingDataTests` from the
            // toolchain's Unicode data (Unicode \(unicodeVersion)) and Foundation's canonical decomposition.
            // Do not edit: the test fails when this file differs from what it would write.

            extension LatinFolding {
                /// Every scalar from U+0080 to U+1FFF whose folding is not the identity, as
                /// `scalar, folded₁, folded₂, folded₃` (0 pads; a scalar with no folded scalars folds to nothing).
                static let foldings: [UInt32] = [
            \(foldings.joined(separator: "\n"))
                ]

                /// The letters, marks and digits from U+0080 to U+1FFF, as inclusive ranges `first, last`.
                static let wordCharacterRanges: [UInt16] = [
            \(rangeLines.joined(separator: "\n"))
                ]
            }

            """
    }

    /// The newest Unicode version whose scalars the toolchain knows (the newest scalar's age).
    static var unicodeVersion: String {
        var newest = (0, 0)
        for value in UInt32(0)..<0x110000 {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age else { continue }
            if (age.major, age.minor) > newest { newest = (age.major, age.minor) }
        }
        return "\(newest.0).\(newest.1)"
    }
}
