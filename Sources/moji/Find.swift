import ArgumentParser
import Foundation
import Moji
import MojiRepresentations

struct Find: ArgumentListCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "List the emoji in text, one per line.",
        discussion: """
            Reads standard input or files, streaming. Each line: byte offset, byte length, the emoji \
            as written, its code points, its qualification and its name ("(not RGI)" for a valid \
            sequence Unicode does not list). With several files, lines start with the file name. \
            --json writes one JSON object per line. Exits 1 when no emoji is found, 3 for input that \
            is not UTF-8 with --invalid-utf8 report.

            © ™ ❤ and other characters shown as text by default count only when written with \
            U+FE0F (©️) or inside a sequence; --include-unqualified counts them alone too. Digits, \
            # and * count only as keycaps (#️⃣).
            """
    )

    @OptionGroup var input: TextFilterOptions

    @Flag(name: .long, help: "Print one JSON object per line.")
    var json = false

    mutating func appendArguments(_ values: [String]) { input.files += values }

    func run() throws {
        try reportingFailures {
            let output = StandardOutput()
            var total = 0
            let prefixed = input.files.count > 1
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try input.run { file in
                EmojiFinder(scanner: input.scanner, invalidUTF8: input.invalidUTF8) { match, written in
                    total += 1
                    let line = FoundEmoji(match, written: written, file: prefixed ? file ?? "-" : nil)
                    if json {
                        output.write(String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self) + "\n")
                    } else {
                        output.write(line.text + "\n")
                    }
                }
            }
            try output.flush()
            // Like grep: no match is exit 1, silently, for shell tests.
            if total == 0 { throw ExitCode.notFound }
        }
    }
}

/// One line of `moji find`: the JSON form is the API's match, shared so the two never drift.
typealias FoundEmoji = FoundEmojiSummary

extension FoundEmojiSummary {
    /// The line `moji find` prints without --json: tab-separated fields.
    var text: String {
        // A file name is the user's, but may still hold control characters: shown neutralised.
        DisplayText.line(
            [file, String(offset), String(length), emoji, hexcode, qualification, name ?? "(not RGI)"]
                .compactMap { $0 }.joined(separator: "\t"))
    }
}
