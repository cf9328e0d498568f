import Foundation
import MojiDataBuilder
import Testing

@testable import Moji

/// `LatinFoldingData.swift` is what `moji-data generate-folding` derives from the toolchain's
/// Unicode data, and the table search builds from it folds and classifies every scalar below
/// U+2000 as that derivation does.
///
/// Scalars this toolchain does not know (assigned by a newer Unicode than its own) are taken
/// from the committed file, so an older toolchain passes where only they differ; a newer one
/// that assigns letters below U+2000 fails until the file is regenerated.
@Suite("Latin folding data")
struct LatinFoldingDataTests {
    private static let dataFile = Paths.package.appendingPathComponent(LatinFoldingGenerator.defaultPath)

    private static func isKnown(_ value: UInt32) -> Bool { Unicode.Scalar(value)?.properties.age != nil }

    private static func committedFolding(_ value: UInt32) -> [UInt32]? { LatinFolding.table[value].map { Array($0) } }

    @Test("the committed file is what `moji-data generate-folding` writes")
    func committedFileIsCurrent() throws {
        let committed = try String(contentsOf: Self.dataFile, encoding: .utf8)
        let expected = LatinFoldingGenerator.source(
            folding: { Self.isKnown($0) ? LatinFoldingGenerator.folding(of: $0) : Self.committedFolding($0) },
            isWordCharacter: {
                Self.isKnown($0) ? LatinFoldingGenerator.isWordCharacter($0) : LatinFolding.table.isWordCharacter($0)
            })
        #expect(
            committed == expected,
            """
            \(LatinFoldingGenerator.defaultPath) is stale: regenerate it with \
            `swift run moji-data generate-folding` from the package's root and review the diff
            """)
    }

    @Test("the table built from the file folds every scalar below U+2000 as the derivation does")
    func tableMatchesDerivation() {
        for value in LatinFoldingGenerator.scalars where Self.isKnown(value) {
            #expect(
                Self.committedFolding(value) == LatinFoldingGenerator.folding(of: value),
                "U+\(String(value, radix: 16))")
            #expect(
                LatinFolding.table.isWordCharacter(value) == LatinFoldingGenerator.isWordCharacter(value),
                "U+\(String(value, radix: 16))")
        }
    }

    @Test("a scalar the toolchain does not know folds to itself and is no word character")
    func unknownScalarsAreIdentity() {
        // U+0378 is unassigned in every Unicode version so far.
        #expect(LatinFoldingGenerator.folding(of: 0x378) == nil)
        #expect(!LatinFoldingGenerator.isWordCharacter(0x378))
    }
}
