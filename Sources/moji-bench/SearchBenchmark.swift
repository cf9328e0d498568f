import ArgumentParser
import Foundation
import Moji

/// `search`: index build time and memory, and per-query time over a file of queries typed
/// letter by letter.
struct SearchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search index build time and memory, and query time for a file of queries.",
        discussion: """
            Each query runs --repeats times; a query's time is the median of its runs, and the \
            figures are quantiles over the queries.

            Index build: the catalog's files for the locale and English (names, keywords, \
            shortcodes, emoticons) are loaded before timing, so the figures are the index alone. \
            An index reads its segments from the files moji-data wrote (search-universal.bin.z \
            and locales/<locale>.search.bin.z); built_one_locale_* is building the locale's \
            segment from its names and keywords instead, as for a catalog without those files. \
            cold_one_locale_ms is the wall time of a process's first \
            EmojiSearch(catalog:locales: [locale]), the median over --cold-runs fresh processes \
            (cold_max_ms the slowest): everything that call does once the files are loaded, \
            that is what every index of the catalog shares (the neutral emoji with versions and \
            groups, and the segment of GitHub, Slack and emojibase shortcodes, emoticons and \
            characters) and the locale's own segment, with the first touch of the memory they \
            take. one_locale_* is a later index of the locale alone (the issue's "index build \
            for one locale"), with_english_* one of the locale and English (the default \
            search), each the median and fastest of --builds builds.
            """
    )

    @Option(help: "A file of queries, one per line (e.g. Benchmarks/queries-en.txt).")
    var queries: String

    @Option(help: "The locale searched (with English as the second language).")
    var locale: String = "en"

    @Option(help: "Results asked for per query.")
    var limit: Int = 50

    @Option(help: "Runs of each query.")
    var repeats: Int = 15

    @Option(help: "Index builds to time.")
    var builds: Int = 21

    @Option(help: "Fresh processes that each time their first index.")
    var coldRuns: Int = 15

    @Flag(help: "Also print each query's median time, slowest first, to standard error.")
    var perQuery = false

    @Flag(help: "Print each query's results with their relevance instead of timing, to compare versions.")
    var dump = false

    @Flag(help: "Only build the first index, print its time and stop (to count its instructions under callgrind).")
    var firstBuildOnly = false

    func run() throws {
        let text = try String(contentsOfFile: queries, encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw ValidationError("\(queries) holds no queries.") }
        let catalog = EmojiCatalog.shared
        let resolved = try catalog.locale(for: locale)
        if dump {
            let search = try EmojiSearch(catalog: catalog, locale: resolved)
            for query in lines {
                let results = search.results(for: query, options: SearchOptions(limit: limit))
                print(query + "\t" + results.map { "\($0.item.text) \($0.relevance)" }.joined(separator: ", "))
            }
            return
        }
        // Load the catalog's files the index reads: names, keywords and CLDR shortcodes of both
        // locales, and the shortcode presets with emoticons.
        var start = Measurement.nowMicroseconds()
        for table in [try catalog.localized(resolved), try catalog.localized(.english)] {
            _ = catalog.neutralEmojis.first.map(table.keywords(of:))
        }
        _ = catalog.emoticons
        let loading = Measurement.nowMicroseconds() - start

        let before = Measurement.residentBytes() ?? 0
        let faultsBefore = Measurement.minorPageFaults()
        start = Measurement.nowMicroseconds()
        let first = try EmojiSearch(catalog: catalog, locales: [resolved])
        let coldBuild = Measurement.nowMicroseconds() - start
        let coldFaults = Measurement.minorPageFaults() - faultsBefore
        let added = (Measurement.residentBytes() ?? 0) - before
        if firstBuildOnly {
            Measurement.report([
                "suite": "search", "measure": "first_build", "locale": resolved.identifier,
                "cold_one_locale_ms": Measurement.rounded(coldBuild / 1000, places: 2),
                "cold_page_faults": coldFaults,
            ])
            return
        }
        let search = try EmojiSearch(catalog: catalog, locale: resolved)
        // A process has one first index: time it in fresh processes.
        var cold: [Double] = []
        for _ in 0..<max(1, coldRuns) {
            let output = try Measurement.runSelf([
                "search", "--queries", queries, "--locale", locale, "--first-build-only",
            ])
            guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
                let milliseconds = object["cold_one_locale_ms"] as? Double
            else {
                throw ValidationError("unexpected output of a fresh process: \(output)")
            }
            cold.append(milliseconds)
        }

        var oneLocale: [Double] = []
        var withEnglish: [Double] = []
        var built: [Double] = []
        for _ in 0..<builds {
            start = Measurement.nowMicroseconds()
            _ = try EmojiSearch.buildLocaleSegment(catalog: catalog, locale: resolved)
            built.append(Measurement.nowMicroseconds() - start)
            start = Measurement.nowMicroseconds()
            _ = try EmojiSearch(catalog: catalog, locales: [resolved])
            oneLocale.append(Measurement.nowMicroseconds() - start)
            start = Measurement.nowMicroseconds()
            _ = try EmojiSearch(catalog: catalog, locale: resolved)
            withEnglish.append(Measurement.nowMicroseconds() - start)
        }
        let milliseconds = { (value: Double) in Measurement.rounded(value / 1000, places: 2) }
        Measurement.report([
            "suite": "search", "measure": "build", "locale": resolved.identifier,
            "one_locale_median_ms": milliseconds(Measurement.quantile(oneLocale, 0.5)),
            "one_locale_min_ms": milliseconds(oneLocale.min() ?? 0),
            "with_english_median_ms": milliseconds(Measurement.quantile(withEnglish, 0.5)),
            "with_english_min_ms": milliseconds(withEnglish.min() ?? 0),
            "built_one_locale_median_ms": milliseconds(Measurement.quantile(built, 0.5)),
            "cold_one_locale_ms": Measurement.quantile(cold, 0.5), "cold_max_ms": cold.max() ?? 0,
            "cold_runs": cold.count,
            "cold_page_faults": coldFaults,
            "files_loaded_ms": milliseconds(loading),
            "one_locale_index_mb": Measurement.rounded(Double(first.indexByteCount) / 1_048_576, places: 2),
            "index_mb": Measurement.rounded(Double(search.indexByteCount) / 1_048_576, places: 2),
            "rss_added_mb": Measurement.rounded(Double(added) / 1_048_576, places: 2),
        ])

        let options = SearchOptions(limit: limit)
        var times: [Double] = []
        var returned = 0
        for query in lines {
            var runs: [Double] = []
            for _ in 0..<repeats {
                start = Measurement.nowMicroseconds()
                let results = search.results(for: query, options: options)
                runs.append(Measurement.nowMicroseconds() - start)
                returned = results.count
            }
            _ = returned
            times.append(Measurement.quantile(runs, 0.5))
        }
        if perQuery {
            for (query, time) in zip(lines, times).sorted(by: { $0.1 > $1.1 }) {
                try? FileHandle.standardError.write(contentsOf: Data("\(Measurement.rounded(time))\t\(query)\n".utf8))
            }
        }
        Measurement.report([
            "suite": "search", "locale": resolved.identifier, "queries": lines.count, "limit": limit,
            "median_us": Measurement.rounded(Measurement.quantile(times, 0.5)),
            "p90_us": Measurement.rounded(Measurement.quantile(times, 0.9)),
            "p99_us": Measurement.rounded(Measurement.quantile(times, 0.99)),
            "max_us": Measurement.rounded(times.max() ?? 0),
        ])
    }
}
