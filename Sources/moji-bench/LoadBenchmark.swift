import ArgumentParser
import Foundation
import Moji

/// `load`: how fast a cold process has the catalog ready for one locale, what memory it adds,
/// and how large the bundled resources are.
struct LoadBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Cold-process catalog load time, memory and resource sizes."
    )

    @Option(help: "Locales to measure, comma-separated.")
    var locales: String = "en,ja"

    @Option(help: "Cold processes to start per locale.")
    var runs: Int = 31

    @Option(help: "Internal: measure once in this process and print microseconds and bytes.")
    var child: String?

    @Option(help: "Which catalog the child chooses: bundled (nothing installed), installed (an updated copy), or both.")
    var catalogs: String = "bundled,installed"

    func run() throws {
        if let child { return measureOnce(child) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moji-bench-load-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for kind in catalogs.split(separator: ",").map(String.init) {
            let home = try Self.home(kind, in: scratch)
            var environment = ProcessInfo.processInfo.environment
            environment["MOJI_HOME"] = home.path
            environment["MOJI_CATALOG"] = nil
            for locale in locales.split(separator: ",").map(String.init) {
                var times: [Double] = []
                var memory: [Double] = []
                var choosing: [Double] = []
                for _ in 0..<runs {
                    let output = try Measurement.runSelf(["load", "--child", locale], environment: environment)
                    let fields = output.split(separator: " ").compactMap { Double($0) }
                    guard fields.count == 3 else { throw ValidationError("unexpected child output: \(output)") }
                    times.append(fields[0])
                    memory.append(fields[1])
                    choosing.append(fields[2])
                }
                Measurement.report([
                    "suite": "load", "locale": locale, "catalog": kind, "runs": runs,
                    "median_ms": Measurement.rounded(Measurement.quantile(times, 0.5) / 1000, places: 2),
                    "p90_ms": Measurement.rounded(Measurement.quantile(times, 0.9) / 1000, places: 2),
                    "choose_median_ms": Measurement.rounded(Measurement.quantile(choosing, 0.5) / 1000, places: 2),
                    "rss_added_mb": Measurement.rounded(Measurement.quantile(memory, 0.5) / 1_048_576, places: 2),
                ])
            }
        }
        reportSizes()
    }

    /// A MOJI_HOME with no catalog installed (`bundled`), or with a copy of the bundled catalog
    /// installed as an update (`installed`), so the child chooses as `EmojiCatalog.shared` would.
    private static func home(_ kind: String, in scratch: URL) throws -> URL {
        let home = scratch.appendingPathComponent(kind)
        let catalogs = home.appendingPathComponent("catalogs")
        try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
        switch kind {
        case "bundled":
            break
        case "installed":
            try FileManager.default.copyItem(
                at: EmojiCatalog.bundledDirectory, to: catalogs.appendingPathComponent("bench"))
            let pointer = CatalogPointer(
                folder: "bench", emojiVersion: EmojiCatalog.bundled.unicodeVersion, cldrVersion: "48",
                catalogVersion: "bench", source: "moji-bench", installed: Date())
            try Data(pointer.text.utf8).write(to: catalogs.appendingPathComponent(InstalledCatalogs.currentFileName))
        default:
            throw ValidationError("--catalogs takes bundled and installed, not '\(kind)'")
        }
        return home
    }

    /// Chooses the catalog as `EmojiCatalog.shared` does, loads one locale and touches a name,
    /// timing it from a cold start; prints the total, the memory added and the choosing alone
    /// (which, for an installed catalog, includes opening its core).
    private func measureOnce(_ locale: String) {
        // Finding the resource bundle is outside the timed region, as it always was here (it
        // costs about as much again on Linux, for every catalog alike).
        _ = EmojiCatalog.bundledDirectory
        let before = Measurement.residentBytes() ?? 0
        let start = Measurement.nowMicroseconds()
        let (chosen, _) = CatalogChoice.choose()
        let chosenAt = Measurement.nowMicroseconds()
        let catalog = chosen ?? EmojiCatalog.bundled
        let localized = try! catalog.localized(catalog.locale(for: locale))
        let name = localized.name(of: catalog.emojis[0])
        let elapsed = Measurement.nowMicroseconds() - start
        let after = Measurement.residentBytes() ?? 0
        precondition(!name.isEmpty)
        print("\(elapsed) \(after - before) \(chosenAt - start)")
    }

    /// Sizes on disk: everything, the files every locale needs, and English's own files.
    private func reportSizes() {
        let directory = EmojiCatalog.bundledDirectory
        let manager = FileManager.default
        var total = 0
        var shared = 0
        var english = 0
        let files = (manager.enumerator(atPath: directory.path)?.allObjects as? [String]) ?? []
        for file in files {
            let size =
                (try? manager.attributesOfItem(atPath: directory.appendingPathComponent(file).path)[.size] as? Int) ?? 0
            guard !file.hasSuffix(CatalogFormat.localesFolder) else { continue }
            total += size
            if !file.hasPrefix(CatalogFormat.localesFolder + "/") { shared += size }
            if [
                CatalogFormat.localeFile("en"), CatalogFormat.localeKeywordsFile("en"),
                SearchSegmentFile.localeFileName("en"),
            ].contains(file) {
                english += size
            }
        }
        Measurement.report([
            "suite": "load", "measure": "resources", "locales": EmojiCatalog.shared.availableLocales.count,
            "total_kb": Double(total / 1024), "shared_kb": Double(shared / 1024),
            "english_locale_kb": Double(english / 1024), "english_with_shared_kb": Double((shared + english) / 1024),
        ])
    }
}
