import Foundation
import Logging
import Moji
import MojiStore
import MojiSync
import Prometheus

#if canImport(Glibc)
    import Glibc
#endif

/// Where a ``MojiServer`` listens, which store it serves, and the limits it holds clients to.
///
/// ```swift
/// var configuration = ServerConfiguration()     // 127.0.0.1:8080, the default store
/// configuration.port = 0                        // any free port (tests)
/// let server = try await MojiServer.start(configuration)
/// ```
public struct ServerConfiguration: Sendable {
    /// The address to bind: `127.0.0.1` by default, so nothing is served to the network unless asked.
    public var host: String
    /// The port to bind; 0 lets the system choose one (``MojiServer/port`` tells which).
    public var port: Int
    /// The database file: by default `$MOJI_HOME/moji.sqlite`, else `$XDG_DATA_HOME/moji/moji.sqlite`,
    /// as the CLI resolves it (``/MojiStore/StoreLocation/defaultURL(environment:)``).
    public var storeURL: URL
    /// The store's settings (busy timeout and the rest).
    public var store: StoreConfiguration
    /// What clients may ask for at most.
    public var limits: ServerLimits
    /// The image cache's directory, whose files `GET /v1/images/{sha256}.{ext}` serves and the
    /// background refresh fills: by default ``/MojiSync/ImageCache/defaultDirectory(environment:)``,
    /// the one the CLI uses.
    public var imageDirectory: URL
    /// The origins that may call the API from a browser (`https://example.com`, or `*` for any);
    /// empty by default: no CORS headers at all.
    public var corsOrigins: [String]
    /// Whether custom sets that are due are synced in the background while the server runs
    /// (`moji serve --no-refresh` or `MOJI_NO_REFRESH=1` turn it off).
    public var refreshesCustomSets: Bool
    /// How often the background refresh looks for due sets; ten minutes by default.
    public var refreshCheckInterval: Duration
    /// With shared custom sets (``MojiServer/start(_:catalog:userData:customSets:stopsOnTerminationSignals:)``):
    /// how often the server asks the shared database whether they changed; two seconds by default.
    public var customSetMirrorInterval: Duration = .seconds(2)
    /// What times the server: the waits between refresh checks and between mirror updates, the
    /// syncs' claim renewals and retries, the token cache's lifetime and the rate limits' refill.
    /// The system's continuous clock; a test may give one it moves itself.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// Requests per second per API token on the `/v1/me` routes (429 past it), or nil for no limit.
    public var rateLimit: RateLimit?
    /// How many search answers are kept, encoded, to answer the same query again without searching
    /// (twice this many at most; each a few KB). 0 keeps none. They are dropped when the custom emoji
    /// change.
    public var searchCacheEntries: Int
    /// The newest Emoji version the catalog routes (`/v1/emoji`, `/v1/search`, `/v1/picker-data`)
    /// show when a request names no `max-version`; nil shows every emoji. `moji serve --supported`
    /// sets it to what the machine's emoji font draws, for clients that draw with that font.
    public var defaultMaximumVersion: EmojiVersion?
    /// Where `GET /metrics` reads from, and the server records into: requests and latency per route,
    /// method and status (`moji_http_requests_total`, `moji_http_request_duration_seconds`), search
    /// answers from the cache or searched (`moji_search_cache_lookups_total`) and background syncs
    /// (`moji_custom_set_syncs_total`). Nil by default: no `/metrics` route and nothing recorded.
    /// `moji serve --metrics` sets one.
    public var metrics: PrometheusCollectorRegistry?
    /// Where the server says what goes wrong in the background (a sync or a mirror that fails, a
    /// token that cannot be checked), at `warning` and `notice` level: swift-log's `moji.serve`
    /// logger by default, whatever the process bootstrapped (standard error if nothing).
    public var logger = Logger(label: "moji.serve")
    /// Where the request log goes: one line per request at `info` level, in logfmt
    /// (`method=GET path=/v1/search route=/v1/search status=200 duration_ms=0.412`; never the query,
    /// which is what people type). Nil by default. `moji serve --log-requests` sends it to standard error.
    public var requestLogger: Logger?

    /// A configuration; every argument has the default `moji serve` uses.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, storeURL: URL = StoreLocation.defaultURL(),
        store: StoreConfiguration = StoreConfiguration(), limits: ServerLimits = ServerLimits(),
        imageDirectory: URL = ImageCache.defaultDirectory(), corsOrigins: [String] = [],
        refreshesCustomSets: Bool = true, refreshCheckInterval: Duration = .seconds(600),
        rateLimit: RateLimit? = nil, searchCacheEntries: Int = 4096
    ) {
        self.host = host
        self.port = port
        self.storeURL = storeURL
        self.store = store
        self.limits = limits
        self.imageDirectory = imageDirectory
        self.corsOrigins = corsOrigins
        self.refreshesCustomSets = refreshesCustomSets
        self.refreshCheckInterval = refreshCheckInterval
        self.rateLimit = rateLimit
        self.searchCacheEntries = searchCacheEntries
    }

    /// Whether ``host`` only reaches this machine (`127.0.0.0/8`, `::1`, `localhost`).
    public var isLoopback: Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

/// The limits a ``MojiServer`` holds every request to; past one a client gets a problem, never a
/// slow or huge answer.
public struct ServerLimits: Sendable, Hashable {
    /// The largest request body, in bytes (413 past it).
    public var bodyBytes: Int
    /// The longest path and the longest query string, each in bytes as sent (414 past it).
    public var queryLength: Int
    /// The most results one search may ask for with `limit` (400 past it).
    public var resultCount: Int
    /// Large answers made at once (catalog listings not yet cached, text routes); past it a
    /// request gets 503 with `Retry-After`. Twice the processors by default: enough to keep
    /// them busy, few enough that health and searches still find a thread.
    public var heavyRequests: Int
    /// Seconds a request's body may take to arrive whole (408 past it): 64 KB needs far less on
    /// any network, and a body trickled a chunk a second cannot hold its connection.
    public var bodySeconds: Int
    /// Connections open at once; past it the server accepts no more until one closes (they wait
    /// in the system's queue), so it never runs out of file descriptors. Kept under the
    /// process's descriptor limit, less room for the databases and files.
    public var connections: Int

    /// Limits; the defaults suit a picker and a chat service.
    public init(
        bodyBytes: Int = 64 * 1024, queryLength: Int = 2048, resultCount: Int = 200,
        heavyRequests: Int = 2 * ProcessInfo.processInfo.activeProcessorCount, bodySeconds: Int = 10,
        connections: Int = 1024
    ) {
        self.bodyBytes = bodyBytes
        self.queryLength = queryLength
        self.resultCount = resultCount
        self.heavyRequests = max(1, heavyRequests)
        self.bodySeconds = max(1, bodySeconds)
        self.connections = max(1, connections)
    }

    /// ``connections``, lowered to leave 64 descriptors of the process's limit for everything else.
    var connectionLimit: Int {
        #if canImport(Glibc)
            var limit = rlimit()
            // RLIM_INFINITY is all ones: a value past Int's range means no limit.
            if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, let current = Int(exactly: limit.rlim_cur) {
                return max(1, min(connections, current - 64))
            }
        #endif
        return connections
    }
}
