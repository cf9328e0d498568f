import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Moji
import MojiStore
import MojiSync
import ServiceLifecycle

/// The Moji HTTP API: the catalog, search, text conversion, custom emoji and per-user data under
/// `/v1`, on Hummingbird.
///
/// ```swift
/// var configuration = ServerConfiguration(port: 0)
/// let server = try await MojiServer.start(configuration)
/// print(server.baseURL)          // http://127.0.0.1:41234
/// …
/// try await server.stop()        // requests in flight finish, then the store closes
/// ```
///
/// `moji serve` starts one that stops gracefully on SIGTERM and SIGINT (``start(_:catalog:userData:customSets:stopsOnTerminationSignals:)``)
/// and waits with ``waitUntilStopped()``.
///
/// ## Routes
/// - `GET /v1/health`: `{"status":"ok","catalog":"17.0","database":"sqlite"}`, or 503 problem details
///   saying what is not ready.
/// - `GET /v1/emoji/{emoji | hexcode | :shortcode:}?locale=`: an ``/MojiRepresentations/EmojiSummary``.
/// - `GET /v1/emoji?locale=&group=&subgroup=&max-version=&tones=`: ``/MojiRepresentations/EmojiSummary`` values in CLDR order.
/// - `GET /v1/groups?locale=&group=`: ``/MojiRepresentations/GroupSummary`` values.
/// - `GET /v1/locales`: ``/MojiRepresentations/LocaleSummary`` values.
/// - `GET /v1/search?q=&locale=&limit=&ranking=&max-version=&tone=`: ``/MojiRepresentations/SearchResultSummary`` values.
/// - `POST /v1/text/find` `{"text"}`: `{"matches":[…]}` of ``/MojiRepresentations/FoundEmojiSummary``.
/// - `POST /v1/text/emojify` `{"text","presets"?,"cldrLocale"?,"emoticons"?,"customSet"?,"html"?}`: `{"text"}`.
/// - `POST /v1/text/demojify` `{"text","preset"?,"cldrLocale"?}`: `{"text"}`.
/// - `GET /v1/custom`: ``/MojiRepresentations/CustomSetSummary`` values.
/// - `GET|HEAD /v1/images/{sha256}.{ext}`: a cached custom emoji image.
///
/// Per-user routes need `Authorization: Bearer <token>` (`moji serve token create USER`; 401
/// otherwise) and keep each user's data in the ``/MojiStore/UserDataStore`` given to
/// ``start(_:catalog:userData:customSets:stopsOnTerminationSignals:)`` (by default SQLite, a store of its own
/// per user); when that database does not answer, they answer 503 `database-unavailable` with
/// `Retry-After`, and serve again by themselves once it does. `/v1/users/{user}/…` is the same
/// for the token's own user and 403 for any other. With ``ServerConfiguration/rateLimit``, 429.
/// - `POST /v1/me/usage` `{"emoji"|"code"}`: records a use, answers its ``/MojiRepresentations/UsageSummary``.
/// - `GET /v1/me/frequent?limit=`, `GET /v1/me/recent?limit=`: ``/MojiRepresentations/UsageSummary`` values.
/// - `GET|PUT|POST /v1/me/pinned`, `DELETE /v1/me/pinned/{emoji | :code:}`: ``/MojiRepresentations/StoreItemSummary`` values.
/// - `GET /v1/me/collections`, `GET|PUT|DELETE /v1/me/collections/{name}`,
///   `POST /v1/me/collections/{name}/items`, `DELETE /v1/me/collections/{name}/items/{emoji | :code:}`:
///   ``/MojiRepresentations/CollectionSummary`` values.
/// - `GET /v1/me/tones`, `PUT /v1/me/tones/default`, `PUT /v1/me/tones/{emoji}`: a ``/MojiRepresentations/SkinToneSummary``.
///
/// Catalog answers carry a strong `ETag` and `Cache-Control`, and answer a matching `If-None-Match`
/// with 304. Answers of 1 KiB or more are gzipped for clients that accept it; CORS headers go to the
/// ``ServerConfiguration/corsOrigins`` only; due custom sets are refreshed in the background.
/// Every error is ``ProblemDetails``.
///
/// With ``ServerConfiguration/metrics``, `GET /metrics` shows the server's figures in Prometheus's
/// text format; with ``ServerConfiguration/requestLogger``, each request is logged on one line.
public final class MojiServer: Sendable {
    /// The configuration it was started with (``ServerConfiguration/port`` may be 0; see ``port``).
    public let configuration: ServerConfiguration
    /// The port it listens on: the configured one, or the one the system chose for 0.
    public let port: Int
    /// Why the store could not be opened, if it could not: the catalog is still served, and
    /// `/v1/health` answers 503 with this.
    public let storeError: StoreError?
    private let service: CatalogService
    private let users: UserRoutes
    /// The routes it answers (for tests, and the OpenAPI document's check).
    let routes: RouteDirectory
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(
        configuration: ServerConfiguration, port: Int, service: CatalogService, users: UserRoutes,
        routes: RouteDirectory, group: ServiceGroup, task: Task<Void, any Error>
    ) {
        self.configuration = configuration
        self.port = port
        self.service = service
        self.users = users
        self.routes = routes
        self.group = group
        self.task = task
        if case .failure(let error) = service.store { storeError = error } else { storeError = nil }
    }

    /// The search answers the server keeps (for tests).
    var searchAnswerCache: ResponseCache { service.searchAnswers }
    /// The catalog answers kept (for tests).
    var catalogAnswerCache: ResponseCache { service.catalogAnswers }

    /// `http://<host>:<port>`, e.g. `http://127.0.0.1:8080`.
    public var baseURL: URL {
        let host =
            configuration.host.contains(":") && !configuration.host.hasPrefix("[")
            ? "[\(configuration.host)]" : configuration.host
        return URL(string: "http://\(host):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Opens the store, binds the address and returns once the server listens.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen, which store, and the limits.
    ///   - catalog: The catalog to serve; the bundled one by default.
    ///   - userData: Where the users' data and the API tokens live: nil keeps them in SQLite beside
    ///     the store (``/MojiStore/SQLiteUserDataStore``); a PostgreSQL store (module MojiPostgres)
    ///     lets many instances share them. The server closes it when it stops; a store that is a
    ///     `Service` (MojiPostgres's) runs in the server's service group, which stops it last. Its configuration's
    ///     catalog should be `catalog`, which the routes resolve emoji in.
    ///   - customSets: A database that holds the custom sets of many instances (PostgreSQL: module
    ///     MojiPostgres's store), or nil to keep them in the store alone. With one, the server
    ///     mirrors the database's sets into its store at start and whenever they change (asked every
    ///     ``ServerConfiguration/customSetMirrorInterval``), keeps serving the last mirrored ones
    ///     while the database does not answer, and its background refresh syncs due sets in the
    ///     database, one instance per set. Images stay in each instance's own image cache.
    ///   - stopsOnTerminationSignals: Whether SIGTERM and SIGINT stop it gracefully, as `moji serve`
    ///     wants; false by default, so a test's process keeps its own handlers.
    /// - Throws: ``MojiServerError/cannotListen(host:port:reason:)`` when the address cannot be bound.
    public static func start(
        _ configuration: ServerConfiguration = ServerConfiguration(), catalog: EmojiCatalog = .shared,
        userData: (any UserDataStore)? = nil, customSets: (any SharedCustomSetStore)? = nil,
        stopsOnTerminationSignals: Bool = false
    ) async throws -> MojiServer {
        let store = Result { () throws(StoreError) in
            try EmojiStore(url: configuration.storeURL, configuration: configuration.store)
        }
        await WebAsset.load()
        let imageCache = ImageCache(directory: configuration.imageDirectory)
        var mirror: CustomSetMirror?
        if let customSets, case .success(let store) = store {
            mirror = CustomSetMirror(shared: customSets, store: store, cache: imageCache)
        }
        // The users' stores resolve emoji in the catalog the server serves, as the routes do.
        var userConfiguration = configuration.store
        userConfiguration.catalog = catalog
        let userStores: any UserDataStore =
            userData
            ?? SQLiteUserDataStore(
                mainStore: store, mainStoreURL: configuration.storeURL, configuration: userConfiguration)
        let routing = ServerRouting(
            configuration: configuration, catalog: catalog, store: store, userStores: userStores)
        let (service, users) = (routing.service, routing.users)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var application = Application(
            router: routing.router,
            // A connection with nothing to say for 30 s is closed, so idle or stalled clients cannot
            // hold file descriptors (or a shutdown) forever.
            server: .http1(configuration: HTTP1Channel.Configuration(idleTimeout: .seconds(30))),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                // Past the limit no connection is accepted until one closes: at the descriptor
                // limit the accept loop would otherwise spin on EMFILE.
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.limits.connectionLimit)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            }
        )
        let (firstMirror, firstMirrorDone) = AsyncStream<Void>.makeStream()
        if let started = mirror, let customSets, case .success(let store) = store {
            let logger = configuration.logger
            application.beforeServerStarts {
                defer { firstMirrorDone.finish() }
                // Before listening, so the first answers already have the shared sets; a database
                // that does not answer now leaves the store's last mirror, and the service retries.
                do throws(StoreError) {
                    let before = await BlockingIO.run { (try? store.custom.sets().map(\.name)) ?? [] }
                    try await started.update()
                    // Sets of the store from before it shared them (or removed elsewhere since the
                    // last start) are gone now: say which, since they were this instance's own.
                    let after = try await BlockingIO.run { () throws(StoreError) in
                        Set(try store.custom.sets().map { $0.name.lowercased() })
                    }
                    let dropped = before.filter { !after.contains($0.lowercased()) }
                    if !dropped.isEmpty {
                        let message =
                            "moji serve: the custom sets \(dropped.joined(separator: ", ")) of this instance's store are not in "
                            + "\(customSets.databaseName) and are no longer served; `moji custom add NAME … --database "
                            + "postgres://…` shares a set with every instance."
                        logger.warning("\(message)")
                    }
                } catch {
                    let message =
                        "moji serve: the custom sets cannot be mirrored from \(customSets.databaseName) yet; "
                        + "serving the ones mirrored last: \(error)"
                    logger.warning("\(message)")
                }
            }
        }
        // `moji serve` prints its own line; Hummingbird's start-up log would repeat it.
        application.logger.logLevel = .critical
        // A database store that is a Service (MojiPostgres's, whose connection pool the group runs)
        // comes first: the group stops it last, after the requests in flight.
        var services: [any Service] = Self.storeServices(userData, customSets) + [application]
        if let mirror {
            services.append(
                CustomSetMirroring(
                    mirror: mirror, interval: configuration.customSetMirrorInterval, clock: configuration.clock,
                    logger: configuration.logger, startsAfter: firstMirror))
        }
        if configuration.refreshesCustomSets, case .success(let store) = store {
            if let customSets {
                var sync = SharedCustomSetSync(shared: customSets, cache: imageCache)
                sync.clock = configuration.clock
                services.append(
                    CustomSetRefresher(
                        shared: sync, interval: configuration.refreshCheckInterval, metrics: service.metrics,
                        logger: configuration.logger))
            } else {
                var sync = CustomSetSync(store: store, cache: imageCache)
                sync.clock = configuration.clock
                services.append(
                    CustomSetRefresher(
                        sync: sync, interval: configuration.refreshCheckInterval, metrics: service.metrics,
                        logger: configuration.logger))
            }
        }
        var groupConfiguration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: stopsOnTerminationSignals ? [.sigterm, .sigint] : [],
            logger: application.logger)
        // Requests in flight get 10 s to finish; a client that never finishes sending cannot hold
        // a shutdown past that.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(10)
        let group = ServiceGroup(configuration: groupConfiguration)
        let (failures, failureContinuation) = AsyncStream<String>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            do {
                try await group.run()
            } catch {
                failureContinuation.yield("\(error)")
                throw error
            }
            failureContinuation.finish()
        }
        var port = 0
        for await listening in ports {
            port = listening
            break
        }
        guard port > 0 else {
            failureContinuation.finish()
            var reason = "the server stopped before it listened"
            for await failure in failures {
                reason = failure
                break
            }
            if case .success(let store) = store { try? store.close() }
            await userStores.close()
            throw MojiServerError.cannotListen(host: configuration.host, port: configuration.port, reason: reason)
        }
        return MojiServer(
            configuration: configuration, port: port, service: service, users: users, routes: routing.directory,
            group: group,
            task: task)
    }

    /// The stores among `userData` and `customSets` that are services, each once (one PostgreSQL
    /// store is often both).
    private static func storeServices(
        _ userData: (any UserDataStore)?, _ customSets: (any SharedCustomSetStore)?
    ) -> [any Service] {
        var services: [any Service] = []
        var seen: Set<ObjectIdentifier> = []
        for candidate in [userData as Any?, customSets as Any?] {
            guard let service = candidate as? any Service else { continue }
            if let object = candidate as? AnyObject, !seen.insert(ObjectIdentifier(object)).inserted { continue }
            services.append(service)
        }
        return services
    }

    /// Whether the store holds any API token (`moji serve` warns when serving to the network without).
    public func hasAPITokens() async -> Bool {
        (try? await users.stores.apiTokens().isEmpty == false) ?? false
    }

    /// Stops listening, lets the requests in flight finish, then closes the store (folding its
    /// write-ahead log into the database).
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await waitUntilStopped()
    }

    /// Waits until the server has stopped (by ``stop()`` or a shutdown signal) and closes the store.
    public func waitUntilStopped() async throws {
        let outcome = await task.result
        await users.stores.close()
        if case .success(let store) = service.store { try store.close() }
        try outcome.get()
    }
}

/// Why a ``MojiServer`` did not start.
public enum MojiServerError: Error, Sendable, CustomStringConvertible {
    /// The address could not be bound (in use, not this machine's, no permission).
    case cannotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .cannotListen(let host, let port, let reason):
            if reason.contains("Address already in use") || reason.contains("errno: 98") {
                "cannot listen on \(host):\(port): the port is in use by another program (another moji serve?). "
                    + "Stop it, or choose another port with --port (--port 0 lets the system pick one)."
            } else if reason.contains("Cannot assign requested address") || reason.contains("errno: 99") {
                "cannot listen on \(host):\(port): \(host) is not an address of this machine. "
                    + "Use 127.0.0.1, 0.0.0.0 (every address) or one that `ip addr` lists."
            } else if reason.contains("Permission denied") || reason.contains("errno: 13") {
                "cannot listen on \(host):\(port): ports below 1024 need privileges; choose a port of 1024 or more."
            } else {
                "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }
}
