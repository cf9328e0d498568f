import Foundation
import Moji
import MojiStore
import PostgresNIO

/// One user's data as a ``/MojiStore/StoreExport``, the JSON of `moji store export`, so a user moves
/// between a SQLite store and PostgreSQL both ways with scores that continue exactly.
extension PostgresUserDataStore {
    /// `user`'s usage (raw scores and the user's clock), learned picks, pinned list, collections and tones, read in
    /// one transaction under the user's row lock, so no use lands halfway through. Custom emoji
    /// and sets are not kept per user in PostgreSQL: the export has none.
    ///
    /// ```swift
    /// let data = try await users.export(user: "ada").jsonData()
    /// ```
    public func export(user: String) async throws(StoreError) -> StoreExport {
        let decay = configuration.decay
        let snapshot = try await withUserTransaction(user) { connection, logger in
            var snapshot = UserSnapshot()
            let users = try await connection.query(
                "SELECT uses, default_tone FROM moji_user WHERE user_name = \(user)", logger: logger)
            for try await (uses, tone) in users.decode((Int, String?).self) {
                snapshot.clock = uses
                snapshot.defaultSkinTone = tone
            }
            let usage = try await connection.query(
                """
                SELECT item, score, scored_at, use_count, last_use, last_used_at, tones
                FROM moji_usage WHERE user_name = \(user)
                """, logger: logger)
            for try await (item, score, scoredAt, useCount, lastUse, lastUsedAt, tones) in usage.decode(
                (String, Double, Int, Int, Int?, Double?, String?).self)
            {
                snapshot.usage.append(
                    StoreExport.UsageRecord(
                        item: StoreItem(key: item), score: score, scoredAt: scoredAt, useCount: useCount,
                        lastUse: lastUse, lastUsedAt: lastUsedAt,
                        tones: tones.map { $0.split(separator: ",").map(String.init) } ?? []))
            }
            let picks = try await connection.query(
                "SELECT query, item, score, scored_at FROM moji_learned_pick WHERE user_name = \(user)",
                logger: logger)
            for try await (query, item, score, scoredAt) in picks.decode((String, String, Double, Int).self) {
                snapshot.learnedPicks.append(
                    StoreExport.LearnedPickRecord(
                        query: query, item: StoreItem(key: item), score: score, scoredAt: scoredAt))
            }
            let pinned = try await connection.query(
                "SELECT item FROM moji_pinned WHERE user_name = \(user) ORDER BY position", logger: logger)
            for try await item in pinned.decode(String.self) { snapshot.pinned.append(StoreItem(key: item)) }
            let collections = try await connection.query(
                """
                SELECT c.name, i.item FROM moji_collection c LEFT JOIN moji_collection_item i ON i.collection_id = c.id
                WHERE c.user_name = \(user) ORDER BY c.id, i.position
                """, logger: logger)
            var lastName: String?
            for try await (name, item) in collections.decode((String, String?).self) {
                if lastName != name {
                    snapshot.collections.append(EmojiCollection(name: name))
                    lastName = name
                }
                if let item { snapshot.collections[snapshot.collections.count - 1].items.append(StoreItem(key: item)) }
            }
            let tones = try await connection.query(
                "SELECT item, tones FROM moji_tone_preference WHERE user_name = \(user)", logger: logger)
            for try await (item, text) in tones.decode((String, String).self) {
                snapshot.skinTones[item] = text.split(separator: ",").map(String.init)
            }
            return snapshot
        }
        // In SQLite's order (bytes of UTF-8), whatever the database's collation.
        let usage = snapshot.usage.sorted { $0.item.key.utf8.lexicographicallyPrecedes($1.item.key.utf8) }
        let learnedPicks = snapshot.learnedPicks.sorted { first, second in
            first.query.utf8.elementsEqual(second.query.utf8)
                ? first.item.key.utf8.lexicographicallyPrecedes(second.item.key.utf8)
                : first.query.utf8.lexicographicallyPrecedes(second.query.utf8)
        }
        return StoreExport(
            exportedAt: Date(), clock: snapshot.clock, decay: decay, usage: usage, pinned: snapshot.pinned,
            collections: snapshot.collections, skinTones: snapshot.skinTones,
            defaultSkinTone: snapshot.defaultSkinTone, customEmoji: [], customSets: [], learnedPicks: learnedPicks)
    }

    /// Replaces `user`'s usage, learned picks, pinned list, collections and tones with `export`'s, in one
    /// transaction under the user's row lock: on any failure nothing changes. Scores continue
    /// exactly where the export left them. Custom emoji and sets in `export` are not imported
    /// (they are not per user here); other users are untouched.
    ///
    /// - Throws: ``/MojiStore/StoreError/invalidImportEntry(entry:reason:)`` for an entry out of
    ///   range, and ``/MojiStore/StoreError/unsupported(operation:database:)`` for an export scored
    ///   with another decay than this store's.
    public func importData(_ export: StoreExport, for user: String) async throws(StoreError) {
        try export.validate(catalog: configuration.catalog)
        guard export.decay == configuration.decay else {
            throw .unsupported(
                operation:
                    "importing scores of decay \(export.decay) into a database scored with \(configuration.decay)",
                database: databaseName)
        }
        let pickLimit = configuration.learnedPickLimit
        try await withUserTransaction(user) { connection, logger in
            for table in ["moji_usage", "moji_learned_pick", "moji_pinned", "moji_collection", "moji_tone_preference"] {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE user_name = $1", binds: Self.binds(user)),
                    logger: logger)
            }
            try await connection.query(
                """
                UPDATE moji_user SET uses = \(export.clock), default_tone = \(export.defaultSkinTone)
                WHERE user_name = \(user)
                """, logger: logger)
            for record in export.usage {
                let rank =
                    record.score > 0
                    ? ScoreDecay.rank(score: record.score, at: record.scoredAt, decay: export.decay) : nil
                let tones: String? = record.tones.isEmpty ? nil : record.tones.joined(separator: ",")
                try await connection.query(
                    """
                    INSERT INTO moji_usage (user_name, item, score, scored_at, rank, use_count, last_use, last_used_at, tones)
                    VALUES (\(user), \(record.item.key), \(record.score), \(record.scoredAt), \(rank), \(record.useCount),
                        \(record.lastUse), \(record.lastUsedAt), \(tones))
                    """, logger: logger)
            }
            for record in export.learnedPicks {
                let rank = ScoreDecay.rank(score: record.score, at: record.scoredAt, decay: export.decay)
                try await connection.query(
                    """
                    INSERT INTO moji_learned_pick (user_name, query, item, score, scored_at, rank)
                    VALUES (\(user), \(record.query), \(record.item.key), \(record.score), \(record.scoredAt), \(rank))
                    """, logger: logger)
            }
            // An export from a store with a higher limit keeps its best pairs.
            try await Self.pruneLearnedPicks(of: user, to: pickLimit, on: connection, logger: logger)
            for (position, item) in export.pinned.enumerated() {
                try await connection.query(
                    "INSERT INTO moji_pinned (user_name, item, position) VALUES (\(user), \(item.key), \(position))",
                    logger: logger)
            }
            for (offset, collection) in export.collections.enumerated() {
                let rows = try await connection.query(
                    """
                    INSERT INTO moji_collection (user_name, name, name_key, created_at)
                    VALUES (\(user), \(collection.name), \(Self.nameKey(collection.name)), \(Double(offset))) RETURNING id
                    """, logger: logger)
                var id = 0
                for try await inserted in rows.decode(Int.self) { id = inserted }
                for (position, item) in collection.items.enumerated() {
                    try await connection.query(
                        """
                        INSERT INTO moji_collection_item (collection_id, item, position)
                        VALUES (\(id), \(item.key), \(position))
                        """, logger: logger)
                }
            }
            for (item, tones) in export.skinTones {
                try await connection.query(
                    """
                    INSERT INTO moji_tone_preference (user_name, item, tones)
                    VALUES (\(user), \(item), \(tones.joined(separator: ",")))
                    """, logger: logger)
            }
        }
    }

    private static func binds(_ user: String) -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(user)
        return bindings
    }
}

/// What ``PostgresUserDataStore/export(user:)`` reads in its transaction.
private struct UserSnapshot: Sendable {
    var clock = 0
    var defaultSkinTone: String?
    var usage: [StoreExport.UsageRecord] = []
    var learnedPicks: [StoreExport.LearnedPickRecord] = []
    var pinned: [StoreItem] = []
    var collections: [EmojiCollection] = []
    var skinTones: [String: [String]] = [:]
}
