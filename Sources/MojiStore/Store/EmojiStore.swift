import Foundation
import GRDB
import Moji

/// Usage scores, the frequent, recent and pinned lists, collections, skin-tone preferences,
/// custom emoji and their sets in one SQLite file that many processes share safely (WAL mode,
/// one `DatabasePool` per process).
///
/// What the store keeps is reached through its facets, views of the one database that each
/// gather one concern: ``usage``, ``favorites``, ``skinTones``, ``custom`` and ``maintenance``.
///
/// ```swift
/// let store = try EmojiStore()                       // $MOJI_HOME/moji.sqlite or the XDG location
/// try store.usage.recordUse(of: EmojiCatalog.shared.emoji(for: "👍🏽")!)
/// try store.usage.frequent().map(\.displayItem)      // by score: [👍🏽, 😂, ❤️, …]
/// try store.usage.recent()                           // most recent first, de-duplicated
/// try store.favorites.pin(StoreItem(key: "🚀"))
/// try store.skinTones.setPreferred([.light, .dark], for: handshake)
/// ```
///
/// ## Topics
///
/// ### Opening and closing
///
/// - ``init(configuration:)``
/// - ``init(url:configuration:)``
/// - ``close()``
/// - ``hasLostItsFile``
///
/// ### Facets
///
/// - ``usage``
/// - ``Usage``
/// - ``favorites``
/// - ``Favorites``
/// - ``skinTones``
/// - ``SkinTones``
/// - ``custom``
/// - ``Custom``
/// - ``maintenance``
/// - ``Maintenance``
///
/// ### API tokens of `moji serve`
///
/// The main store keeps them; the server and `moji serve token` reach them through
/// ``UserDataStore`` (package access on the store itself).
///
/// - ``APIToken``
///
/// ### Changes
///
/// - ``changes(in:pollingInterval:)``
///
/// ### Checking and repairing the file
///
/// - ``check(at:)``
/// - ``repair(at:configuration:)``
public final class EmojiStore: Sendable {
    /// The database file.
    public let url: URL
    /// The parameters this store was opened with.
    public let configuration: StoreConfiguration
    /// Whether the file or its directory cannot be written: reads work, and every change throws
    /// ``StoreError/readOnly(path:)``.
    public let isReadOnly: Bool
    /// Read-only connections. Reads never take a write lock, so in WAL mode they never wait
    /// for a writer, and a read-only file or directory can still be read.
    let pool: DatabasePool
    /// The read-write connection, opened by the first write (or by opening a file that needs
    /// setting up), so a process that only reads never writes, not even at open.
    private let writer: StoreWriter
    /// The file's identity when it was opened, to tell when it is deleted or replaced.
    private let openedFile: StoreFileIdentity?

    /// Opens (creating it with its directory if needed) the database at
    /// ``StoreLocation/defaultURL(environment:)``.
    public convenience init(configuration: StoreConfiguration = StoreConfiguration()) throws(StoreError) {
        try self.init(url: StoreLocation.defaultURL(), configuration: configuration)
    }

    /// Opens the database at `url`, creating the file and its directory if needed, marking,
    /// migrating and seeding it once. A database that needs none of this opens without writing.
    ///
    /// - Throws: ``StoreError/notADatabase(path:reason:)`` for a file that is not a database,
    ///   ``StoreError/foreignDatabase(path:tables:)`` for another program's database,
    ///   ``StoreError/newerSchema(path:)`` for one written by a newer Moji, and
    ///   ``StoreError/readOnly(path:)`` for a read-only one that cannot be read as it is.
    public init(url: URL, configuration: StoreConfiguration = StoreConfiguration()) throws(StoreError) {
        self.url = url.standardizedFileURL
        self.configuration = configuration
        let path = self.url.path
        let access = StoreFileAccess(path: path)
        isReadOnly = access.isReadOnly
        var queue: DatabaseQueue?
        do {
            if !access.hasDatabase {
                if access.isReadOnly { throw StoreError.readOnly(path: path) }
                try StoreLocation.createDirectory(for: self.url)
                queue = try Self.setUp(path: path, configuration: configuration)
            }
            pool = try Self.openReaders(access: access, configuration: configuration)
            let state = try pool.read { db in try StoreSchema.state(db, decay: configuration.decay) }
            if let tables = state.foreignTables { throw StoreError.foreignDatabase(path: path, tables: tables) }
            if state.isNewer { throw StoreError.newerSchema(path: path) }
            if !state.isCurrent, queue == nil {
                if access.isReadOnly {
                    // Reading needs only the tables; seeding and rescaling wait for a writable file.
                    guard state.isMigrated else { throw StoreError.readOnly(path: path) }
                } else {
                    queue = try Self.setUp(path: path, configuration: configuration)
                }
            }
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
        writer = StoreWriter(queue)
        openedFile = StoreFileIdentity(path: path)
    }

    /// Whether the file this store opened was deleted or replaced since (`rm users/ada.sqlite*`
    /// under a running server): its connections still work, on a file no one will open again, so
    /// what is written now would be lost. Open the store anew, which creates the file again.
    public var hasLostItsFile: Bool {
        StoreFileIdentity(path: url.path) != openedFile
    }

    // MARK: Database access

    /// Reads in a snapshot, mapping every failure to a ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try pool.read(body) } catch { throw StoreError.wrapping(error, path: url.path) }
    }

    /// Writes in one immediate transaction that also bumps the change versions of `areas`.
    func write<T>(_ areas: [StoreArea], _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            let path = url.path
            return try writerQueue().writeWithoutTransaction { db in
                var result: T?
                // Immediate: the write lock is taken (waiting up to the busy timeout) before
                // anything is read, so concurrent writers queue instead of failing on upgrade.
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    for area in areas {
                        try db.cachedStatement(sql: "UPDATE changeLog SET version = version + 1 WHERE area = ?")
                            .execute(arguments: [area.rawValue])
                    }
                    return .commit
                }
                guard let result else { throw StoreError.database(path: path, reason: "the write did not run") }
                return result
            }
        } catch {
            throw StoreError.wrapping(error, path: url.path)
        }
    }

    /// The read-write connection, opened on first use.
    func writerQueue() throws -> DatabaseQueue {
        if isReadOnly { throw StoreError.readOnly(path: url.path) }
        let path = url.path
        let configuration = configuration
        return try writer.queue {
            try DatabaseQueue(path: path, configuration: Self.writerConfiguration(configuration))
        }
    }

    /// Folds the write-ahead log into the main file and closes every connection, so the main
    /// file alone is the complete database (repair renames it into place).
    func checkpointAndClose() throws {
        let queue = try writerQueue()
        try queue.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try pool.close()
        try queue.close()
    }

    // MARK: Opening

    static func writerConfiguration(_ configuration: StoreConfiguration) -> Configuration {
        var database = Configuration()
        database.busyMode = .timeout(configuration.busyTimeout)
        database.label = "MojiStore"
        // As GRDB sets for its pools: in WAL mode, NORMAL is durable across application crashes.
        database.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        return database
    }

    /// The read-only pool; an `immutable` one when the directory cannot be written and no
    /// other process has the database open (no -wal or -shm file): SQLite could not create the
    /// shared-memory file a WAL reader needs, and nothing can change the file meanwhile.
    static func openReaders(access: StoreFileAccess, configuration: StoreConfiguration) throws -> DatabasePool {
        var database = Configuration()
        database.readonly = true
        database.busyMode = .timeout(configuration.busyTimeout)
        database.label = "MojiStore"
        return try DatabasePool(path: access.readerPath, configuration: database)
    }

    /// Creates, marks, migrates and seeds the database under the open lock, so processes that
    /// open a fresh file at once do it one after another; returns the read-write connection.
    static func setUp(path: String, configuration: StoreConfiguration) throws -> DatabaseQueue {
        let lock = try OpenLock(path: path + ".lock")
        do {
            let queue = try setUpLocked(path: path, configuration: configuration)
            _ = consume lock
            return queue
        } catch {
            _ = consume lock
            throw error
        }
    }

    private static func setUpLocked(path: String, configuration: StoreConfiguration) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: path, configuration: writerConfiguration(configuration))
        // Read before anything is written: another program's file must stay as it is.
        let state = try queue.read { db in try StoreSchema.state(db, decay: configuration.decay) }
        if let tables = state.foreignTables { throw StoreError.foreignDatabase(path: path, tables: tables) }
        if state.isNewer { throw StoreError.newerSchema(path: path) }
        let journal = try queue.writeWithoutTransaction { db in
            try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        guard journal == "wal" else { throw StoreError.database(path: path, reason: "cannot switch to WAL mode") }
        try StoreSchema.migrator.migrate(queue)
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try db.execute(sql: "PRAGMA application_id = \(StoreSchema.applicationID)")
                try seedIfNeeded(db, configuration: configuration)
                try ScoreDecay.adoptDecay(configuration.decay, in: db)
                return .commit
            }
        }
        return queue
    }

    // MARK: Seeding

    /// Seeds the default frequent emoji unless this database was seeded before. Runs inside the
    /// opening write transaction, which SQLite serializes across processes, so racing
    /// processes seed exactly once.
    static func seedIfNeeded(_ db: Database, configuration: StoreConfiguration) throws {
        if try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'seeded'") != nil { return }
        try seedDefaults(db, configuration: configuration)
        try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('seeded', '1')")
    }

    /// Gives each default frequent emoji a score below one use (best first); adds to existing scores.
    static func seedDefaults(_ db: Database, configuration: StoreConfiguration) throws {
        let clock = try ScoreDecay.clock(db)
        let decay = try ScoreDecay.storedDecay(db) ?? configuration.decay
        for (key, seed) in ScoreDecay.seeds(configuration) {
            let current = try ScoreDecay.currentScore(of: key, clock: clock, decay: decay, in: db)
            let score = current + seed
            try db.execute(
                sql: """
                    INSERT INTO usage (item, score, scoredAt, rank, useCount) VALUES (?, ?, ?, ?, 0)
                    ON CONFLICT(item) DO UPDATE SET score = excluded.score, scoredAt = excluded.scoredAt, rank = excluded.rank
                    """, arguments: [key, score, clock, ScoreDecay.rank(score: score, at: clock, decay: decay)])
        }
    }
}
