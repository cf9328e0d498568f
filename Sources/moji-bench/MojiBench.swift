import ArgumentParser

@main
struct MojiBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moji-bench",
        abstract: "Measures Moji. Each suite prints one JSON object per line.",
        discussion: "Run a release build: swift run -c release moji-bench <suite>.",
        subcommands: [
            LoadBenchmark.self, SearchBenchmark.self, SearchQualityBenchmark.self, TextBenchmark.self,
            StoreBenchmark.self,
            PickerBenchmark.self, CustomEmojiBenchmark.self, SyncBenchmark.self, ServeBenchmark.self,
        ]
    )
}
