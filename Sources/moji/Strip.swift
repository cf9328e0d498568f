import ArgumentParser
import Foundation
import Moji

struct Strip: ArgumentListCommand {
    static let configuration = CommandConfiguration(
        commandName: "strip",
        abstract: "Remove emoji from text.",
        discussion: """
            Reads standard input or files, streaming, and writes the text without its emoji (or \
            with each replaced by --replacement). Text-default characters such as © stay unless \
            written with U+FE0F or --include-unqualified is given.
            """
    )

    @OptionGroup var input: TextFilterOptions

    @Option(name: .long, help: "Text to write in place of each emoji (default: nothing).")
    var replacement: String = ""

    mutating func appendArguments(_ values: [String]) { input.files += values }

    func run() throws {
        try reportingFailures {
            let replacement = replacement
            try input.run { _ in
                EmojiReplacer(scanner: input.scanner, invalidUTF8: input.invalidUTF8) { _ in replacement }
            }
        }
    }
}
