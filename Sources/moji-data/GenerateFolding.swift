import ArgumentParser
import Foundation
import MojiDataBuilder

struct GenerateFolding: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-folding",
        abstract: "Write the folding table search uses for the letters below U+2000 (LatinFoldingData.swift).",
        discussion: """
            The table is derived from the Unicode data of the Swift standard library and \
            Foundation (lowercase mappings, canonical decompositions, general categories), so \
            run it from the package's root after a toolchain update or a change to the folding \
            rules, and review the diff. The output is deterministic.
            """
    )

    @Option(help: "The Swift file to write.")
    var out: String = LatinFoldingGenerator.defaultPath

    func run() throws {
        do {
            try Data(LatinFoldingGenerator.source().utf8).write(to: URL(fileURLWithPath: out))
            print("Latin folding table → \(out)")
        } catch {
            let message = "moji-data: error: cannot write \(out): \(error.localizedDescription)\n"
            try? FileHandle.standardError.write(contentsOf: Data(message.utf8))
            throw ExitCode(1)
        }
    }
}
