import CoreMetrics
import Foundation
import Moji
import Prometheus

/// What a server counts when ``ServerConfiguration/metrics`` names a registry: requests and their
/// latency per route, method and status, search answers taken from the cache or searched, the
/// time each call to the users' database takes (``TimedUserDataStore``), and the outcomes of
/// background syncs. Recorded through swift-metrics with the registry's own factory
/// (not the process-wide `MetricsSystem`), so servers in one process keep separate figures;
/// `GET /metrics` shows the registry in Prometheus's text format.
final class ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let requests = Locked<[RequestKey: CountAndDuration]>([:])
    private let searchHits: CoreMetrics.Counter
    private let searchMisses: CoreMetrics.Counter
    private let syncsSucceeded: CoreMetrics.Counter
    private let syncsFailed: CoreMetrics.Counter
    private let storeCalls = Locked<[StoreCallKey: CountAndDuration]>([:])

    private struct StoreCallKey: Hashable {
        var database: String
        var operation: String
        var failed: Bool
    }

    private struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    /// A counter and a histogram of durations with the same labels: what requests and store
    /// calls each record.
    private struct CountAndDuration: Sendable {
        var count: CoreMetrics.Counter
        var duration: CoreMetrics.Timer

        func record(_ duration: Duration) {
            count.increment()
            self.duration.recordNanoseconds(Int64(duration / .nanoseconds(1)))
        }
    }

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        // From a cached answer (tens of microseconds) to a slow store (seconds).
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        searchHits = CoreMetrics.Counter(
            label: "moji_search_cache_lookups_total", dimensions: [("result", "hit")], factory: factory)
        searchMisses = CoreMetrics.Counter(
            label: "moji_search_cache_lookups_total", dimensions: [("result", "miss")], factory: factory)
        syncsSucceeded = CoreMetrics.Counter(
            label: "moji_custom_set_syncs_total", dimensions: [("outcome", "synced")], factory: factory)
        syncsFailed = CoreMetrics.Counter(
            label: "moji_custom_set_syncs_total", dimensions: [("outcome", "failed")], factory: factory)
    }

    /// One request answered: counted, and its time from arrival to answer recorded.
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let key = RequestKey(method: method, route: route, status: status)
        // Few keys (routes × methods × statuses): each metric is made once and kept.
        let metrics = requests.withLock { requests in
            if let found = requests[key] { return found }
            let dimensions = [("method", method), ("route", route), ("status", String(status))]
            let made = CountAndDuration(
                count: CoreMetrics.Counter(label: "moji_http_requests_total", dimensions: dimensions, factory: factory),
                duration: CoreMetrics.Timer(
                    label: "moji_http_request_duration_seconds", dimensions: dimensions, factory: factory))
            requests[key] = made
            return made
        }
        metrics.record(duration)
    }

    /// One call to the users' database (`sqlite` or `postgresql`), from the request's side: its
    /// time includes the wait for a connection of the pool or a thread of the store's queue, so a
    /// database that is slow or short of connections shows here first.
    func recordStoreCall(database: String, operation: String, failed: Bool, duration: Duration) {
        let key = StoreCallKey(database: database, operation: operation, failed: failed)
        let metrics = storeCalls.withLock { calls in
            if let found = calls[key] { return found }
            let dimensions = [("database", database), ("operation", operation), ("outcome", failed ? "error" : "ok")]
            let made = CountAndDuration(
                count: CoreMetrics.Counter(
                    label: "moji_user_store_calls_total", dimensions: dimensions, factory: factory),
                duration: CoreMetrics.Timer(
                    label: "moji_user_store_call_duration_seconds", dimensions: dimensions, factory: factory))
            calls[key] = made
            return made
        }
        metrics.record(duration)
    }

    /// A search answer found in the cache (`hit`) or searched and stored.
    func recordSearchCacheLookup(hit: Bool) {
        (hit ? searchHits : searchMisses).increment()
    }

    /// One set's background sync: `synced` or `failed`.
    func recordSync(succeeded: Bool) {
        (succeeded ? syncsSucceeded : syncsFailed).increment()
    }

    /// The registry in Prometheus's text exposition format.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
