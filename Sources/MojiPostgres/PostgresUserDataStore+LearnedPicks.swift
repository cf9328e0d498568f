import Foundation
import Moji
import MojiStore
import PostgresNIO

/// Search that learns from picks, per user, with the arithmetic and limits of the SQLite store
/// (`EmojiStore+LearnedPicks.swift`): the same uses give the same pairs and scores on both.
extension PostgresUserDataStore {
    /// Records one use and, with a query, the pick after it, in one transaction under the user's
    /// row lock (a use without a query takes ``recordUse(of:for:)``'s faster path). The pick's score
    /// decays with the user's clock, which the use has just moved.
    @discardableResult
    public func recordUse(of item: StoreItem, query: String?, for user: String) async throws(StoreError)
        -> UsageEntry
    {
        guard let learned = try LearnedQuery.normalized(query) else { return try await recordUse(of: item, for: user) }
        let target = UseTarget(item: item, configuration: configuration)
        let limit = configuration.learnedPickLimit
        return try await withUserTransaction(user) { connection, logger in
            let entry = try await Self.recordUseLocked(target, for: user, on: connection, logger: logger)
            try await Self.recordPick(
                of: target.key, after: learned, clock: entry.lastUse ?? 0, decay: target.decay, limit: limit,
                for: user, on: connection, logger: logger)
            return entry
        }
    }

    public func learnedPicks(for query: String, user: String, limit: Int?) async throws(StoreError) -> LearnedPicks {
        let prefix = LearnedPicks.normalizedQuery(query)
        let limit = limit ?? LearnedPickHistory.defaultLimit
        guard !prefix.isEmpty, limit > 0 else { return LearnedPicks([]) }
        try await ensureUser(user)
        let upper = LearnedPicks.upperBound(ofPrefix: prefix)
        let decay = configuration.decay
        return try await run { client, logger in
            // One statement (one snapshot) with the user's clock.
            let rows = try await client.query(
                """
                SELECT query, item, score, scored_at, (SELECT uses FROM moji_user WHERE user_name = \(user))
                FROM moji_learned_pick
                WHERE user_name = \(user) AND query >= \(prefix) AND (\(upper)::text IS NULL OR query < \(upper))
                """, logger: logger)
            var records: [LearnedPickHistory.Record] = []
            for try await (query, item, score, scoredAt, clock) in rows.decode((String, String, Double, Int, Int).self)
            {
                records.append(
                    LearnedPickHistory.Record(
                        query: query, key: item,
                        score: ScoreDecay.decayed(score, from: scoredAt, to: clock, decay: decay)))
            }
            return LearnedPickHistory.picks(summing: records, limit: limit)
        }
    }

    @discardableResult
    public func forgetQueries(for user: String) async throws(StoreError) -> Int {
        try await withUserTransaction(user) { connection, logger in
            let rows = try await connection.query(
                """
                WITH forgotten AS (DELETE FROM moji_learned_pick WHERE user_name = \(user) RETURNING 1)
                SELECT count(*)::bigint FROM forgotten
                """, logger: logger)
            var count = 0
            for try await forgotten in rows.decode(Int.self) { count = forgotten }
            return count
        }
    }

    /// One pick of `key` after `query` at the user's clock value `clock`, in the caller's
    /// transaction: the pair decays to the clock and gains 1; a new pair past `limit` pushes out the
    /// user's lowest (as `EmojiStore.recordPick`).
    static func recordPick(
        of key: String, after query: String, clock: Int, decay: Double, limit: Int, for user: String,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        let rows = try await connection.query(
            """
            SELECT score, scored_at FROM moji_learned_pick
            WHERE user_name = \(user) AND query = \(query) AND item = \(key)
            """, logger: logger)
        var previous: (score: Double, scoredAt: Int)?
        for try await (score, scoredAt) in rows.decode((Double, Int).self) { previous = (score, scoredAt) }
        let score = (previous.map { ScoreDecay.decayed($0.score, from: $0.scoredAt, to: clock, decay: decay) } ?? 0) + 1
        let rank = ScoreDecay.rank(score: score, at: clock, decay: decay)
        try await connection.query(
            """
            INSERT INTO moji_learned_pick (user_name, query, item, score, scored_at, rank)
            VALUES (\(user), \(query), \(key), \(score), \(clock), \(rank))
            ON CONFLICT (user_name, query, item) DO UPDATE SET score = excluded.score, scored_at = excluded.scored_at,
                rank = excluded.rank
            """, logger: logger)
        if previous == nil { try await pruneLearnedPicks(of: user, to: limit, on: connection, logger: logger) }
    }

    /// Drops the user's lowest pairs (no rank first) past `limit`.
    static func pruneLearnedPicks(of user: String, to limit: Int, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let counted = try await connection.query(
            "SELECT count(*)::bigint FROM moji_learned_pick WHERE user_name = \(user)", logger: logger)
        var count = 0
        for try await value in counted.decode(Int.self) { count = value }
        let excess = count - max(limit, 0)
        guard excess > 0 else { return }
        try await connection.query(
            """
            DELETE FROM moji_learned_pick WHERE (user_name, query, item) IN (
                SELECT user_name, query, item FROM moji_learned_pick WHERE user_name = \(user)
                ORDER BY rank ASC NULLS FIRST LIMIT \(excess))
            """, logger: logger)
    }
}
