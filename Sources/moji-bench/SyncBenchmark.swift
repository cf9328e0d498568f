import ArgumentParser
import Foundation
import Moji
import MojiLoopbackServer
import MojiStore
import MojiSync

/// `sync`: importing a forum's smilie set from a real HTTP server on 127.0.0.1, and syncing it
/// again when nothing changed.
struct SyncBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Custom set import and no-change re-sync over a loopback HTTP server.",
        discussion: """
            Serves a forum snapshot (--snapshot: its showsmilies.html, manifest.tsv and files/, as in \
            ../shared/data/awful-smilies/2015-05) from a loopback server in this process, with strong \
            ETags and the page's image URLs rewritten to the server. Each round starts from an empty \
            MOJI_HOME (a fresh store and image cache) and times, with the real URLSession transport: \
            `CustomSetSync.add` of a forum set at the page's URL (the listing and every image), then \
            `sync(named:)` right after, with a fresh transport as a new `moji custom sync` process \
            would have: the listing answers 304 and the images, confirmed by the import, are fresh \
            (SyncOptions.imageFreshness); with --recheck-images every image is asked again, \
            conditionally, as in a sync an hour later (all answer 304). Requests are \
            counted by the server's log and by the SyncReport; the re-sync's time is split by when \
            the transport saw its first and last requests. Figures are the median and range over \
            --rounds rounds. Fails when the import does not hold --expect emoji or the re-sync \
            downloads any image byte.
            """
    )

    @Option(help: "A forum snapshot directory (showsmilies.html, manifest.tsv, files/).")
    var snapshot: String = "../shared/data/awful-smilies/2015-05"

    @Option(help: "Rounds, each with a fresh store and image cache.")
    var rounds: Int = 5

    @Option(help: "No-change re-syncs after each import, each with a fresh transport (more samples; for a profiler).")
    var resyncs: Int = 1

    @Option(help: "Images fetched at a time (default: SyncOptions' default, 6).")
    var imageConcurrency: Int?

    @Flag(
        name: .customLong("recheck-images"),
        help:
            "Re-sync with SyncOptions.imageFreshness 0: every image asked again (conditionally), as a sync an hour later."
    )
    var recheckImages = false

    @Option(help: "Emoji the import must hold (the 2015-05 snapshot has 767).")
    var expect: Int = 767

    /// The targets on the project's machine.
    static let importTargetSeconds = 3.0
    static let resyncTargetSeconds = 0.3

    func run() async throws {
        let directory = URL(fileURLWithPath: snapshot)
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.tsv").path) else {
            throw ValidationError("\(snapshot) is not a snapshot (no manifest.tsv); pass --snapshot DIR")
        }
        // The server is on this machine: a proxy in the environment (libcurl reads the process's)
        // must not carry its requests, nor time them.
        for name in ["no_proxy", "NO_PROXY"] {
            let current = ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
            setenv(name, current.map { $0 + ",127.0.0.1" } ?? "127.0.0.1", 1)
        }
        let server = try await LoopbackServer.start()
        let rounds = try await measure(directory, server: server)
        await server.stop()
        report(rounds)
        // The figures are printed first; a wrong result then fails the run, as CI needs.
        let failures = rounds.flatMap(\.failures)
        guard failures.isEmpty else {
            for failure in Set(failures).sorted() {
                try? FileHandle.standardError.write(contentsOf: Data("FAIL: sync: \(failure)\n".utf8))
            }
            throw ExitCode.failure
        }
    }

    /// One round's figures.
    struct Round {
        var importSeconds = 0.0
        var importListingRequests = 0
        var importImageRequests = 0
        var importReportedImageRequests = 0
        var importImageBytes = 0
        var imported = 0
        var importFailed = 0
        /// Each re-sync's wall time and phases; the counts below are the last one's.
        var resyncSeconds: [Double] = []
        var resyncListingRequests = 0
        var resyncImageRequests = 0
        var resyncReportedImageRequests = 0
        var resyncImageBytes = 0
        var resyncNotModified = 0
        var resyncListingChanged = false
        var resyncUnchanged = 0
        var phases: [RequestTimeline.Phases] = []
        var failures: [String] = []
    }

    private func measure(_ snapshot: URL, server: LoopbackServer) async throws -> [Round] {
        let pagePath = "/misc.php"
        try server.serveSmilieSnapshot(snapshot, pagePath: pagePath)
        let page = server.url(pagePath + "?action=showsmilies").absoluteString
        var results: [Round] = []
        for _ in 0..<max(1, rounds) {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent(
                "moji-bench-sync-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: home) }
            let environment = ["MOJI_HOME": home.path]
            let store = try EmojiStore(url: StoreLocation.defaultURL(environment: environment))
            let cache = ImageCache(directory: ImageCache.defaultDirectory(environment: environment))
            var round = Round()
            var options = SyncOptions()
            if let imageConcurrency { options.imageConcurrency = max(1, imageConcurrency) }

            server.resetLog()
            let set = CustomSet(name: "forum", source: CustomSetSource(kind: .forum, location: page))
            let importer = CustomSetSync(
                store: store, cache: cache, transport: URLSessionTransport(), options: options)
            var start = Measurement.nowMicroseconds()
            let added = try await importer.add(set)
            round.importSeconds = (Measurement.nowMicroseconds() - start) / 1_000_000
            let importLog = server.requests()
            round.importListingRequests = importLog.filter { $0.path == pagePath }.count
            round.importImageRequests = importLog.count - round.importListingRequests
            round.importReportedImageRequests = added.imageRequests
            round.importImageBytes = added.imageBytes
            round.imported = added.total
            round.importFailed = added.failed.count
            if added.total != expect {
                round.failures.append(
                    "the import holds \(added.total) emoji, not \(expect) (\(added.failed.count) images failed, "
                        + "\(added.skipped.count) entries skipped)")
            }

            for _ in 0..<max(1, resyncs) {
                server.resetLog()
                let timeline = RequestTimeline(URLSessionTransport(), listingPath: pagePath)
                var resyncOptions = options
                if recheckImages { resyncOptions.imageFreshness = 0 }
                let syncer = CustomSetSync(store: store, cache: cache, transport: timeline, options: resyncOptions)
                start = Measurement.nowMicroseconds()
                let again = try await syncer.sync(named: set.name)
                let end = Measurement.nowMicroseconds()
                round.resyncSeconds.append((end - start) / 1_000_000)
                round.phases.append(timeline.phases(start: start, end: end))
                let resyncLog = server.requests()
                round.resyncListingRequests = resyncLog.filter { $0.path == pagePath }.count
                round.resyncImageRequests = resyncLog.count - round.resyncListingRequests
                round.resyncNotModified = resyncLog.filter { $0.path != pagePath && $0.status == 304 }.count
                round.resyncReportedImageRequests = again.imageRequests
                round.resyncImageBytes = again.imageBytes
                round.resyncListingChanged = again.listingChanged
                round.resyncUnchanged = again.unchanged
                if again.imageBytes != 0 {
                    round.failures.append("the no-change re-sync downloaded \(again.imageBytes) image bytes, not 0")
                }
                let changes = again.added.count + again.removed.count + again.changed.count
                if changes != 0 || again.total != added.total {
                    round.failures.append(
                        "the no-change re-sync reported \(changes) changes and \(again.total) emoji (want 0 and "
                            + "\(added.total))")
                }
            }
            results.append(round)
        }
        return results
    }

    private func report(_ rounds: [Round]) {
        func ms(_ seconds: [Double]) -> (median: Double, min: Double, max: Double) {
            (
                Measurement.rounded(Measurement.quantile(seconds, 0.5) * 1000),
                Measurement.rounded((seconds.min() ?? 0) * 1000), Measurement.rounded((seconds.max() ?? 0) * 1000)
            )
        }
        let first = rounds.first ?? Round()
        let imports = ms(rounds.map(\.importSeconds))
        Measurement.report([
            "suite": "sync", "measure": "first_import", "rounds": rounds.count,
            "median_ms": imports.median, "min_ms": imports.min, "max_ms": imports.max,
            "target_ms": Self.importTargetSeconds * 1000,
            "within_target": Measurement.quantile(rounds.map(\.importSeconds), 0.5) <= Self.importTargetSeconds,
            "emoji": first.imported, "failed_images": first.importFailed,
            "listing_requests": first.importListingRequests, "image_requests": first.importImageRequests,
            "reported_image_requests": first.importReportedImageRequests, "image_bytes": first.importImageBytes,
        ])
        let resyncSeconds = rounds.flatMap(\.resyncSeconds)
        let resyncs = ms(resyncSeconds)
        let maxBytes = rounds.map(\.resyncImageBytes).max() ?? 0
        Measurement.report([
            "suite": "sync", "measure": recheckImages ? "no_change_resync_rechecking_images" : "no_change_resync",
            "resyncs": resyncSeconds.count,
            "median_ms": resyncs.median, "min_ms": resyncs.min, "max_ms": resyncs.max,
            "target_ms": Self.resyncTargetSeconds * 1000,
            "within_target": Measurement.quantile(resyncSeconds, 0.5) <= Self.resyncTargetSeconds
                && maxBytes == 0,
            "listing_changed": first.resyncListingChanged, "unchanged": first.resyncUnchanged,
            "listing_requests": first.resyncListingRequests, "image_requests": first.resyncImageRequests,
            "not_modified": first.resyncNotModified, "reported_image_requests": first.resyncReportedImageRequests,
            "image_bytes_max": maxBytes,
        ])
        // Where the re-sync's time goes, from the transport's view (medians over the re-syncs).
        let phases = rounds.flatMap(\.phases)
        func median(_ value: (RequestTimeline.Phases) -> Double) -> Double {
            Measurement.rounded(Measurement.quantile(phases.map(value), 0.5) / 1000)
        }
        Measurement.report([
            "suite": "sync", "measure": "no_change_resync_phases",
            "before_listing_ms": median(\.beforeListing), "listing_ms": median(\.listing),
            "listing_to_images_ms": median(\.listingToImages), "images_ms": median(\.images),
            "after_images_ms": median(\.afterImages),
            "image_request_median_ms": median(\.imageRequestMedian),
            "image_request_p90_ms": median(\.imageRequestP90),
            "images_in_flight": Measurement.rounded(
                Measurement.quantile(phases.map(\.inFlight), 0.5), places: 2),
        ])
    }
}

/// A transport that notes when each request started and ended, so a sync's wall time can be
/// split into the work before the listing, the listing, the work before the images, the images,
/// and the work after them (the store transaction), without touching the sync engine.
final class RequestTimeline: HTTPTransport, Sendable {
    private typealias Spans = [(start: Double, end: Double)]
    private let base: any HTTPTransport
    private let listingPath: String
    private let spans = Locked((listing: Spans(), images: Spans()))

    init(_ base: any HTTPTransport, listingPath: String) {
        self.base = base
        self.listingPath = listingPath
    }

    func get(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let start = Measurement.nowMicroseconds()
        defer {
            let end = Measurement.nowMicroseconds()
            let isListing = request.url.path == listingPath
            spans.withLock { spans in
                if isListing { spans.listing.append((start, end)) } else { spans.images.append((start, end)) }
            }
        }
        return try await base.get(request)
    }

    /// A sync's phases in microseconds (request latencies too), from its start and end.
    struct Phases {
        var beforeListing = 0.0
        var listing = 0.0
        var listingToImages = 0.0
        var images = 0.0
        var afterImages = 0.0
        var imageRequestMedian = 0.0
        var imageRequestP90 = 0.0
        /// The images' summed latency over their wall time: how many were in flight on average.
        var inFlight = 0.0
    }

    func phases(start: Double, end: Double) -> Phases {
        spans.withLock { spans in
            let (listing, images) = spans
            var phases = Phases()
            let listingStart = listing.map(\.start).min() ?? start
            let listingEnd = listing.map(\.end).max() ?? listingStart
            let imagesStart = images.map(\.start).min() ?? listingEnd
            let imagesEnd = images.map(\.end).max() ?? imagesStart
            phases.beforeListing = listingStart - start
            phases.listing = listingEnd - listingStart
            phases.listingToImages = imagesStart - listingEnd
            phases.images = imagesEnd - imagesStart
            phases.afterImages = end - imagesEnd
            let latencies = images.map { $0.end - $0.start }
            phases.imageRequestMedian = Measurement.quantile(latencies, 0.5)
            phases.imageRequestP90 = Measurement.quantile(latencies, 0.9)
            phases.inFlight = phases.images > 0 ? latencies.reduce(0, +) / phases.images : 0
            return phases
        }
    }
}
