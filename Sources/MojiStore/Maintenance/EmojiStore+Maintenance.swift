import Foundation
import GRDB

extension EmojiStore {
    /// Checks a database file without changing it: does it open, pass `PRAGMA integrity_check`,
    /// and hold a schema this Moji reads?
    public static func check(at url: URL = StoreLocation.defaultURL()) -> StoreHealth {
        let path = url.standardizedFileURL.path
        var health = StoreHealth(path: path, exists: FileManager.default.fileExists(atPath: path),
                                 isHealthy: true, problems: [])
        guard health.exists else { return health }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(15)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { db in
                let report = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                if report != ["ok"] { health.problems += report.prefix(10).map { "integrity check: \($0)" } }
                let migrator = StoreSchema.migrator
                if try migrator.hasBeenSuperseded(db) {
                    health.problems.append("the schema is newer than this Moji reads; upgrade Moji")
                }
                let applied = try migrator.appliedIdentifiers(db)
                health.schemaVersion = migrator.migrations.last { applied.contains($0) }
                if try db.tableExists("usage"), try db.tableExists("clock") {
                    health.totalUses = try ScoreDecay.clock(db)
                    health.items = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM usage")
                    if health.problems.isEmpty, try migrator.hasCompletedMigrations(db) {
                        health.invalidRows = try invalidRows(in: db, catalog: .shared,
                                                             decay: StoreConfiguration().decay, repairing: false)
                    }
                } else {
                    health.problems.append("no Moji tables: this SQLite file was not made by Moji")
                }
            }
            try queue.close()
        } catch {
            health.problems.append("\(StoreError.wrapping(error, path: path))")
        }
        health.isHealthy = health.problems.isEmpty && health.invalidRows.isEmpty
        return health
    }

    /// Repairs a damaged database: moves it (and its -wal and -shm files) aside as
    /// `<name>.broken-<timestamp>`, never deleting anything, creates a fresh one, and carries
    /// over whatever user data could still be read. A healthy database is left alone.
    ///
    /// Close other processes that use the database first: they would keep writing to the moved file.
    public static func repair(at url: URL = StoreLocation.defaultURL(),
                              configuration: StoreConfiguration = StoreConfiguration()) throws(StoreError) -> StoreRepair {
        let url = url.standardizedFileURL
        let before = check(at: url)
        guard !before.isHealthy else { return StoreRepair(before: before, movedAside: [], salvaged: false) }
        if before.problems.isEmpty {
            // Only rows out of range: fixed in place, nothing moved aside.
            let rows = try EmojiStore(url: url, configuration: configuration).repairRows()
            return StoreRepair(before: before, movedAside: [], salvaged: false, rows: rows)
        }
        let salvage = salvageExport(at: url, decay: configuration.decay)
        var moved: [String] = []
        do {
            let lock = try OpenLock(path: url.path + ".lock")
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyyMMdd-HHmmss"
            let stamp = formatter.string(from: Date())
            for suffix in ["", "-wal", "-shm"] {
                let source = url.path + suffix
                guard FileManager.default.fileExists(atPath: source) else { continue }
                var target = "\(url.path).broken-\(stamp)\(suffix)"
                var attempt = 1
                while FileManager.default.fileExists(atPath: target) {
                    attempt += 1
                    target = "\(url.path).broken-\(stamp)-\(attempt)\(suffix)"
                }
                do {
                    try FileManager.default.moveItem(atPath: source, toPath: target)
                } catch {
                    throw StoreError.database(path: source, reason: "cannot move it aside: \(error.localizedDescription)")
                }
                moved.append(target)
            }
            _ = consume lock
        }
        let store = try EmojiStore(url: url, configuration: configuration)
        if let salvage { try store.importData(salvage.droppingInvalidEntries(catalog: configuration.catalog)) }
        return StoreRepair(before: before, movedAside: moved, salvaged: salvage != nil)
    }

    /// Reads what it can from a damaged file; nil when nothing is readable.
    private static func salvageExport(at url: URL, decay: Double) -> StoreExport? {
        guard let queue = try? DatabaseQueue(path: url.path) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db in try export(db, decay: decay) }
    }
}
