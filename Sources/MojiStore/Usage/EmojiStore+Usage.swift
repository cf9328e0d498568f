import Foundation
import GRDB
import Moji

extension EmojiStore {
    /// The work of `EmojiStore.Usage.recordUse`.
    @discardableResult
    func recordUse(of emoji: Emoji) throws(StoreError) -> UsageEntry {
        try recordUse(key: emoji.neutral.character, tones: emoji.skinTones)
    }

    /// The work of `EmojiStore.Usage.recordUse`.
    @discardableResult
    func recordUse(of item: StoreItem) throws(StoreError) -> UsageEntry {
        let (key, tones) = Self.usageTarget(of: item, in: configuration.catalog)
        return try recordUse(key: key, tones: tones)
    }

    /// What a use of `item` counts for: the neutral base and the tones of a Unicode emoji, or the
    /// item itself. (`package`: the PostgreSQL store counts uses the same way.)
    package static func usageTarget(of item: StoreItem, in catalog: EmojiCatalog) -> (key: String, tones: [SkinTone]) {
        guard let emoji = item.emoji(in: catalog) else { return (item.key, []) }
        return (emoji.neutral.character, emoji.skinTones)
    }

    /// One use of `key`, and, with a `query` (normalized, not empty), one pick of it after that
    /// query, in the same transaction.
    func recordUse(key: String, tones: [SkinTone], query: String? = nil) throws(StoreError) -> UsageEntry {
        let decay = configuration.decay
        let pickLimit = configuration.learnedPickLimit
        let toneText = tones.isEmpty ? nil : Self.toneText(tones)
        return try write([.usage]) { db in
            // Taken inside the write lock, so timestamps follow the commit order across processes.
            let now = Date()
            // Saturates rather than overflows, and brings back a clock row a hand edit deleted.
            let clock =
                try Int.fetchOne(
                    db.cachedStatement(
                        sql: """
                            INSERT INTO clock (id, uses) VALUES (1, 1) ON CONFLICT(id) DO UPDATE
                            SET uses = MIN(MAX(CAST(uses AS INTEGER), 0), \(ScoreDecay.maximumCount - 1)) + 1 RETURNING uses
                            """)) ?? 1
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT \(ScoreDecay.scoreColumns), CAST(useCount AS INTEGER) AS useCount FROM usage WHERE item = ?
                        """), arguments: [key])
            let previous =
                row.map { ScoreDecay.decayed($0["score"], from: $0["scoredAt"], to: clock, decay: decay) }
                ?? 0
            let score = previous + 1
            let count = ScoreDecay.incremented(row?["useCount"] ?? 0)
            try db.cachedStatement(
                sql: """
                    INSERT INTO usage (item, score, scoredAt, rank, useCount, lastUse, lastUsedAt, tones)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(item) DO UPDATE SET score = excluded.score, scoredAt = excluded.scoredAt,
                        rank = excluded.rank, useCount = excluded.useCount, lastUse = excluded.lastUse,
                        lastUsedAt = excluded.lastUsedAt, tones = excluded.tones
                    """
            ).execute(arguments: [
                key, score, clock, ScoreDecay.rank(score: score, at: clock, decay: decay),
                count, clock, now.timeIntervalSince1970, toneText,
            ])
            if let query {
                try Self.recordPick(of: key, after: query, clock: clock, decay: decay, limit: pickLimit, in: db)
            }
            return UsageEntry(
                item: StoreItem(key: key), tones: tones, score: score, useCount: count, lastUse: clock, lastUsed: now)
        }
    }

    /// The work of `EmojiStore.Usage.score`.
    func score(for item: StoreItem) throws(StoreError) -> Double {
        let key = usageKey(item)
        let decay = configuration.decay
        return try read { db in
            try ScoreDecay.currentScore(of: key, clock: ScoreDecay.clock(db), decay: decay, in: db)
        }
    }

    /// The work of `EmojiStore.Usage.frequent`.
    func frequent() throws(StoreError) -> [UsageEntry] {
        let configuration = configuration
        let entries = try entries(
            sql: "SELECT \(Self.entryColumns) FROM usage WHERE rank IS NOT NULL ORDER BY usage.rank DESC LIMIT ?",
            limit: configuration.frequentLimit)
        return ScoreDecay.frequent(entries, configuration: configuration)
    }

    /// The work of `EmojiStore.Usage.recent`.
    func recent(limit: Int? = nil) throws(StoreError) -> [UsageEntry] {
        // ORDER BY names the table's columns: a bare name would be the cast result column,
        // which no index orders.
        try entries(
            sql: """
                SELECT \(Self.entryColumns) FROM usage WHERE lastUse IS NOT NULL ORDER BY usage.lastUse DESC LIMIT ?
                """, limit: limit ?? configuration.recentLimit)
    }

    /// The work of `EmojiStore.Usage.mostUsed`.
    func mostUsed(limit: Int? = nil) throws(StoreError) -> [UsageEntry] {
        try entries(
            sql: """
                SELECT \(Self.entryColumns) FROM usage WHERE useCount > 0
                ORDER BY usage.useCount DESC, usage.lastUse DESC LIMIT ?
                """,
            limit: limit ?? configuration.mostUsedLimit)
    }

    /// The work of `EmojiStore.Usage.entry`.
    func usage(of item: StoreItem) throws(StoreError) -> UsageEntry? {
        let key = usageKey(item)
        let decay = configuration.decay
        return try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(Self.entryColumns) FROM usage WHERE item = ?",
                    arguments: [key])
            else { return nil }
            return try Self.entry(row, clock: ScoreDecay.clock(db), decay: decay)
        }
    }

    /// The work of `EmojiStore.Usage.totalUses`.
    func totalUses() throws(StoreError) -> Int {
        try read(ScoreDecay.clock)
    }

    /// The work of `EmojiStore.Usage.scores`.
    func usageScores() throws(StoreError) -> UsageScores {
        let decay = configuration.decay
        return try read { db in
            let clock = try ScoreDecay.clock(db)
            var scores: [String: Double] = [:]
            let sql = "SELECT CAST(item AS TEXT) AS item, \(ScoreDecay.scoreColumns) FROM usage WHERE rank IS NOT NULL"
            for row in try Row.fetchAll(db, sql: sql) {
                scores[row["item"]] = ScoreDecay.decayed(row["score"], from: row["scoredAt"], to: clock, decay: decay)
            }
            return UsageScores(scores)
        }
    }

    /// The work of `EmojiStore.Usage.clearAll`.
    func clearAll() throws(StoreError) {
        let configuration = configuration
        try write([.usage]) { db in
            try db.execute(sql: "DELETE FROM usage")
            try db.execute(sql: "DELETE FROM learnedPick")
            try Self.seedDefaults(db, configuration: configuration)
        }
    }

    /// The work of `EmojiStore.Usage.clearScore`.
    func clearScore(for item: StoreItem) throws(StoreError) {
        let key = usageKey(item)
        try write([.usage]) { db in
            try db.execute(sql: "UPDATE usage SET score = 0, rank = NULL WHERE item = ?", arguments: [key])
            try db.execute(sql: "DELETE FROM usage WHERE item = ? AND useCount = 0", arguments: [key])
        }
    }

    // MARK: Helpers

    /// The usage key: the neutral base for a Unicode emoji.
    func usageKey(_ item: StoreItem) -> String {
        item.emoji(in: configuration.catalog)?.neutral.character ?? item.key
    }

    /// The columns of an entry, with the clock read by the same statement. Each is cast to its
    /// type, so a hand-edited row reads as a number instead of trapping a conversion.
    static let entryColumns = """
        CAST(item AS TEXT) AS item, \(ScoreDecay.scoreColumns), CAST(useCount AS INTEGER) AS useCount,
        CAST(lastUse AS INTEGER) AS lastUse, CAST(lastUsedAt AS REAL) AS lastUsedAt, CAST(tones AS TEXT) AS tones,
        IFNULL((SELECT CAST(uses AS INTEGER) FROM clock WHERE id = 1), 0) AS clock
        """

    /// Runs one cached query of ``entryColumns``. A single statement reads one consistent
    /// snapshot, so it needs no transaction around it: this is the hot path of every picker.
    private func entries(sql: String, limit: Int) throws(StoreError) -> [UsageEntry] {
        let decay = configuration.decay
        do {
            return try pool.unsafeRead { db in
                let statement = try db.cachedStatement(sql: sql)
                return try Array(
                    Row.fetchCursor(statement, arguments: [limit]).map { row in
                        Self.entry(row, clock: row["clock"], decay: decay)
                    })
            }
        } catch {
            throw StoreError.wrapping(error, path: url.path)
        }
    }

    static func entry(_ row: Row, clock: Int, decay: Double) -> UsageEntry {
        let lastUsedAt = (row["lastUsedAt"] as Double?).flatMap { $0.isFinite && abs($0) < 1e12 ? $0 : nil }
        return UsageEntry(
            item: StoreItem(key: row["item"]),
            tones: parseTones(row["tones"]),
            score: ScoreDecay.decayed(row["score"], from: row["scoredAt"], to: clock, decay: decay),
            useCount: row["useCount"],
            lastUse: row["lastUse"],
            lastUsed: lastUsedAt.map(Date.init(timeIntervalSince1970:)))
    }

    package static func toneText(_ tones: [SkinTone]) -> String {
        tones.map(\.identifier).joined(separator: ",")
    }

    package static func parseTones(_ text: String?) -> [SkinTone] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: ",").compactMap { SkinTone(identifier: String($0)) }
    }
}
