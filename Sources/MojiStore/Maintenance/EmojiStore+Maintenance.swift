import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension EmojiStore {
    /// Checks a database file without changing it and tells its ``StoreCondition`` apart: not
    /// created yet, healthy, read-only, of a newer schema, unreadable for a reason outside the file
    /// (no space, I/O error, permissions), another program's database, or damaged.
    public static func check(at url: URL = StoreLocation.defaultURL()) -> StoreHealth {
        var health = StoreHealth(path: url.standardizedFileURL.path)
        let path = health.path
        func found(_ condition: StoreCondition, _ problem: String? = nil) -> StoreHealth {
            health.condition = condition
            if let problem { health.problems.append(problem) }
            health.isHealthy = condition == .healthy || condition == .notCreated
            return health
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return health }
            health.exists = true
            return found(.unavailable, "cannot look at the file: \(systemReason())")
        }
        health.exists = true
        guard info.st_mode & S_IFMT == S_IFREG else {
            return found(.unavailable, "it is not a regular file (a directory, a device or a FIFO)")
        }
        // SQLite writes the first page before anything else, so an empty file (with no write-ahead
        // log holding data) is a first start that was interrupted, e.g. by SIGKILL: nothing to lose.
        if info.st_size == 0, fileSize(path + "-wal") ?? 0 == 0 { return health }
        guard access(path, R_OK) == 0 else { return found(.unavailable, "cannot read it: \(systemReason())") }

        var condition = StoreCondition.healthy
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(15)
            // In a read-only directory with no -wal or -shm file, SQLite opens it only as immutable.
            let queue = try DatabaseQueue(path: StoreFileAccess(path: path).readerPath, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                let tables = try String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                        """)
                let migrator = StoreSchema.migrator
                if tables.isEmpty {
                    condition = .notCreated
                    return
                }
                let others = tables.filter { $0 != "grdb_migrations" }
                if !others.isEmpty, !["usage", "clock", "changeLog"].contains(where: tables.contains) {
                    condition = .foreign
                    health.problems.append(
                        "it has none of Moji's tables, but tables of another program: "
                            + others.prefix(5).joined(separator: ", "))
                    return
                }
                if try migrator.hasBeenSuperseded(db) {
                    condition = .newerSchema
                    let unknown = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                        .filter { !migrator.migrations.contains($0) }
                    health.problems.append(
                        "its schema has changes this Moji does not know: "
                            + unknown.prefix(5).joined(separator: ", "))
                    return
                }
                let report = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                if report != ["ok"] {
                    condition = .damaged
                    health.problems += report.prefix(10).map { "integrity check: \($0)" }
                }
                let applied = try migrator.appliedIdentifiers(db)
                health.schemaVersion = migrator.migrations.last { applied.contains($0) }
                if try db.tableExists("usage"), try db.tableExists("clock") {
                    health.totalUses = try ScoreDecay.clock(db)
                    health.items = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM usage")
                    if health.problems.isEmpty, try migrator.hasCompletedMigrations(db) {
                        health.invalidRows = try invalidRows(
                            in: db, catalog: .shared,
                            decay: StoreConfiguration().decay, repairing: false)
                    }
                } else {
                    condition = .damaged
                    health.problems.append("Moji's tables are missing")
                }
            }
        } catch {
            let shown = conditionShown(by: error)
            _ = found(shown, problem(from: error))
            if shown == .readOnly { health.problems.append("its content cannot be checked without write access") }
            if shown == .unavailable, let full = noSpaceLeft(beside: path) { health.problems.append(full) }
            return health
        }
        if condition == .healthy, let reason = unwritableReason(path) {
            return found(.readOnly, reason)
        }
        if condition == .healthy, !health.invalidRows.isEmpty {
            return found(
                .invalidRows,
                "\(health.invalidRows.count) rows hold values out of range, as a hand-edited "
                    + "database or a damaged program leaves them")
        }
        return found(condition)
    }

    /// Repairs a damaged database: builds a new one beside it under a temporary name, carrying
    /// over whatever user data could still be read, and only once it is complete renames it into
    /// place, keeping the damaged file (and its -wal and -shm files) as
    /// `<name>.broken-<timestamp>`. Nothing is ever deleted, and the path never lacks a database.
    ///
    /// Only a ``StoreCondition/damaged`` database is repaired. A healthy one or one not created
    /// yet is left alone; any other condition throws ``StoreError/cannotRepair(path:reason:)``
    /// saying what to do instead, and leaves it untouched. A symbolic link is followed: the
    /// repaired file replaces its target, in the target's directory.
    ///
    /// Close other processes that use the database first: they would keep writing to the moved file.
    public static func repair(
        at url: URL = StoreLocation.defaultURL(),
        configuration: StoreConfiguration = StoreConfiguration()
    )
        throws(StoreError) -> StoreRepair
    {
        let url = url.standardizedFileURL
        let path = url.path
        var before = check(at: url)
        try refuseUnlessDamaged(before)
        if before.condition == .invalidRows {
            // Only rows out of range: fixed in place, nothing moved aside.
            let rows = try EmojiStore(url: url, configuration: configuration).repairRows()
            return StoreRepair(before: before, movedAside: [], salvaged: false, rows: rows)
        }
        if before.condition != .damaged { return StoreRepair(before: before, movedAside: [], salvaged: false) }
        let lock = try OpenLock(path: path + ".lock")
        // Another process may have repaired it while this one waited for the lock.
        before = check(at: url)
        try refuseUnlessDamaged(before)
        if before.condition != .damaged { return StoreRepair(before: before, movedAside: [], salvaged: false) }

        let output: OutputFile
        do { output = try OutputFile(path: path) } catch {
            throw .cannotRepair(path: path, reason: error.reason)
        }
        guard case .regularFile(let destination, _, _) = output.target else {
            throw .cannotRepair(path: path, reason: "it is not a regular file.")
        }
        let salvage = salvageExport(at: url, decay: configuration.decay)
        let replacement = try buildReplacement(for: output, salvage: salvage, configuration: configuration)
        let moved: [String]
        do {
            moved = try swap(replacement, into: output, destination: destination)
        } catch {
            removeDatabaseFiles(replacement)
            throw error
        }
        _ = consume lock
        return StoreRepair(before: before, movedAside: moved, salvaged: salvage != nil)
    }

    /// Throws for the conditions repair must not touch, saying what to do instead.
    private static func refuseUnlessDamaged(_ health: StoreHealth) throws(StoreError) {
        let problems = health.problems.joined(separator: "; ")
        let reason: String
        switch health.condition {
        case .healthy, .notCreated, .damaged, .invalidRows:
            return
        case .newerSchema:
            reason =
                "it was written by a newer version of Moji; repairing it would replace it with an older store. "
                + "Upgrade Moji."
        case .readOnly:
            reason = "it cannot be written (\(problems)). Make it and its directory writable; it needs no repair."
        case .unavailable:
            reason =
                "it could not be read (\(problems)), which is a problem of the disk or the system, not of the "
                + "database. Free some space or fix the cause (the path, the permissions), "
                + "then run `moji store check` again."
        case .foreign:
            reason = "it is another program's database (\(problems)). Point MOJI_HOME or --database at Moji's."
        }
        throw .cannotRepair(path: health.path, reason: reason)
    }

    /// Creates the new database under a temporary name beside `output`, with `salvage` imported,
    /// checkpointed into one file and checked; removes it again on any failure.
    private static func buildReplacement(
        for output: OutputFile, salvage: StoreExport?,
        configuration: StoreConfiguration
    ) throws(StoreError) -> String {
        let temporary: String
        do { temporary = try output.makeTemporaryFile() } catch {
            throw .cannotRepair(path: output.path, reason: error.reason)
        }
        do throws(StoreError) {
            let store = try EmojiStore(url: URL(fileURLWithPath: temporary), configuration: configuration)
            if let salvage { try store.importData(salvage.droppingInvalidEntries(catalog: configuration.catalog)) }
            do {
                // Everything into the main file, so that file alone is the complete database.
                try store.checkpointAndClose()
            } catch {
                throw StoreError.wrapping(error, path: temporary)
            }
            guard fileSize(temporary + "-wal") ?? 0 == 0 else {
                throw StoreError.database(path: temporary, reason: "its write-ahead log was not checkpointed")
            }
            let health = check(at: URL(fileURLWithPath: temporary))
            removeSideFiles(of: temporary)
            guard health.condition == .healthy else {
                throw StoreError.database(path: temporary, reason: health.problems.joined(separator: "; "))
            }
        } catch {
            removeDatabaseFiles(temporary)
            let reason = error.code == .database ? error.reason ?? error.description : error.description
            throw .cannotRepair(
                path: output.path,
                reason: "cannot build the repaired database beside it (\(reason)). "
                    + "Free some space or fix the cause, then run `moji store repair` again.")
        }
        return temporary
    }

    /// Keeps the damaged files under `.broken-<timestamp>` names and renames `replacement` over
    /// the database; on failure puts back what was moved. Returns the names the files now have.
    private static func swap(
        _ replacement: String, into output: OutputFile,
        destination: String
    ) throws(StoreError) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: Date())
        var base = "\(destination).broken-\(stamp)"
        var attempt = 1
        while ["", "-wal", "-shm"].contains(where: { FileManager.default.fileExists(atPath: base + $0) }) {
            attempt += 1
            base = "\(destination).broken-\(stamp)-\(attempt)"
        }
        // The old -wal must go first: SQLite would replay it into the new file.
        var movedSideFiles: [(from: String, to: String)] = []
        func undo() {
            for file in movedSideFiles.reversed() { rename(file.to, file.from) }
        }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: destination + suffix) {
            guard rename(destination + suffix, base + suffix) == 0 else {
                let reason = systemReason()
                undo()
                throw .cannotRepair(path: output.path, reason: "cannot move \(destination + suffix) aside (\(reason)).")
            }
            movedSideFiles.append((destination + suffix, base + suffix))
        }
        // A second name for the damaged file, then one atomic rename: the path always holds a database.
        let linked = link(destination, base) == 0
        if !linked, rename(destination, base) != 0 {
            let reason = systemReason()
            undo()
            throw .cannotRepair(path: output.path, reason: "cannot move it aside (\(reason)).")
        }
        do {
            try output.commit(replacement)
        } catch {
            if linked { unlink(base) } else { rename(base, destination) }
            undo()
            throw .cannotRepair(path: output.path, reason: error.reason)
        }
        return [base] + movedSideFiles.map(\.to)
    }

    /// Which of the database, its -wal, -shm and lock file, or their directory cannot be written.
    private static func unwritableReason(_ path: String) -> String? {
        if access(path, W_OK) != 0 { return "the file cannot be written: \(systemReason())" }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let directoryWritable = access(directory, W_OK) == 0
        let directoryReason = directoryWritable ? "" : systemReason()
        for side in [path + "-wal", path + "-shm", path + ".lock"] {
            if access(side, F_OK) == 0 {
                if access(side, W_OK) != 0 { return "\(side) cannot be written: \(systemReason())" }
            } else if !directoryWritable {
                return "its directory \(directory) cannot be written: \(directoryReason)"
            }
        }
        return nil
    }

    /// The sentence for a failure to read the database; its path is the subject already.
    private static func problem(from error: any Error) -> String {
        let error = StoreError.wrapping(error, path: "")
        return switch error.code {
        case .notADatabase: "not a SQLite database: \(error.reason ?? "")"
        case .busy: "another process held it locked for 15 seconds"
        case .database: "SQLite: \(error.reason ?? "")"
        default: error.description
        }
    }

    /// Says so when the file system holding `path` has no space left for this user.
    private static func noSpaceLeft(beside path: String) -> String? {
        var info = statvfs()
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard statvfs(directory, &info) == 0, info.f_bavail == 0 else { return nil }
        return "the file system holding it has no space left"
    }

    /// Maps a failure to read the database to the condition it shows.
    private static func conditionShown(by error: any Error) -> StoreCondition {
        guard let error = error as? DatabaseError else { return .unavailable }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .damaged
        case .SQLITE_READONLY: return .readOnly
        // No space, I/O errors, permissions, locks: the disk or the system, not the content.
        default: return .unavailable
        }
    }

    /// Removes a temporary database and the files SQLite and ``OpenLock`` put beside it.
    private static func removeDatabaseFiles(_ path: String) {
        unlink(path)
        removeSideFiles(of: path)
    }

    private static func removeSideFiles(of path: String) {
        for suffix in ["-wal", "-shm", ".lock"] { unlink(path + suffix) }
    }

    private static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }

    /// Reads what it can from a damaged file; nil when nothing is readable.
    private static func salvageExport(at url: URL, decay: Double) -> StoreExport? {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: url.path, configuration: configuration) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db in try export(db, decay: decay) }
    }
}
