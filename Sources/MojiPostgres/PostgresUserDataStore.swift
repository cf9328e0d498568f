import Foundation
import Moji
import MojiStore
import NIOCore
import PostgresNIO
import ServiceLifecycle
import _ConnectionPoolModule

/// The users' data in one PostgreSQL database that many `moji serve` instances share.
///
/// ```swift
/// let users = try await PostgresUserDataStore(
///     configuration: .init(host: "127.0.0.1", port: 5432, username: "moji", password: nil, database: "moji", tls: .disable))
/// try await users.recordUse(of: StoreItem(key: "🎉"), for: "ada")
/// await users.close()
/// ```
///
/// Opening runs the schema's migrations (``PostgresSchema``) under an advisory lock, so instances
/// that start together apply each one once. Concurrency is the database's: a use is one
/// statement that writes only if the user's version is the one it started from (see
/// ``recordUse(of:for:)``), and every other change is one short transaction that first locks the
/// user's row and moves that version, so one user's changes from any number of instances apply
/// one after another, while different users never wait for each other. Scores are computed in
/// Swift with MojiStore's own arithmetic, so the same uses give the same scores as
/// ``/MojiStore/SQLiteUserDataStore``, bit for bit.
///
/// Its connection pool (a `PostgresClient`) runs for as long as the store is used. By default
/// the store runs it itself, from its start until ``close()``: right for a command or a test.
/// A server runs it as a `Service` of its group instead (``ClientRunner/serviceGroup``, as
/// `moji serve` does): the group starts it with the server and stops it last, after the requests
/// in flight; `MojiServer` adds the store to its group.
public final class PostgresUserDataStore: UserDataStore, Service {
    public let configuration: StoreConfiguration
    /// How the database is named in errors: `PostgreSQL database moji at 127.0.0.1:5432`.
    public let databaseName: String
    /// How long one call may wait for the database (a connection, its statements) before it fails
    /// with ``/MojiStore/StoreError/unavailable(database:reason:)``: without a bound, a call made
    /// while the server is down waits for it to come back.
    public let timeout: Duration
    let client: PostgresClient
    let logger: Logger
    /// Who runs the connection pool.
    public let runner: ClientRunner
    /// The pool's task when the store runs it itself (``ClientRunner/store``).
    private let ownRun: Task<Void, Never>?
    /// Open once someone runs the connection pool: calls wait for it (within their deadline) rather than
    /// lease a connection from a pool that nothing runs yet.
    let clientStarted = OneShotGate()
    /// Whether a service group called ``run()``: the pool runs once.
    private let ranAsService = Locked(false)
    /// What this instance last knew of each user's usage (see ``recordUse(of:for:)``).
    let useStates = UseStateCache()
    /// The users known to have a row (and their seeded defaults): users are never deleted here, so
    /// a user seen once needs no further check.
    private let knownUsers = Locked(Set<String>())
    /// The pool's last failed connection attempt, told with a timeout so that a wrong password,
    /// role or database, or a refused port, is not mistaken for a slow server.
    let lastConnectionFailure = Locked<(reason: String, at: ContinuousClock.Instant)?>(nil)

    /// Connects to the database, applies missing migrations and records the decay.
    ///
    /// With ``ClientRunner/serviceGroup``, the migrations run on a connection of their own, closed
    /// before this returns, and the store's pool waits for a service group to ``run()`` it.
    ///
    /// - Throws: ``/MojiStore/StoreError/unavailable(database:reason:)`` when the server cannot be reached,
    ///   ``/MojiStore/StoreError/newerSchema(database:)`` when a newer Moji migrated it, and
    ///   ``/MojiStore/StoreError/unsupported(operation:database:)`` when it was scored with another decay
    ///   (rescaling is not done on PostgreSQL yet).
    public init(
        configuration postgres: PostgresClient.Configuration,
        storeConfiguration: StoreConfiguration = StoreConfiguration(),
        timeout: Duration = .seconds(10), logger: Logger = Logger(label: "moji.postgres"),
        runner: ClientRunner = .store
    ) async throws(StoreError) {
        precondition(
            storeConfiguration.decay > 0 && storeConfiguration.decay <= 1, "StoreConfiguration.decay must be in (0, 1]")
        configuration = storeConfiguration
        self.timeout = timeout
        self.runner = runner
        let place = postgres.host.map { "\($0):\(postgres.port ?? 5432)" } ?? postgres.unixSocketPath ?? "?"
        databaseName = "PostgreSQL database \(postgres.database ?? postgres.username) at \(place)"
        self.logger = logger
        var poolLogger = logger
        poolLogger.handler = ConnectionFailureRecorder(inner: logger.handler, lastFailure: lastConnectionFailure)
        var postgres = postgres
        // A statement waiting for a lock (another change of the same user) gives up a little before
        // the call does, and is then undone by the server: a caller told that a change failed
        // does not see it land afterwards.
        let lockLimit = Int((timeout * 0.8) / .milliseconds(1))
        postgres.options.additionalStartupParameters.append(("lock_timeout", "\(max(lockLimit, 1))ms"))
        let client = PostgresClient(configuration: postgres, backgroundLogger: poolLogger)
        self.client = client
        switch runner {
        case .store:
            ownRun = Task { await client.run() }
            clientStarted.open()
        case .serviceGroup:
            ownRun = nil
        }
        do {
            switch runner {
            case .store:
                try await prepare(using: client)
            case .serviceGroup:
                // A pool of one connection, run here and closed when the migrations are done.
                var setup = postgres
                setup.options.maximumConnections = 1
                setup.options.minimumConnections = 0
                let setupClient = PostgresClient(configuration: setup, backgroundLogger: poolLogger)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await setupClient.run() }
                    defer { group.cancelAll() }
                    try await self.prepare(using: setupClient)
                }
            }
        } catch {
            await close()
            throw storeError(error)
        }
    }

    /// Applies missing migrations and records the decay, through `client`.
    private func prepare(using client: PostgresClient) async throws {
        let name = databaseName
        let logger = logger
        try await bounded(waitingForClient: false) {
            try await PostgresSchema.migrate(client, logger: logger, database: name)
        }
        try await adoptDecay(using: client)
    }

    /// Connects to the database a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` URL names, with
    /// at most `maximumConnections` connections, and applies missing migrations.
    ///
    /// ```swift
    /// let users = try await PostgresUserDataStore(url: "postgres://moji@db.example/moji", maximumConnections: 8)
    /// ```
    ///
    /// `timeout` bounds each call (see ``timeout``) and each attempt to connect, so a server that is
    /// down is reported within it, not after the pool's own longer waits.
    ///
    /// - Throws: ``/MojiStore/StoreError/invalidDatabaseURL(_:reason:)`` for a URL that is not one,
    ///   and the errors of ``init(configuration:storeConfiguration:timeout:logger:runner:)``.
    public convenience init(
        url: String, storeConfiguration: StoreConfiguration = StoreConfiguration(), maximumConnections: Int = 8,
        timeout: Duration = .seconds(5), logger: Logger = Logger(label: "moji.postgres"),
        runner: ClientRunner = .store
    ) async throws(StoreError) {
        var postgres = try Self.clientConfiguration(url: url)
        postgres.options.maximumConnections = max(maximumConnections, 1)
        postgres.options.connectTimeout = timeout
        try await self.init(
            configuration: postgres, storeConfiguration: storeConfiguration, timeout: timeout, logger: logger,
            runner: runner)
    }

    /// Stops the connection pool the store runs itself (``ClientRunner/store``); later calls fail.
    /// A pool a service group runs stops with the group.
    public func close() async {
        ownRun?.cancel()
        await ownRun?.value
    }

    /// Runs the connection pool until the service group shuts down gracefully or the task is
    /// cancelled (``ClientRunner/serviceGroup``); for a store that runs its pool itself
    /// (``ClientRunner/store``), waits for that shutdown, then closes the store. Calls made before
    /// the pool runs wait for it, within their deadline. The pool runs once: a second call returns.
    public func run() async throws {
        switch runner {
        case .serviceGroup:
            let first = ranAsService.withLock { ran in
                defer { ran = true }
                return !ran
            }
            guard first else { return }
            clientStarted.open()
            await client.run()
        case .store:
            try? await gracefulShutdown()
            await close()
        }
    }

    /// Records the decay on a new database; refuses one scored with another decay.
    private func adoptDecay(using client: PostgresClient) async throws(StoreError) {
        let decay = configuration.decay
        let stored = try await run(using: client) { client, _ in
            try await client.query(
                "INSERT INTO moji_meta (key, value) VALUES ('decay', \("\(decay)")) ON CONFLICT (key) DO NOTHING")
            let rows = try await client.query("SELECT value FROM moji_meta WHERE key = 'decay'")
            for try await value in rows.decode(String.self) { return Double(value) }
            return nil
        }
        guard stored == decay else {
            throw .unsupported(
                operation:
                    "rescaling scores to decay \(decay) (the database was scored with \(stored.map { "\($0)" } ?? "none"))",
                database: databaseName)
        }
    }

    // MARK: Running statements

    /// Runs `body` with the store's client (or `other`, which runs already), turning every
    /// failure into a ``/MojiStore/StoreError``.
    @discardableResult
    func run<T: Sendable>(
        using other: PostgresClient? = nil, _ body: @escaping @Sendable (PostgresClient, Logger) async throws -> T
    ) async throws(StoreError) -> T {
        let client = other ?? client
        let logger = logger
        do {
            return try await bounded(waitingForClient: other == nil) { try await body(client, logger) }
        } catch {
            throw storeError(error)
        }
    }

    /// Runs `body`, or gives up after `limit` (default ``timeout``) and cancels it. The answer comes
    /// at the limit even when `body` does not heed the cancellation at once (a connection being
    /// made, a statement on a server that went away): a caller is never held longer than the
    /// limit (its deadline is a task scheduled on an event loop of NIO's). Giving up does not undo a statement the server already runs:
    /// a use that times out may still land, as one whose connection breaks may; statements that
    /// wait for a lock give up by themselves a little before the limit (`lock_timeout`), so a use
    /// stuck behind another change does not land after its caller was told it failed.
    ///
    /// With `waitingForClient` (the default), `body` starts once the store's pool runs
    /// (``clientStarted``), so the wait counts against the limit.
    func bounded<T: Sendable>(
        within limit: Duration? = nil, waitingForClient: Bool = true, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let timeout = limit ?? timeout
        let started = waitingForClient ? clientStarted : nil
        let name = databaseName
        let failures = lastConnectionFailure
        let outcome = FirstOutcome<T>()
        // A scheduled task of NIO's, not a Swift task sleeping until then: arming and cancelling one
        // is a heap entry on an event loop, cheaper than the call's own work.
        let deadline = PostgresClient.defaultEventLoopGroup.any().scheduleTask(
            in: .nanoseconds(Int64(timeout / .nanoseconds(1)))
        ) {
            var reason = "no answer within \(timeout)"
            // A failure of the last few timeouts explains this one; an older one may not.
            if let failure = failures.withLock({ $0 }), ContinuousClock.now - failure.at < timeout * 3 {
                reason += "; the last connection attempt failed: \(failure.reason)"
            }
            outcome.finish(.failure(StoreError.unavailable(database: name, reason: reason)))
        }
        defer { deadline.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.start(continuation)
                outcome.own(
                    Task {
                        do {
                            await started?.wait()
                            // The wait also ends when the deadline cancelled this task: the caller
                            // was answered, and on a pool that never runs the work would wait forever.
                            try Task.checkCancellation()
                            outcome.finish(.success(try await body()))
                        } catch {
                            outcome.finish(.failure(error))
                        }
                    })
            }
        } onCancel: {
            outcome.finish(.failure(CancellationError()))
        }
    }

    // MARK: Health

    public var databaseKind: String { "postgresql" }

    /// Runs `SELECT 1`, waiting at most 2 s (or ``timeout`` when shorter): a health check must
    /// answer before a load balancer gives up on it.
    public func checkAvailability() async throws(StoreError) {
        let client = client
        let logger = logger
        do {
            _ = try await bounded(within: min(timeout, .seconds(2))) {
                try await client.query("SELECT 1", logger: logger)
                return true
            }
        } catch {
            throw storeError(error)
        }
    }

    /// Runs `body` in one transaction that holds `user`'s row lock and moves their version
    /// (creating the user, with their seeded defaults, first if needed): one user's changes apply
    /// one after another, whichever instance makes them.
    @discardableResult
    func withUserTransaction<T: Sendable>(
        _ user: String, within limit: Duration? = nil,
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(StoreError) -> T {
        for attempt in 1...2 {
            try await ensureUser(user)
            // The change moves the user's version: what this instance knew of them is stale.
            useStates.forget(user)
            let logger = logger
            let client = client
            do {
                // What is left of the limit (a use's deadline, after its tries without a lock).
                return try await bounded(within: limit.map { max($0, .milliseconds(1)) }) {
                    try await client.withTransaction(logger: logger) { connection in
                        // Locks the row and moves the user's version: a use recorded without a
                        // transaction (recordUse) that read the data before this change then
                        // finds the version moved and does not write over it.
                        let locked = try await connection.query(
                            "UPDATE moji_user SET version = \(PostgresSchema.newVersion()) WHERE user_name = \(user) RETURNING 1",
                            logger: logger)
                        var exists = false
                        for try await _ in locked { exists = true }
                        guard exists else { throw UserRowMissing() }
                        return try await body(connection, logger)
                    }
                }
            } catch {
                // The row went away after this instance saw it (removed by hand, or a restore of an
                // older copy): forget the user and create the row again, once.
                if attempt == 1, Self.isUserRowMissing(error) {
                    knownUsers.withLock { _ = $0.remove(user) }
                    continue
                }
                throw storeError(error)
            }
        }
        throw .database(database: databaseName, reason: "the row of user \(user) cannot be kept")
    }

    private struct UserRowMissing: Error {}

    private static func isUserRowMissing(_ error: any Error) -> Bool {
        if error is UserRowMissing { return true }
        if let error = error as? PostgresTransactionError, let inner = error.closureError {
            return inner is UserRowMissing
        }
        return false
    }

    /// Creates `user`'s row and seeds their default frequent emoji once, as a new SQLite store is
    /// seeded: a user who never used anything sees the same frequent list on both databases.
    func ensureUser(_ user: String) async throws(StoreError) {
        guard APIToken.isValidUser(user) else { throw .invalidUserName(user) }
        if knownUsers.withLock({ $0.contains(user) }) { return }
        let seeds = ScoreDecay.seeds(configuration)
        let decay = configuration.decay
        let logger = logger
        let client = client
        do {
            try await bounded {
                try await client.withTransaction(logger: logger) { connection in
                    // Two instances creating the same user: the second waits on the key, then inserts
                    // nothing and seeds nothing.
                    let inserted = try await connection.query(
                        "INSERT INTO moji_user (user_name) VALUES (\(user)) ON CONFLICT DO NOTHING RETURNING 1",
                        logger: logger)
                    var isNew = false
                    for try await _ in inserted { isNew = true }
                    guard isNew else { return }
                    for (key, score) in seeds {
                        try await connection.query(
                            """
                            INSERT INTO moji_usage (user_name, item, score, scored_at, rank, use_count)
                            VALUES (\(user), \(key), \(score), 0, \(ScoreDecay.rank(score: score, at: 0, decay: decay)), 0)
                            """, logger: logger)
                    }
                }
            }
        } catch {
            throw storeError(error)
        }
        knownUsers.withLock { _ = $0.insert(user) }
    }

    /// A failure as a ``/MojiStore/StoreError``: a lost or refused connection is ``/MojiStore/StoreError/unavailable(database:reason:)``.
    func storeError(_ error: any Error) -> StoreError {
        switch error {
        case let error as StoreError:
            return error
        case let error as PostgresTransactionError:
            if let inner = error.closureError ?? error.beginError ?? error.commitError { return storeError(inner) }
            return .database(database: databaseName, reason: "\(error)")
        case let error as PSQLError:
            if let state = error.serverInfo?[.sqlState] {
                // Class 57 (operator intervention: shutdown, admin_shutdown) and 08 (connection exception).
                if state.hasPrefix("57") || state.hasPrefix("08") {
                    return .unavailable(database: databaseName, reason: error.serverInfo?[.message] ?? state)
                }
                return .database(database: databaseName, reason: "\(state): \(error.serverInfo?[.message] ?? "")")
            }
            return .unavailable(database: databaseName, reason: "\(error.code)")
        case let error as ConnectionPoolError:
            // The pool's own: its circuit breaker trips when no connection could be made for the
            // connect timeout; a closed pool or a cancelled wait for a connection answers nothing.
            switch error {
            case .connectionCreationCircuitBreakerTripped:
                return .unavailable(database: databaseName, reason: "no connection could be made")
            case .poolShutdown: return .unavailable(database: databaseName, reason: "the store is closed")
            default: return .unavailable(database: databaseName, reason: "the wait for a connection was cancelled")
            }
        default:
            return .database(database: databaseName, reason: "\(error)")
        }
    }

    /// The SQL state of a server error (e.g. `23505`, a unique key taken), if it is one.
    static func sqlState(_ error: any Error) -> String? {
        switch error {
        case let error as PostgresTransactionError: error.closureError.flatMap(sqlState)
        case let error as PSQLError: error.serverInfo?[.sqlState]
        default: nil
        }
    }
}
