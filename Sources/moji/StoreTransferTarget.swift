import ArgumentParser
import Foundation
import MojiPostgres
import MojiStore

/// What `moji store export`, `import` and `forget-queries` read or write: the store of `--database` as always, or,
/// with `--user NAME`, that user's data of `moji serve`: in PostgreSQL for a `postgres://` URL, else
/// the user's own file beside the SQLite store (`users/NAME.sqlite`, where `moji serve` keeps it).
/// So a user moves between the two databases with one export and one import.
enum StoreTransferTarget {
    case store(StoreOptions)
    case sqliteUser(name: String, url: URL, options: StoreOptions)
    case postgresUser(name: String, url: String)

    /// What `--user` says in the help of `export` and `import`.
    static let userHelp = ArgumentHelp(
        "A user of `moji serve`: their data in PostgreSQL (with --database postgres://USER@HOST[:PORT]/DB), "
            + "else in users/NAME.sqlite beside the store.",
        valueName: "name")

    /// The target of `options` and `user`; only `--database` names PostgreSQL here (MOJI_DATABASE_URL is
    /// `moji serve`'s, and a personal store must not move to a server's database by surprise).
    init(options: StoreOptions, user: String?) throws(CommandFailure) {
        let name = user?.lowercased()
        if let user, let name, !APIToken.isValidUser(name) {
            throw CommandFailure(message: StoreError.invalidUserName(user).description, code: .usage)
        }
        switch ServeDatabase(option: options.database, environment: [:]) {
        case .postgres(let url):
            guard let name else {
                throw CommandFailure(
                    message:
                        "a PostgreSQL database holds the data of every user of `moji serve`: say whose with --user NAME.",
                    code: .usage)
            }
            self = .postgresUser(name: name, url: url)
        case .sqlite:
            guard let name else {
                self = .store(options)
                return
            }
            let url = options.url.deletingLastPathComponent().appendingPathComponent("users", isDirectory: true)
                .appendingPathComponent("\(name).sqlite")
            self = .sqliteUser(name: name, url: url, options: options)
        }
    }

    /// The data as an export.
    func export() async throws -> StoreExport {
        switch self {
        case .store(let options):
            // Not closed here: closing checkpoints, which waits for another process's write, and an
            // export must answer at once while one runs. The process ends right after.
            let store = try options.openStore()
            return try storeCall { () throws(StoreError) in try store.maintenance.export() }
        case .sqliteUser(let name, let url, let options):
            let store = try Self.openExisting(user: name, at: url, options: options)
            return try storeCall { () throws(StoreError) in try store.maintenance.export() }
        case .postgresUser(let name, let url):
            return try await Self.withPostgres(url) { store throws(StoreError) in try await store.export(user: name) }
        }
    }

    /// Replaces the data with `export`'s; returns a note when part of it was not taken.
    func importData(_ export: StoreExport) async throws -> String? {
        switch self {
        case .store(let options):
            let store = try options.openStore()
            try storeCall { () throws(StoreError) in try store.maintenance.importData(export) }
        case .sqliteUser(_, let url, let options):
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let store = try Self.open(url, options: options)
            defer { try? store.close() }
            try storeCall { () throws(StoreError) in try store.maintenance.importData(export) }
        case .postgresUser(let name, let url):
            try await Self.withPostgres(url) { store throws(StoreError) in try await store.importData(export, for: name)
            }
            let skipped = export.customEmoji.count + export.customSets.count
            if skipped > 0 {
                return "custom emoji and sets are not per user in PostgreSQL: \(export.customEmoji.count) custom "
                    + "emoji and \(export.customSets.count) sets were not imported."
            }
        }
        return nil
    }

    /// Forgets the picks search learned; returns how many (query, emoji) pairs went.
    func forgetQueries() async throws -> Int {
        switch self {
        case .store(let options):
            let store = try options.openStore()
            return try storeCall { () throws(StoreError) in try store.usage.forgetQueries() }
        case .sqliteUser(let name, let url, let options):
            let store = try Self.openExisting(user: name, at: url, options: options)
            defer { try? store.close() }
            return try storeCall { () throws(StoreError) in try store.usage.forgetQueries() }
        case .postgresUser(let name, let url):
            return try await Self.withPostgres(url) { store throws(StoreError) in
                try await store.forgetQueries(for: name)
            }
        }
    }

    /// The store of a user of `moji serve` that has one: a missing file is a user that does not
    /// exist (exit 1), not one to create.
    private static func openExisting(user name: String, at url: URL, options: StoreOptions) throws -> EmojiStore {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CommandFailure(
                message: "\(name) has no data at \(url.path): no such user of `moji serve` on this store.",
                code: .notFound)
        }
        return try open(url, options: options)
    }

    private static func open(_ url: URL, options: StoreOptions) throws -> EmojiStore {
        var configuration = StoreConfiguration()
        configuration.busyTimeout = try options.busyTimeout()
        return try storeCall { () throws(StoreError) in try EmojiStore(url: url, configuration: configuration) }
    }

    /// Runs `body` with the PostgreSQL store at `url` (exit 5 with host, port and database named when it
    /// cannot be reached), and closes it.
    private static func withPostgres<T: Sendable>(
        _ url: String, _ body: @Sendable (PostgresUserDataStore) async throws(StoreError) -> T
    ) async throws -> T {
        do {
            let store = try await ServeDatabase.openPostgres(url: url)
            do {
                let value = try await body(store)
                await store.close()
                return value
            } catch {
                await store.close()
                throw error
            }
        } catch let error as StoreError {
            // With the exit code of its kind, as every store command reports it.
            return try storeCall { () throws(StoreError) -> T in throw error }
        }
    }

}
