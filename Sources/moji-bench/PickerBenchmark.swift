import ArgumentParser
import Foundation
import Moji
import MojiPicker
import MojiStore
import MojiStorePicker
import MojiTerminal

/// `picker`: the cost of one keystroke in `moji pick`: the query changes, the grid is laid out
/// again and a whole screen is drawn by the terminal renderer into a buffer.
struct PickerBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "picker",
        abstract: "Picker keystroke time: query change, layout and a full-screen render into a buffer.",
        discussion: """
            Each query of the file is typed letter by letter, then cleared with Escape (back to the \
            full grid); every keystroke is timed from the key to the finished frame, drawn by the \
            same renderer `moji pick` uses. The history is a fresh store with its seeded frequent emoji.
            """
    )

    @Option(help: "A file of queries, one per line (e.g. Benchmarks/queries-en.txt); the prefixes are typed too.")
    var queries: String?

    @Option(help: "The locale of names, titles and search.")
    var locale: String = "en"

    @Option(help: "Screen width in cells.")
    var width: Int = 200

    @Option(help: "Screen height in rows.")
    var height: Int = 60

    @Option(help: "Times the whole file is typed.")
    var repeats: Int = 3

    func run() throws {
        let lines =
            try queries.map { path in
                try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
            } ?? [
                "party", "thumbs up", "heart", "cat face", "flag", "smile", "people holding hands", "tada", "fire",
                "pizza",
            ]
        // Only whole queries: the file's prefixes are typed anyway, letter by letter.
        let typed = lines.filter { line in !lines.contains { $0 != line && $0.hasPrefix(line) } }
        guard !typed.isEmpty else { throw ValidationError("no queries to type") }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moji-bench-picker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EmojiStore(url: directory.appendingPathComponent("moji.sqlite"))
        let catalog = EmojiCatalog.shared
        var start = Measurement.nowMicroseconds()
        var picker = try EmojiPicker(
            catalog: catalog, configuration: PickerConfiguration(locale: try catalog.locale(for: locale)),
            history: store)
        let openMilliseconds = (Measurement.nowMicroseconds() - start) / 1000
        PickerScreen.fit(&picker, width: width, height: height)
        var screen = PickerScreen()
        var buffer = ScreenBuffer()
        screen.render(picker, width: width, height: height, into: &buffer)

        var typing: [Double] = []
        var clearing: [Double] = []
        var bytes: [Double] = []
        for _ in 0..<max(1, repeats) {
            for query in typed {
                for character in query {
                    start = Measurement.nowMicroseconds()
                    picker.handle(character == " " ? .space : .insert(String(character)))
                    buffer.removeAll()
                    screen.render(picker, width: width, height: height, into: &buffer)
                    typing.append(Measurement.nowMicroseconds() - start)
                    bytes.append(Double(buffer.bytes.count))
                }
                start = Measurement.nowMicroseconds()
                picker.handle(.escape)
                picker.handle(.escape)
                buffer.removeAll()
                screen.render(picker, width: width, height: height, into: &buffer)
                clearing.append(Measurement.nowMicroseconds() - start)
            }
        }
        let all = typing + clearing
        Measurement.report([
            "suite": "picker", "locale": picker.localized.locale.identifier, "screen": "\(width)x\(height)",
            "columns": picker.columns, "keystrokes": all.count,
            "median_ms": Measurement.rounded(Measurement.quantile(all, 0.5) / 1000, places: 3),
            "p90_ms": Measurement.rounded(Measurement.quantile(all, 0.9) / 1000, places: 3),
            "p99_ms": Measurement.rounded(Measurement.quantile(all, 0.99) / 1000, places: 3),
            "typing_median_ms": Measurement.rounded(Measurement.quantile(typing, 0.5) / 1000, places: 3),
            "clear_median_ms": Measurement.rounded(Measurement.quantile(clearing, 0.5) / 1000, places: 3),
            "frame_kb": Measurement.rounded(Measurement.quantile(bytes, 0.5) / 1024),
            "open_ms": Measurement.rounded(openMilliseconds, places: 2),
        ])
    }
}
