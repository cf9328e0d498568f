import Foundation
import Logging
import MojiPostgres
import MojiStore

/// Where `moji serve` and `moji serve token` keep the users' data and the API tokens: `--database`,
/// else `MOJI_DATABASE_URL`. A `postgres://` (or `postgresql://`) URL picks PostgreSQL, shared by
/// every instance that names it; a path, or nothing, keeps SQLite with the store path rules of
/// every other command (MOJI_HOME, XDG).
enum ServeDatabase {
    /// The SQLite store at this path (nil: the default store).
    case sqlite(path: String?)
    /// The PostgreSQL database this URL names.
    case postgres(url: String)

    init(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let text = option ?? environment["MOJI_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        if let text, Self.namesPostgres(text) { self = .postgres(url: text) } else { self = .sqlite(path: text) }
    }

    /// Whether `text` has a PostgreSQL scheme. `postgres:` without `//` counts too, so that a
    /// mistyped URL is reported as one rather than taken for a file name.
    static func namesPostgres(_ text: String) -> Bool {
        let lowercased = text.lowercased()
        return lowercased.hasPrefix("postgres:") || lowercased.hasPrefix("postgresql:")
    }

    /// What `--database` says in the help of `serve` and `serve token`.
    static let help =
        "The database: a file (default: $MOJI_HOME/moji.sqlite, else $XDG_DATA_HOME/moji/moji.sqlite), "
        + "or postgres://USER[:PASSWORD]@HOST[:PORT]/DB to keep the users' data and tokens in PostgreSQL. "
        + "Default: $MOJI_DATABASE_URL. A password belongs there or in $PGPASSWORD: other users can read a "
        + "command line."

    /// Connects to PostgreSQL at `url`, or fails (exit 5) with a message that names the host, port
    /// and database, never the password.
    ///
    /// `runner`: `.serviceGroup` for `moji serve`, whose server runs the pool in its group.
    static func openPostgres(
        url: String, configuration: StoreConfiguration = StoreConfiguration(), connections: Int = 8,
        timeout: TimeInterval = 5, runner: PostgresUserDataStore.ClientRunner = .store
    ) async throws -> PostgresUserDataStore {
        // Standard error, not standard output (which says where the server listens), and warnings
        // only: every failed connection attempt of an outage would be an info line; /v1/health and
        // the 503 answers say it.
        var logger = Logger(label: "moji.postgres") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        do {
            return try await PostgresUserDataStore(
                url: url, storeConfiguration: configuration, maximumConnections: connections,
                timeout: .milliseconds(Int64(timeout * 1000)), logger: logger, runner: runner)
        } catch {
            switch error.code {
            case .invalidDatabaseURL:
                throw CommandFailure(message: error.description, code: .usage)
            case .unavailable:
                throw CommandFailure(
                    message: "\(error.description) Check that PostgreSQL runs there and accepts this user.",
                    code: .storeFailure)
            default:
                throw CommandFailure(message: error.description, code: .storeFailure)
            }
        }
    }
}
