import Foundation
import GRDB
import Moji

/// Search that learns from picks, as phone keyboards do: a use recorded with the query that led
/// to it (``EmojiStore/Usage/recordUse(of:query:)-(Emoji,_)``) keeps the pair (query, item), and search
/// then shows that item first for the query and for every prefix of it (``EmojiStore/Usage/learnedPicks(for:limit:)``).
///
/// Queries are kept folded (``/Moji/LearnedPicks/normalizedQuery(_:)``), items as usage keys them
/// (the neutral emoji, or `:code:`). Each pair has a score that decays with the usage clock, as
/// usage scores do: every use multiplies it by the decay, every pick after its query adds 1. The
/// table keeps at most ``StoreConfiguration/learnedPickLimit`` pairs: the lowest scores leave first.
extension EmojiStore {
    /// The work of `EmojiStore.Usage.recordUse`.
    @discardableResult
    func recordUse(of emoji: Emoji, query: String?) throws(StoreError) -> UsageEntry {
        let learned = try LearnedQuery.normalized(query)
        return try recordUse(key: emoji.neutral.character, tones: emoji.skinTones, query: learned)
    }

    /// The work of `EmojiStore.Usage.recordUse`.
    @discardableResult
    func recordUse(of item: StoreItem, query: String?) throws(StoreError) -> UsageEntry {
        let learned = try LearnedQuery.normalized(query)
        let (key, tones) = Self.usageTarget(of: item, in: configuration.catalog)
        return try recordUse(key: key, tones: tones, query: learned)
    }

    /// The work of `EmojiStore.Usage.learnedPicks`.
    func learnedPicks(for query: String, limit: Int = LearnedPickHistory.defaultLimit) throws(StoreError)
        -> LearnedPicks
    {
        let prefix = LearnedPicks.normalizedQuery(query)
        guard !prefix.isEmpty, limit > 0 else { return LearnedPicks([]) }
        let decay = configuration.decay
        let upper = LearnedPicks.upperBound(ofPrefix: prefix)
        do {
            // One statement, one snapshot, no transaction: this runs on every keystroke of a picker
            // that reads the store.
            return try pool.unsafeRead { db in
                let sql =
                    "SELECT \(Self.learnedPickColumns) FROM learnedPick WHERE query >= ?"
                    + (upper == nil ? "" : " AND query < ?")
                let records = try Row.fetchAll(
                    db.cachedStatement(sql: sql), arguments: StatementArguments([prefix] + (upper.map { [$0] } ?? []))
                ).map { Self.learnedRecord($0, decay: decay) }
                return LearnedPickHistory.picks(summing: records, limit: limit)
            }
        } catch {
            throw StoreError.wrapping(error, path: url.path)
        }
    }

    /// The work of `EmojiStore.Usage.learnedPickHistory`.
    func learnedPickHistory() throws(StoreError) -> LearnedPickHistory {
        let decay = configuration.decay
        return try read { db in
            LearnedPickHistory(
                try Row.fetchAll(db, sql: "SELECT \(Self.learnedPickColumns) FROM learnedPick").map {
                    Self.learnedRecord($0, decay: decay)
                })
        }
    }

    /// The work of `EmojiStore.Usage.forgetQueries`.
    @discardableResult
    func forgetQueries() throws(StoreError) -> Int {
        try write([.usage]) { db in
            try db.execute(sql: "DELETE FROM learnedPick")
            return db.changesCount
        }
    }

    // MARK: Helpers

    /// The columns of a pair, cast as `ScoreDecay` reads scores, with the clock of the same statement.
    static let learnedPickColumns = """
        CAST(query AS TEXT) AS query, CAST(item AS TEXT) AS item, \(ScoreDecay.scoreColumns),
        IFNULL((SELECT CAST(uses AS INTEGER) FROM clock WHERE id = 1), 0) AS clock
        """

    static func learnedRecord(_ row: Row, decay: Double) -> LearnedPickHistory.Record {
        LearnedPickHistory.Record(
            query: row["query"] ?? "", key: row["item"] ?? "",
            score: ScoreDecay.decayed(row["score"], from: row["scoredAt"], to: row["clock"], decay: decay))
    }

    /// One pick of `key` after `query` at use number `clock`, in the use's transaction: the pair's
    /// score decays to the clock and gains 1. A new pair past `limit` pushes out the lowest.
    static func recordPick(
        of key: String, after query: String, clock: Int, decay: Double, limit: Int, in db: Database
    ) throws {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(ScoreDecay.scoreColumns) FROM learnedPick WHERE query = ? AND item = ?"),
            arguments: [query, key])
        let score =
            (row.map { ScoreDecay.decayed($0["score"], from: $0["scoredAt"], to: clock, decay: decay) } ?? 0) + 1
        try db.cachedStatement(
            sql: """
                INSERT INTO learnedPick (query, item, score, scoredAt, rank) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(query, item) DO UPDATE SET score = excluded.score, scoredAt = excluded.scoredAt,
                    rank = excluded.rank
                """
        ).execute(arguments: [query, key, score, clock, ScoreDecay.rank(score: score, at: clock, decay: decay)])
        if row == nil { try pruneLearnedPicks(to: limit, in: db) }
    }

    /// Drops the lowest pairs (no rank first) past `limit`.
    static func pruneLearnedPicks(to limit: Int, in db: Database) throws {
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM learnedPick") ?? 0
        guard count > max(limit, 0) else { return }
        try db.execute(
            sql: """
                DELETE FROM learnedPick WHERE (query, item) IN (
                    SELECT query, item FROM learnedPick ORDER BY rank IS NOT NULL, rank LIMIT ?)
                """, arguments: [count - max(limit, 0)])
    }
}

/// The rule for a query recorded with a use, shared by the store, `moji use --query`, the
/// PostgreSQL store and `POST /v1/me/usage`.
package enum LearnedQuery {
    /// Why `query` cannot be recorded, or nil: longer than ``/Moji/LearnedPicks/maximumQueryLength``
    /// characters (Unicode scalars), or holding a control character (see ``StoreText``).
    package static func problem(in query: String) -> String? {
        if let scalar = query.unicodeScalars.first(where: StoreText.isControl) {
            return "holds the control character \(StoreText.codePoint(scalar))"
        }
        if query.unicodeScalars.dropFirst(LearnedPicks.maximumQueryLength).isEmpty == false {
            return "is longer than \(LearnedPicks.maximumQueryLength) characters"
        }
        return nil
    }

    /// `text` made acceptable: cut to what search reads, control characters dropped.
    package static func acceptable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(LearnedPicks.maximumQueryLength).filter { !StoreText.isControl($0) }))
    }

    /// The query as it is learned, or nil when there is none to learn (nil or blank).
    package static func normalized(_ query: String?) throws(StoreError) -> String? {
        guard let query else { return nil }
        if let problem = problem(in: query) { throw .invalidQuery(query, reason: problem) }
        let normalized = LearnedPicks.normalizedQuery(query)
        return normalized.isEmpty ? nil : normalized
    }
}
