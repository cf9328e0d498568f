import Foundation
import GRDB
import Moji

/// Usage scores, the frequent, recent and pinned lists, collections, skin-tone preferences and
/// custom emoji in one
/// SQLite file that many processes share safely (WAL mode, one `DatabasePool` per process).
///
/// ```swift
/// let store = try EmojiStore()                       // $MOJI_HOME/moji.sqlite or the XDG location
/// try store.recordUse(of: EmojiCatalog.shared.emoji(for: "👍🏽")!)
/// try store.frequent().map(\.displayItem)            // by score: [👍🏽, 😂, ❤️, …]
/// try store.recent()                                 // most recent first, de-duplicated
/// try store.setPreferredSkinTones([.light, .dark], for: handshake)
/// ```
///
/// ## Topics
///
/// ### Recording and reading usage
///
/// - ``recordUse(of:)-(Emoji)``
/// - ``frequent()``
/// - ``recent(limit:)``
/// - ``mostUsed(limit:)``
/// - ``score(for:)``
/// - ``usageScores()``
/// - ``clearAll()``
/// - ``clearScore(for:)``
///
/// ### Pinned emoji
///
/// - ``pinned()``
/// - ``pin(_:at:)``
/// - ``unpin(_:)``
/// - ``movePinned(_:to:)``
///
/// ### Collections
///
/// - ``collections()``
/// - ``collection(named:)``
/// - ``createCollection(named:)``
/// - ``deleteCollection(named:)``
/// - ``renameCollection(_:to:)``
/// - ``add(_:toCollection:at:)``
/// - ``remove(_:fromCollection:)``
/// - ``move(_:inCollection:to:)``
///
/// ### Skin tones
///
/// - ``setPreferredSkinTones(_:for:)``
/// - ``preferredSkinTones(for:)``
/// - ``skinTonePreferences()``
/// - ``setDefaultSkinTone(_:)``
/// - ``defaultSkinTone()``
/// - ``resolved(_:)``
///
/// ### Custom emoji
///
/// - ``addCustomEmoji(_:)``
/// - ``saveCustomEmoji(_:replacing:)``
/// - ``customEmoji(code:)``
/// - ``customEmojis()``
/// - ``removeCustomEmoji(code:)``
///
/// ### Changes
///
/// - ``changes(in:pollingInterval:)``
///
/// ### Maintenance
///
/// - ``check(at:)``
/// - ``repair(at:configuration:)``
/// - ``export()``
/// - ``importData(_:)``
public final class EmojiStore: Sendable {
    /// The database file.
    public let url: URL
    /// The parameters this store was opened with.
    public let configuration: StoreConfiguration
    let pool: DatabasePool

    /// Opens (creating it with its directory if needed) the database at
    /// ``StoreLocation/defaultURL(environment:)``.
    public convenience init(configuration: StoreConfiguration = StoreConfiguration()) throws(StoreError) {
        try self.init(url: StoreLocation.defaultURL(), configuration: configuration)
    }

    /// Opens the database at `url`, creating the file and its directory if needed, migrating the
    /// schema and seeding the default frequent emoji once.
    ///
    /// - Throws: ``StoreError/notADatabase(path:reason:)`` for a file that is not a Moji database,
    ///   ``StoreError/newerSchema(path:)`` for one written by a newer Moji.
    public init(url: URL, configuration: StoreConfiguration = StoreConfiguration()) throws(StoreError) {
        self.url = url.standardizedFileURL
        self.configuration = configuration
        let path = self.url.path
        try StoreLocation.createDirectory(for: self.url)
        let lock = try OpenLock(path: path + ".lock")
        do {
            var database = Configuration()
            database.busyMode = .timeout(configuration.busyTimeout)
            database.label = "MojiStore"
            pool = try DatabasePool(path: path, configuration: database)
            let migrator = StoreSchema.migrator
            if try pool.read(migrator.hasBeenSuperseded) { throw StoreError.newerSchema(path: path) }
            try migrator.migrate(pool)
            try pool.write { db in
                try Self.seedIfNeeded(db, configuration: configuration)
                try ScoreDecay.adoptDecay(configuration.decay, in: db)
            }
        } catch {
            _ = consume lock
            throw StoreError.wrapping(error, path: path)
        }
        _ = consume lock
    }

    // MARK: Database access

    /// Reads in a snapshot, mapping every failure to a ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try pool.read(body) } catch { throw StoreError.wrapping(error, path: url.path) }
    }

    /// Writes in one immediate transaction that also bumps the change versions of `areas`.
    func write<T>(_ areas: [StoreArea], _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write { db in
                let result = try body(db)
                for area in areas {
                    try db.cachedStatement(sql: "UPDATE changeLog SET version = version + 1 WHERE area = ?")
                        .execute(arguments: [area.rawValue])
                }
                return result
            }
        } catch {
            throw StoreError.wrapping(error, path: url.path)
        }
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
        var keys: [String] = []
        for text in configuration.defaultFrequentEmoji {
            let key = configuration.catalog.emoji(for: text)?.neutral.character ?? text
            if !keys.contains(key) { keys.append(key) }
        }
        for (offset, key) in keys.enumerated() {
            let seed = 0.5 * Double(keys.count - offset) / Double(keys.count)
            let current = try ScoreDecay.currentScore(of: key, clock: clock, decay: decay, in: db)
            let score = current + seed
            try db.execute(sql: """
                INSERT INTO usage (item, score, scoredAt, rank, useCount) VALUES (?, ?, ?, ?, 0)
                ON CONFLICT(item) DO UPDATE SET score = excluded.score, scoredAt = excluded.scoredAt, rank = excluded.rank
                """, arguments: [key, score, clock, ScoreDecay.rank(score: score, at: clock, decay: decay)])
        }
    }
}
