import Foundation
import GRDB
import Moji

extension EmojiStore {
    /// The work of `EmojiStore.Custom.addSet`.
    func addCustomSet(_ set: CustomSet) throws(StoreError) {
        if let problem = set.problem { throw .invalidCustomSet(name: set.name, reason: problem) }
        try write([.customSets]) { db in
            if let existing = try Self.storedSetName(set.name, in: db) { throw StoreError.duplicateCustomSet(existing) }
            var set = set
            if set.addedAt == nil { set.addedAt = Date() }
            try Self.insertCustomSet(set, in: db)
        }
    }

    /// The work of `EmojiStore.Custom.sets`.
    func customSets() throws(StoreError) -> [CustomSet] {
        try read(Self.fetchCustomSets)
    }

    /// The work of `EmojiStore.Custom.set`.
    func customSet(named name: String) throws(StoreError) -> CustomSet? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.customSetColumns) FROM customSet WHERE name = ?", arguments: [name]
            )
            .map(Self.customSet)
        }
    }

    /// The work of `EmojiStore.Custom.removeSet`.
    @discardableResult
    func removeCustomSet(named name: String) throws(StoreError) -> Bool {
        try write([.customSets, .customEmoji]) { db in
            try db.execute(sql: "DELETE FROM customEmoji WHERE setName = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM customSet WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    /// The work of `EmojiStore.Custom.emoji(inSet:)`.
    func customEmojis(inSet name: String) throws(StoreError) -> [CustomEmoji] {
        try read { db in
            guard let stored = try Self.storedSetName(name, in: db) else { throw StoreError.unknownCustomSet(name) }
            return try Row.fetchAll(
                db,
                sql: "SELECT \(Self.customEmojiColumns) FROM customEmoji WHERE setName = ? ORDER BY position, code",
                arguments: [stored]
            ).map(Self.customEmoji)
        }
    }

    /// Replaces the set's emoji with a sync's result, in one transaction.
    ///
    /// The set's rows become exactly `emoji`, in order, each with ``/Moji/CustomEmoji/set`` set
    /// to the set's name; a code the set had before keeps its ``/Moji/CustomEmoji/addedAt``.
    /// The set's ``CustomSet/syncedAt`` and ``CustomSet/attemptedAt`` become `date`, its
    /// ``CustomSet/lastError`` and ``CustomSet/retryAfter`` nil and its
    /// ``CustomSet/validators`` `validators`; `imageValidators` are saved for their URLs. Rows
    /// of other sets and usage are not touched: a code that left the set keeps its history.
    ///
    /// An entry whose code another set or a hand-added emoji has (in any case) is not written
    /// and comes back as a ``CustomSetConflict``, as does the second of two entries with the
    /// same code.
    ///
    /// - Throws: ``StoreError/unknownCustomSet(_:)`` when the set is gone (removed while
    ///   syncing): nothing is written. ``StoreError/invalidCustomEmoji(code:reason:)`` for an
    ///   entry the store refuses (see ``addCustomEmoji(_:)``): nothing is written.
    package func replaceCustomSetEmoji(
        named name: String, with emoji: [CustomEmoji], validators: HTTPValidators,
        imageValidators: [ImageValidator], at date: Date
    ) throws(StoreError) -> [CustomSetConflict] {
        for entry in emoji {
            var checked = entry
            checked.set = nil  // the set's own name is checked with the set
            if let problem = Self.problem(with: checked) {
                throw .invalidCustomEmoji(code: entry.code, reason: problem)
            }
        }
        for validator in imageValidators {
            if let problem = Self.problem(with: validator) {
                throw .invalidCustomEmoji(code: validator.url, reason: "image validator \(problem)")
            }
        }
        guard CustomSet.isStorable(date) else {
            throw .invalidCustomSet(name: name, reason: "the sync date is not a date")
        }
        return try write([.customSets, .customEmoji]) { db in
            guard let stored = try Self.storedSetName(name, in: db) else { throw StoreError.unknownCustomSet(name) }
            var owners: [String: String?] = [:]
            var addedAt: [String: Double] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT CAST(code AS TEXT) AS code, CAST(setName AS TEXT) AS setName, "
                    + "CAST(addedAt AS REAL) AS addedAt FROM customEmoji")
            {
                let code = StoreExport.caseFolded(row["code"] as String? ?? "")
                let owner: String? = row["setName"]
                if let owner, StoreExport.caseFolded(owner) == StoreExport.caseFolded(stored) {
                    addedAt[code] = row["addedAt"]
                } else {
                    owners[code] = owner
                }
            }
            try db.execute(sql: "DELETE FROM customEmoji WHERE setName = ?", arguments: [stored])
            var conflicts: [CustomSetConflict] = []
            var written = Set<String>()
            for var entry in emoji {
                let key = StoreExport.caseFolded(entry.code)
                if let owner = owners[key] {
                    conflicts.append(CustomSetConflict(code: entry.code, owner: owner))
                    continue
                }
                guard written.insert(key).inserted else {
                    conflicts.append(CustomSetConflict(code: entry.code, owner: stored))
                    continue
                }
                entry.set = stored
                entry.addedAt = addedAt[key].map(Date.init(timeIntervalSince1970:)) ?? entry.addedAt ?? date
                try Self.insertCustomEmoji(entry, position: written.count - 1, in: db)
            }
            try Self.recordSync(
                of: stored, at: date, validators: validators, in: db)
            for validator in imageValidators { try Self.saveImageValidator(validator, at: date, in: db) }
            return conflicts
        }
    }

    /// Records a sync that found the listing unchanged (a `304`, or the same content): the set's
    /// ``CustomSet/syncedAt`` and ``CustomSet/attemptedAt`` become `date`, its error and
    /// ``CustomSet/retryAfter`` are cleared and its validators become `validators`. Its emoji
    /// stay as they are.
    ///
    /// - Throws: ``StoreError/unknownCustomSet(_:)`` when the set is gone.
    package func recordCustomSetCheck(
        named name: String, at date: Date, validators: HTTPValidators
    ) throws(StoreError) {
        guard CustomSet.isStorable(date) else {
            throw .invalidCustomSet(name: name, reason: "the sync date is not a date")
        }
        try write([.customSets]) { db in
            guard let stored = try Self.storedSetName(name, in: db) else { throw StoreError.unknownCustomSet(name) }
            try Self.recordSync(of: stored, at: date, validators: validators, in: db)
        }
    }

    /// Records a failed sync: ``CustomSet/attemptedAt`` becomes `date`, ``CustomSet/lastError``
    /// `error` (cleaned of control characters and cut to 1,000 characters, since it may quote a
    /// server) and ``CustomSet/retryAfter`` `retryAfter`. Its emoji, validators and
    /// ``CustomSet/syncedAt`` stay: the last good content is kept.
    ///
    /// - Throws: ``StoreError/unknownCustomSet(_:)`` when the set is gone.
    package func recordCustomSetFailure(
        named name: String, at date: Date, error: String, retryAfter: Date?
    ) throws(StoreError) {
        guard CustomSet.isStorable(date), retryAfter.map(CustomSet.isStorable) ?? true else {
            throw .invalidCustomSet(name: name, reason: "the attempt or retry date is not a date")
        }
        var message = StoreText.cleaned(error, maximumLength: CustomSet.maximumErrorLength)
        if message.isEmpty { message = "unknown error" }
        try write([.customSets]) { db in
            try db.execute(
                sql: "UPDATE customSet SET attemptedAt = ?, lastError = ?, retryAfter = ? WHERE name = ?",
                arguments: [date.timeIntervalSince1970, message, retryAfter?.timeIntervalSince1970, name])
            if db.changesCount == 0 { throw StoreError.unknownCustomSet(name) }
        }
    }

    /// Claims the set's refresh lock for `owner` until `until`, so at most one process syncs a
    /// set at a time. Returns true when `owner` holds it now: it was free, its holder's time ran
    /// out (`until` of the holder <= `now`, as after a crash), or `owner` held it already (the
    /// new `until` then extends it). Returns false while another owner holds it.
    ///
    /// The check and the claim are one write transaction, which SQLite serializes across
    /// processes, so two processes never both get it. Give each process (or each sync) an
    /// owner of its own, e.g. `"\(hostname):\(pid):\(UUID())"`.
    ///
    /// `staleOwner`, when given, is a holder known to be gone (a process of this machine that no
    /// longer runs): its lock is taken over at once instead of when its time runs out.
    ///
    /// - Throws: ``StoreError/unknownCustomSet(_:)`` when there is no such set.
    package func claimCustomSetSync(
        named name: String, owner: String, until: Date, now: Date, takingOverFrom staleOwner: String? = nil
    ) throws(StoreError) -> Bool {
        guard CustomSet.isStorable(until), CustomSet.isStorable(now) else {
            throw .invalidCustomSet(name: name, reason: "the lock dates are not dates")
        }
        return try write([]) { db in
            try db.execute(
                sql: """
                    UPDATE customSet SET syncOwner = ?, syncLockedUntil = ?
                    WHERE name = ? AND (syncOwner IS NULL OR syncOwner = ? OR syncOwner = ?
                        OR syncLockedUntil IS NULL OR CAST(syncLockedUntil AS REAL) <= ?)
                    """,
                arguments: [owner, until.timeIntervalSince1970, name, owner, staleOwner, now.timeIntervalSince1970])
            if db.changesCount > 0 { return true }
            guard try Self.storedSetName(name, in: db) != nil else { throw StoreError.unknownCustomSet(name) }
            return false
        }
    }

    /// Who holds the set's refresh lock, as given to ``claimCustomSetSync(named:owner:until:now:takingOverFrom:)``,
    /// while its time has not run out at `now`; nil when it is free or there is no such set.
    package func customSetSyncOwner(named name: String, now: Date = Date()) throws(StoreError) -> String? {
        try read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT syncOwner FROM customSet
                    WHERE name = ? AND syncLockedUntil IS NOT NULL AND CAST(syncLockedUntil AS REAL) > ?
                    """,
                arguments: [name, now.timeIntervalSince1970])
        }
    }

    /// Releases the set's refresh lock if `owner` holds it; does nothing otherwise (another
    /// owner took it over after `owner`'s time ran out, or the set is gone).
    package func releaseCustomSetSync(named name: String, owner: String) throws(StoreError) {
        try write([]) { db in
            try db.execute(
                sql: "UPDATE customSet SET syncOwner = NULL, syncLockedUntil = NULL WHERE name = ? AND syncOwner = ?",
                arguments: [name, owner])
        }
    }

    /// What the store remembers of these image URLs, by URL; URLs it knows nothing of are left out.
    package func imageValidators(forURLs urls: [String]) throws(StoreError) -> [String: ImageValidator] {
        let unique = Array(Set(urls))
        return try read { db in
            var found: [String: ImageValidator] = [:]
            // Chunks stay well under SQLite's limit of variables in one statement.
            for start in stride(from: 0, to: unique.count, by: 500) {
                let chunk = Array(unique[start..<min(start + 500, unique.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let rows = try Row.fetchAll(
                    db, sql: "SELECT \(Self.imageValidatorColumns) FROM imageValidator WHERE url IN (\(marks))",
                    arguments: StatementArguments(chunk))
                for row in rows {
                    if let validator = Self.imageValidator(row) { found[validator.url] = validator }
                }
            }
            return found
        }
    }

    /// Notes that the server confirmed these image URLs' bytes at `date` (they answered `304`),
    /// so a sync soon after need not ask again. URLs without a validator are ignored.
    package func recordImageChecks(urls: [String], at date: Date) throws(StoreError) {
        let unique = Array(Set(urls))
        guard !unique.isEmpty else { return }
        try write([]) { db in
            for start in stride(from: 0, to: unique.count, by: 500) {
                let chunk = Array(unique[start..<min(start + 500, unique.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                try db.execute(
                    sql: "UPDATE imageValidator SET checkedAt = ? WHERE url IN (\(marks))",
                    arguments: StatementArguments([date.timeIntervalSince1970]) + StatementArguments(chunk))
            }
        }
    }

    /// The work of `EmojiStore.Custom.referencedImageHashes`.
    func referencedImageHashes() throws(StoreError) -> Set<String> {
        try read { db in
            let hashes = try String.fetchAll(
                db,
                sql: "SELECT DISTINCT CAST(imageSHA256 AS TEXT) FROM customEmoji WHERE imageSHA256 IS NOT NULL")
            // Only well-formed hashes: the cache builds file names of them.
            return Set(hashes.filter(CustomEmojiImage.isValidSHA256))
        }
    }

    // MARK: The customSet and imageValidator tables

    /// The columns ``customSet(_:)`` reads, cast to their types, so a hand-edited value of another
    /// type reads as a wrong value (that check reports) instead of trapping.
    static let customSetColumns = """
        CAST(name AS TEXT) AS name, CAST(kind AS TEXT) AS kind, CAST(location AS TEXT) AS location,
        CAST(refreshInterval AS REAL) AS refreshInterval, CAST(addedAt AS REAL) AS addedAt,
        CAST(syncedAt AS REAL) AS syncedAt, CAST(attemptedAt AS REAL) AS attemptedAt,
        CAST(retryAfter AS REAL) AS retryAfter, CAST(lastError AS TEXT) AS lastError, CAST(etag AS TEXT) AS etag,
        CAST(lastModified AS TEXT) AS lastModified
        """

    @Sendable static func fetchCustomSets(_ db: Database) throws -> [CustomSet] {
        try Row.fetchAll(db, sql: "SELECT \(customSetColumns) FROM customSet ORDER BY name").map(customSet)
    }

    /// Reads one row of ``customSetColumns``; an unknown kind reads as a folder (check reports it).
    static func customSet(_ row: Row) -> CustomSet {
        func date(_ column: String) -> Date? { (row[column] as Double?).map(Date.init(timeIntervalSince1970:)) }
        let kind = (row["kind"] as String?).flatMap(CustomSetSource.Kind.init(rawValue:)) ?? .folder
        return CustomSet(
            name: row["name"] as String? ?? "",
            source: CustomSetSource(kind: kind, location: row["location"] as String? ?? ""),
            refreshInterval: row["refreshInterval"] as Double? ?? CustomSet.defaultRefreshInterval,
            addedAt: date("addedAt"), syncedAt: date("syncedAt"), attemptedAt: date("attemptedAt"),
            retryAfter: date("retryAfter"), lastError: row["lastError"],
            validators: HTTPValidators(etag: row["etag"], lastModified: row["lastModified"]))
    }

    /// Writes one set, with its sync fields and no lock.
    static func insertCustomSet(_ set: CustomSet, in db: Database) throws {
        let validators = set.validators.storable
        try db.execute(
            sql: """
                INSERT INTO customSet (name, kind, location, refreshInterval, addedAt, syncedAt, attemptedAt,
                    retryAfter, lastError, etag, lastModified)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                set.name, set.source.kind.rawValue, set.source.location, set.refreshInterval,
                (set.addedAt ?? Date()).timeIntervalSince1970, set.syncedAt?.timeIntervalSince1970,
                set.attemptedAt?.timeIntervalSince1970, set.retryAfter?.timeIntervalSince1970, set.lastError,
                validators.etag, validators.lastModified,
            ])
    }

    /// A completed sync of the set named `name` (as stored).
    private static func recordSync(of name: String, at date: Date, validators: HTTPValidators, in db: Database) throws {
        let validators = validators.storable
        try db.execute(
            sql: """
                UPDATE customSet SET syncedAt = ?, attemptedAt = ?, lastError = NULL, retryAfter = NULL,
                    etag = ?, lastModified = ?
                WHERE name = ?
                """,
            arguments: [
                date.timeIntervalSince1970, date.timeIntervalSince1970, validators.etag, validators.lastModified,
                name,
            ])
    }

    static let imageValidatorColumns = """
        CAST(url AS TEXT) AS url, CAST(etag AS TEXT) AS etag, CAST(lastModified AS TEXT) AS lastModified,
        CAST(sha256 AS TEXT) AS sha256, CAST(format AS TEXT) AS format, CAST(width AS INTEGER) AS width,
        CAST(height AS INTEGER) AS height, CAST(frames AS INTEGER) AS frames, CAST(bytes AS INTEGER) AS bytes,
        CAST(checkedAt AS REAL) AS checkedAt
        """

    /// Reads one row of ``imageValidatorColumns``; nil for one that is not usable (check reports it).
    static func imageValidator(_ row: Row) -> ImageValidator? {
        guard let url = row["url"] as String?, let sha256 = row["sha256"] as String?,
            let format = row["format"] as String?
        else { return nil }
        let image = CustomEmojiImage(
            sha256: sha256, format: format, width: row["width"] ?? 0, height: row["height"] ?? 0,
            frameCount: row["frames"] ?? 0, byteCount: row["bytes"] ?? 0)
        let checkedAt = (row["checkedAt"] as Double?).map { Date(timeIntervalSince1970: $0) }
        let validator = ImageValidator(
            url: url, validators: HTTPValidators(etag: row["etag"], lastModified: row["lastModified"]), image: image,
            checkedAt: checkedAt)
        return problem(with: validator) == nil ? validator : nil
    }

    /// What is wrong with an image validator, or nil.
    static func problem(with validator: ImageValidator) -> String? {
        if let problem = StoreText.problem(in: validator.url, maximumLength: StoreText.maximumReferenceLength) {
            return "URL \(problem)"
        }
        if let problem = problem(with: validator.image) { return "image \(problem)" }
        return nil
    }

    /// Inserts or replaces the validator of one URL.
    static func saveImageValidator(_ validator: ImageValidator, at date: Date, in db: Database) throws {
        let validators = validator.validators.storable
        let image = validator.image
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO imageValidator (url, etag, lastModified, sha256, format, width, height, frames,
                    bytes, checkedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                validator.url, validators.etag, validators.lastModified, image.sha256, image.format, image.width,
                image.height, image.frameCount, image.byteCount, date.timeIntervalSince1970,
            ])
    }
}
