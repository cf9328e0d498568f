import Foundation
import GRDB

extension EmojiStore {
    /// The work of `EmojiStore.Maintenance.export`.
    func export() throws(StoreError) -> StoreExport {
        let decay = configuration.decay
        return try read { db in try Self.export(db, decay: decay) }
    }

    /// The work of `EmojiStore.Maintenance.importData`.
    func importData(_ export: StoreExport) throws(StoreError) {
        try export.validate(catalog: configuration.catalog)
        let decay = configuration.decay
        let pickLimit = configuration.learnedPickLimit
        try write(StoreArea.allCases) { db in
            for table in [
                "usage", "pinned", "collectionItem", "collection", "tonePreference", "customEmoji", "customSet",
                "learnedPick",
            ] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            try db.execute(sql: "UPDATE clock SET uses = ? WHERE id = 1", arguments: [export.clock])
            for record in export.usage {
                let rank =
                    record.score > 0
                    ? ScoreDecay.rank(score: record.score, at: record.scoredAt, decay: export.decay) : nil
                try db.execute(
                    sql: """
                        INSERT INTO usage (item, score, scoredAt, rank, useCount, lastUse, lastUsedAt, tones)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        record.item.key, record.score, record.scoredAt, rank, record.useCount,
                        record.lastUse, record.lastUsedAt,
                        record.tones.isEmpty ? nil : record.tones.joined(separator: ","),
                    ])
            }
            for record in export.learnedPicks {
                try db.execute(
                    sql: "INSERT INTO learnedPick (query, item, score, scoredAt, rank) VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        record.query, record.item.key, record.score, record.scoredAt,
                        ScoreDecay.rank(score: record.score, at: record.scoredAt, decay: export.decay),
                    ])
            }
            // An export from a store with a higher limit keeps its best pairs.
            try Self.pruneLearnedPicks(to: pickLimit, in: db)
            try Self.replaceOrderedItems(export.pinned, db: db, table: "pinned", filter: nil)
            for (offset, collection) in export.collections.enumerated() {
                try db.execute(
                    sql: "INSERT INTO collection (name, createdAt) VALUES (?, ?)",
                    arguments: [collection.name, Double(offset)])
                try Self.replaceOrderedItems(
                    collection.items, db: db, table: "collectionItem",
                    filter: ("collectionId", db.lastInsertedRowID))
            }
            for (item, tones) in export.skinTones {
                try db.execute(
                    sql: "INSERT INTO tonePreference (item, tones) VALUES (?, ?)",
                    arguments: [item, tones.joined(separator: ",")])
            }
            try db.execute(sql: "DELETE FROM meta WHERE key = 'defaultTone'")
            if let tone = export.defaultSkinTone {
                try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('defaultTone', ?)", arguments: [tone])
            }
            // Sets first: their emoji take the set's name as stored and their place in its order.
            var positions: [String: Int] = [:]
            var names: [String: String] = [:]
            for set in export.customSets {
                var set = set
                // The listing is fetched in full next time: this store's image cache may not
                // hold what the exporting one did.
                set.validators = HTTPValidators()
                try Self.insertCustomSet(set, in: db)
                positions[StoreExport.caseFolded(set.name)] = 0
                names[StoreExport.caseFolded(set.name)] = set.name
            }
            for var emoji in export.customEmoji {
                var position: Int?
                if let set = emoji.set {
                    let key = StoreExport.caseFolded(set)
                    emoji.set = names[key] ?? set
                    position = positions[key]
                    positions[key] = (position ?? 0) + 1
                }
                try Self.insertCustomEmoji(emoji, position: position, in: db)
            }
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('seeded', '1') ON CONFLICT(key) DO NOTHING")
            try db.execute(
                sql:
                    "INSERT INTO meta (key, value) VALUES ('decay', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: ["\(export.decay)"])
            try ScoreDecay.adoptDecay(decay, in: db)
        }
    }

    /// Reads every table into an export; also used to salvage a damaged file.
    static func export(_ db: Database, decay fallbackDecay: Double) throws -> StoreExport {
        // A damaged file being salvaged may be of schema v1, without sets, or before v4, without picks.
        let isV2 = try db.tableExists("customSet")
        let learnedPicks =
            try db.tableExists("learnedPick")
            ? Row.fetchAll(
                db,
                sql: """
                    SELECT CAST(query AS TEXT) AS query, CAST(item AS TEXT) AS item, \(ScoreDecay.scoreColumns)
                    FROM learnedPick ORDER BY query, item
                    """
            ).map { row in
                StoreExport.LearnedPickRecord(
                    query: row["query"] ?? "", item: StoreItem(key: row["item"] ?? ""), score: row["score"],
                    scoredAt: row["scoredAt"])
            } : []
        let usage = try Row.fetchAll(db, sql: "SELECT \(entryColumns) FROM usage ORDER BY usage.item").map { row in
            StoreExport.UsageRecord(
                item: StoreItem(key: row["item"]), score: row["score"], scoredAt: row["scoredAt"],
                useCount: row["useCount"], lastUse: row["lastUse"], lastUsedAt: row["lastUsedAt"],
                tones: (row["tones"] as String?).map { $0.split(separator: ",").map(String.init) } ?? [])
        }
        let collections = try Row.fetchAll(db, sql: "SELECT id, name FROM collection ORDER BY id").map { row in
            EmojiCollection(
                name: row["name"],
                items: try orderedItems(db, table: "collectionItem", filter: ("collectionId", row["id"])))
        }
        var skinTones: [String: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT item, tones FROM tonePreference") {
            skinTones[row["item"]] = (row["tones"] as String).split(separator: ",").map(String.init)
        }
        return StoreExport(
            exportedAt: Date(),
            clock: try ScoreDecay.clock(db),
            decay: try ScoreDecay.storedDecay(db) ?? fallbackDecay,
            usage: usage,
            pinned: try orderedItems(db, table: "pinned", filter: nil),
            collections: collections,
            skinTones: skinTones,
            defaultSkinTone: try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'defaultTone'"),
            customEmoji: try Row.fetchAll(
                db,
                sql: isV2
                    ? "SELECT \(customEmojiColumns) FROM customEmoji ORDER BY setName, position, code"
                    : "SELECT \(customEmojiColumnsV1) FROM customEmoji ORDER BY code"
            ).map(customEmoji),
            customSets: isV2 ? try fetchCustomSets(db) : [],
            learnedPicks: learnedPicks)
    }
}
