import ArgumentParser
import Foundation
import Moji

struct Count: ArgumentListCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Count the emoji in text.",
        discussion: """
            Reads standard input or files, streaming, and prints the number of emoji (with several \
            files, one line per file and a total). --json prints {"count": …, "rgi": …} (rgi: how many are in Unicode's recommended set).
            """
    )

    @OptionGroup var input: TextFilterOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    mutating func appendArguments(_ values: [String]) { input.files += values }

    func run() throws {
        try reportingFailures {
            var counts: [(file: String, count: Int, rgi: Int, bytes: Int)] = []
            try input.run { file in
                counts.append((file ?? "-", 0, 0, 0))
                return EmojiFinder(scanner: input.scanner, invalidUTF8: input.invalidUTF8) { match, _ in
                    counts[counts.count - 1].count += 1
                    if match.isRGI { counts[counts.count - 1].rgi += 1 }
                }
            }
            let total = counts.reduce(0) { $0 + $1.count }
            if json {
                let rgi = counts.reduce(0) { $0 + $1.rgi }
                return try printJSON(
                    CountSummary(
                        count: total, rgi: rgi, files: counts.count > 1 ? counts.map { [$0.file: $0.count] } : nil))
            }
            if counts.count > 1 {
                for entry in counts { print("\(entry.count)\t\(entry.file)") }
                print("\(total)\ttotal")
            } else {
                print(total)
            }
        }
    }
}

struct CountSummary: Encodable {
    var count: Int
    var rgi: Int
    var files: [[String: Int]]?
}
