import ArgumentParser
import Foundation
import Moji
import MojiStore

/// `store`: recording a use and reading the frequent, recent and most-used lists, on a database whose
/// history holds many distinct Unicode and custom emoji.
struct StoreBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract:
            "Store speed: record one use; frequent, recent and most-used queries; learned picks (a use with a query, a typed prefix, the picker's whole history)."
    )

    @Option(help: "Distinct items in the history (every neutral Unicode emoji, then custom emoji).")
    var distinct: Int = 10_000

    @Option(help: "Timed operations per measure.")
    var samples: Int = 2_000

    @Option(help: "The database to fill (default: a fresh file in a temporary directory, removed after).")
    var database: String?

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moji-bench-store-\(UUID().uuidString)")
        let url = database.map { URL(fileURLWithPath: $0) } ?? directory.appendingPathComponent("moji.sqlite")
        defer { if database == nil { try? FileManager.default.removeItem(at: directory) } }
        let store = try EmojiStore(url: url)

        let unicode = EmojiCatalog.shared.neutralEmojis.map(StoreItem.init)
        var items = Array(unicode.prefix(distinct))
        var number = 0
        while items.count < distinct {
            items.append(.custom("bench_\(number)"))
            number += 1
        }
        // One use of each, then a skewed second pass so scores and counts differ.
        let fillStart = Measurement.nowMicroseconds()
        for item in items { try store.usage.recordUse(of: item) }
        for index in 0..<min(items.count, 2_000) { try store.usage.recordUse(of: items[(index * index) % items.count]) }
        let fillSeconds = (Measurement.nowMicroseconds() - fillStart) / 1_000_000

        let toned = EmojiCatalog.shared.emojis.filter(\.hasSkinTones)
        var index = 0
        report(
            "record_use",
            try time {
                index += 1
                if index % 3 == 0, !toned.isEmpty {
                    try store.usage.recordUse(of: toned[index % toned.count])
                } else {
                    try store.usage.recordUse(of: items[(index * 7919) % items.count])
                }
            }, extra: fillSeconds)
        report(
            "frequent", try time { if try store.usage.frequent().isEmpty { throw ValidationError("no frequent") } },
            extra: nil)
        report(
            "recent", try time { if try store.usage.recent().isEmpty { throw ValidationError("no recent") } },
            extra: nil)
        report(
            "most_used", try time { if try store.usage.mostUsed().isEmpty { throw ValidationError("no most used") } },
            extra: nil)

        // Learned picks at the store's limit: each of the first emoji picked after its English name.
        let english = try EmojiCatalog.shared.localized(.english)
        let named = EmojiCatalog.shared.neutralEmojis.prefix(store.configuration.learnedPickLimit).map {
            (item: StoreItem($0), query: english.name(of: $0))
        }
        for pick in named { try store.usage.recordUse(of: pick.item, query: pick.query) }
        report(
            "record_use_query",
            try time {
                index += 1
                let pick = named[(index * 7919) % named.count]
                try store.usage.recordUse(of: pick.item, query: pick.query)
            }, extra: nil)
        // What a picker types: the first one to three letters of the names.
        let prefixes = named.flatMap { pick in (1...3).map { String(pick.query.prefix($0)) } }
        report(
            "learned_picks",
            try time {
                index += 1
                _ = try store.usage.learnedPicks(for: prefixes[(index * 7919) % prefixes.count])
            }, extra: nil)
        report(
            "learned_history",
            try time { if try store.usage.learnedPickHistory().isEmpty { throw ValidationError("nothing learned") } },
            extra: nil)
    }

    private func time(_ body: () throws -> Void) throws -> [Double] {
        for _ in 0..<min(50, samples) { try body() }
        var times: [Double] = []
        times.reserveCapacity(samples)
        for _ in 0..<samples {
            let start = Measurement.nowMicroseconds()
            try body()
            times.append(Measurement.nowMicroseconds() - start)
        }
        return times
    }

    private func report(_ measure: String, _ times: [Double], extra fillSeconds: Double?) {
        if let fillSeconds {
            Measurement.report([
                "suite": "store", "measure": measure, "distinct": distinct, "samples": samples,
                "median_us": Measurement.rounded(Measurement.quantile(times, 0.5)),
                "p90_us": Measurement.rounded(Measurement.quantile(times, 0.9)),
                "p99_us": Measurement.rounded(Measurement.quantile(times, 0.99)),
                "fill_s": Measurement.rounded(fillSeconds, places: 2),
            ])
        } else {
            Measurement.report([
                "suite": "store", "measure": measure, "distinct": distinct, "samples": samples,
                "median_us": Measurement.rounded(Measurement.quantile(times, 0.5)),
                "p90_us": Measurement.rounded(Measurement.quantile(times, 0.9)),
                "p99_us": Measurement.rounded(Measurement.quantile(times, 0.99)),
            ])
        }
    }
}
