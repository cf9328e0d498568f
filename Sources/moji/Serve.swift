import ArgumentParser
import Dispatch
import Foundation
import Logging
import Moji
import MojiFontSupport
import MojiServer
import MojiStore
import Prometheus

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the emoji API over HTTP (on 127.0.0.1:8080 by default), and manage its API tokens.",
        discussion: """
            `moji serve [options]` serves (the `run` subcommand is the default); `moji serve token` creates, \
            lists and revokes the bearer tokens that the per-user routes under /v1/me need.
            """,
        subcommands: [Run.self, ServeToken.self],
        defaultSubcommand: Run.self
    )
}

extension Serve {
    /// Serving itself: the default subcommand, so `moji serve --port 0` works as it always did.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Serve the emoji API over HTTP (on 127.0.0.1:8080 by default).",
            discussion: """
                Serves the catalog, search and the store's custom emoji under /v1 as JSON: GET /v1/health, \
                /v1/emoji, /v1/emoji/{emoji}, /v1/groups, /v1/locales, /v1/search, /v1/picker-data, /v1/custom, \
                /v1/images/{sha256}.{ext} and /v1/openapi.json; POST /v1/text/find, /v1/text/emojify and \
                /v1/text/demojify; and each user's usage, pinned emoji, collections and skin tones under /v1/me \
                with a bearer token (`moji serve token create USER`). Errors are RFC 9457 problem details; \
                answers are gzipped for clients that accept it. Prints the address it listens on (with --port 0, \
                the port the system chose). SIGTERM or Ctrl+C stop it: requests in flight finish and the store \
                closes cleanly.

                While it runs, custom sets that are due are synced in the background with the rules of \
                `moji custom sync` (checked every 10 minutes); --no-refresh or MOJI_NO_REFRESH=1 turn this \
                off. Browsers on other sites may call the API only from the origins given with --cors-origin.

                With --database postgres://USER[:PASSWORD]@HOST[:PORT]/DB (or MOJI_DATABASE_URL), the users' data \
                and the API tokens live in PostgreSQL, which several `moji serve` instances can share; create \
                tokens with the same --database. The custom sets live there too: `moji custom add|sync|remove \
                --database postgres://…` change them, every instance mirrors them into its own store within \
                about 2 seconds (and keeps serving the last mirrored sets while PostgreSQL is down), the \
                background refresh syncs each due set on one instance only, and each instance fetches the \
                images into its own cache. While PostgreSQL does not answer, /v1/me answers 503 with \
                Retry-After and /v1/health says so; serving resumes by itself when it is back. Give a \
                password in MOJI_DATABASE_URL or PGPASSWORD, not on the command line, where every local \
                user can read it.
                """
        )

        @Option(help: "The address to listen on. Anything but loopback serves to the network.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on; 0 for any free port.")
        var port = 8080

        @Option(name: .long, help: ArgumentHelp(ServeDatabase.help, valueName: "path-or-url"))
        var database: String?

        @Option(
            name: .customLong("database-connections"),
            help: ArgumentHelp(
                "With PostgreSQL: the most connections to it at once; requests past them wait their turn.",
                valueName: "n"))
        var databaseConnections = 8

        @Option(
            name: .customLong("database-timeout"),
            help: ArgumentHelp(
                "With PostgreSQL: how long a request waits for it (to connect and answer) before it gets 503 with Retry-After.",
                valueName: "seconds"))
        var databaseTimeout = 5.0

        @Option(name: .customLong("max-body-bytes"), help: "The largest request body, in bytes.")
        var maxBodyBytes = ServerLimits().bodyBytes

        @Option(name: .customLong("max-query-length"), help: "The longest path or query string, in bytes.")
        var maxQueryLength = ServerLimits().queryLength

        @Option(name: .customLong("max-results"), help: "The most results a search may ask for.")
        var maxResults = ServerLimits().resultCount

        @Option(
            name: .customLong("rate-limit"),
            help: ArgumentHelp(
                "Requests per second each API token may send to /v1/me (burst the same); 429 past it. Default: no limit.",
                valueName: "n"))
        var rateLimit: Int?

        @Option(
            name: .customLong("cors-origin"),
            help: ArgumentHelp(
                "A site whose pages may call the API (e.g. https://example.com; * for any). Repeatable.",
                valueName: "origin"))
        var corsOrigins: [String] = []

        @Flag(name: .customLong("no-refresh"), help: "Do not sync due custom sets in the background.")
        var noRefresh = false

        @Flag(
            help: ArgumentHelp(
                "Serve GET /metrics in Prometheus's text format.",
                discussion:
                    "Requests and latency per route, method and status; search answers from the cache or searched; "
                    + "background syncs. Each instance counts its own."))
        var metrics = false

        @Flag(
            name: .customLong("log-requests"),
            help:
                "Write one logfmt line per request to standard error: method, path (never the query), route, status, duration."
        )
        var logRequests = false

        @Flag(
            help: ArgumentHelp(
                "Show only what this machine's emoji font draws (fontconfig), unless a request gives max-version.",
                discussion: "For clients that draw with the same font (a kiosk, an app on this machine)."))
        var supported = false

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
            for origin in corsOrigins where !Self.isOrigin(origin) {
                throw ValidationError(
                    "--cors-origin '\(origin)' is not an origin: give scheme://host[:port] without a path, e.g. https://example.com, or *."
                )
            }
            for (value, name) in [
                (maxBodyBytes, "--max-body-bytes"), (maxQueryLength, "--max-query-length"),
                (maxResults, "--max-results"),
            ]
            where value < 1 {
                throw ValidationError("\(name) must be 1 or more.")
            }
            if let rateLimit, rateLimit < 1 { throw ValidationError("--rate-limit must be 1 or more.") }
            guard (1...1_000).contains(databaseConnections) else {
                throw ValidationError("--database-connections must be from 1 to 1000.")
            }
            guard databaseTimeout.isFinite, databaseTimeout >= 0.1, databaseTimeout <= 3_600 else {
                throw ValidationError("--database-timeout must be from 0.1 to 3600 seconds.")
            }
        }

        func run() async throws {
            // The store as every other command finds it: --database (or MOJI_DATABASE_URL) when a path, else
            // MOJI_HOME, else XDG; MOJI_BUSY_TIMEOUT. With PostgreSQL it still holds the custom sets.
            let database = ServeDatabase(option: database)
            var storePath: String?
            if case .sqlite(let path) = database { storePath = path }
            let storeOptions = try StoreOptions.parse(storePath.map { ["--database", $0] } ?? [])
            var configuration = ServerConfiguration(host: host, port: port, storeURL: storeOptions.url)
            configuration.store.busyTimeout = try storeOptions.busyTimeout()
            configuration.limits = ServerLimits(
                bodyBytes: maxBodyBytes, queryLength: maxQueryLength, resultCount: maxResults)
            configuration.rateLimit = rateLimit.map { RateLimit(requestsPerSecond: Double($0), burst: $0) }
            configuration.corsOrigins = corsOrigins
            // As `moji pick` honours it.
            configuration.refreshesCustomSets =
                !noRefresh && ProcessInfo.processInfo.environment["MOJI_NO_REFRESH"] != "1"
            if supported { configuration.defaultMaximumVersion = Self.fontVersion() }
            if metrics { configuration.metrics = PrometheusCollectorRegistry() }
            if logRequests {
                configuration.requestLogger = Logger(label: "moji.requests") {
                    StreamLogHandler.standardError(label: $0)
                }
            }
            do {
                var userData: (any UserDataStore)?
                var customSets: (any SharedCustomSetStore)?
                if case .postgres(let url) = database {
                    let postgres = try await ServeDatabase.openPostgres(
                        url: url, configuration: configuration.store, connections: databaseConnections,
                        timeout: databaseTimeout, runner: .serviceGroup)
                    printError("users' data, tokens and custom sets: \(postgres.databaseName)")
                    userData = postgres
                    customSets = postgres
                }
                let server = try await MojiServer.start(
                    configuration, userData: userData, customSets: customSets, stopsOnTerminationSignals: true)
                if let error = server.storeError {
                    printError("warning: the store cannot be opened (/v1/health answers 503): \(error)")
                }
                // The catalog is public by design; only the per-user routes need a token.
                if !configuration.isLoopback, await !server.hasAPITokens() {
                    printError(
                        "warning: serving on \(host), to the network with no API tokens: /v1/me needs one; "
                            + "create one with `moji serve token create USER`.")
                }
                // Scripts read the first line's address; the second is for people.
                try printFlushed("listening on \(server.baseURL.absoluteString)")
                try printFlushed("the web picker's demo page: \(server.baseURL.absoluteString)/")
                try await server.waitUntilStopped()
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(message: "\(error)", code: error is StoreError ? .storeFailure : .ioFailure)
            }
        }

        /// The newest Emoji version the system's emoji font draws, said on standard error; nil (every
        /// emoji) when there is no emoji font, rather than a guess.
        static func fontVersion() -> EmojiVersion? {
            guard let font = EmojiFont.system() else {
                printError("--supported: no emoji font found (fontconfig matches none with 😀); serving every emoji.")
                return nil
            }
            guard let version = font.newestCoveredVersion(in: .shared) else {
                printError(
                    "--supported: the emoji font \(font.family) misses even the oldest emoji; serving every emoji.")
                return nil
            }
            printError(
                "--supported: emoji up to \(version) by default, what the emoji font \(font.family) draws; "
                    + "a request's max-version still decides.")
            return version
        }

        /// Whether `text` is `*` or a browser's origin: `http(s)://host[:port]`, no path, query or user.
        static func isOrigin(_ text: String) -> Bool {
            if text == "*" { return true }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https",
                let host = url.host, !host.isEmpty, url.user == nil, url.query == nil, url.fragment == nil,
                url.path.isEmpty || url.path == "/"
            else { return false }
            return true
        }
    }
}
