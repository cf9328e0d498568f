import Foundation
import Moji
import MojiStore
import PostgresNIO

extension PostgresUserDataStore {
    /// Records one use in one short transaction under the user's row lock: the user's clock
    /// advances, the item's score decays to it and gains 1. The arithmetic is MojiStore's own
    /// (`ScoreDecay`), done here rather than in SQL, so the scores equal SQLite's exactly.
    @discardableResult
    public func recordUse(of item: StoreItem, for user: String) async throws(StoreError) -> UsageEntry {
        let (key, tones) = EmojiStore.usageTarget(of: item, in: configuration.catalog)
        let toneText: String? = tones.isEmpty ? nil : EmojiStore.toneText(tones)
        let decay = configuration.decay
        return try await withUserTransaction(user) { connection, logger in
            // Taken under the lock, so timestamps follow the commit order across instances.
            let now = Date()
            // Saturates rather than overflows, as SQLite's clock does.
            let ticked = try await connection.query(
                """
                UPDATE moji_user SET uses = LEAST(GREATEST(uses, 0), \(ScoreDecay.maximumCount - 1)) + 1
                WHERE user_name = \(user) RETURNING uses
                """, logger: logger)
            var clock = 1
            for try await uses in ticked.decode(Int.self) { clock = uses }
            let rows = try await connection.query(
                "SELECT score, scored_at, use_count FROM moji_usage WHERE user_name = \(user) AND item = \(key)",
                logger: logger)
            var previous = 0.0
            var count = 0
            for try await (score, scoredAt, useCount) in rows.decode((Double, Int, Int).self) {
                previous = ScoreDecay.decayed(score, from: scoredAt, to: clock, decay: decay)
                count = useCount
            }
            let score = previous + 1
            let useCount = ScoreDecay.incremented(count)
            let rank = ScoreDecay.rank(score: score, at: clock, decay: decay)
            try await connection.query(
                """
                INSERT INTO moji_usage (user_name, item, score, scored_at, rank, use_count, last_use, last_used_at, tones)
                VALUES (\(user), \(key), \(score), \(clock), \(rank), \(useCount), \(clock), \(now.timeIntervalSince1970),
                    \(toneText))
                ON CONFLICT (user_name, item) DO UPDATE SET score = excluded.score, scored_at = excluded.scored_at,
                    rank = excluded.rank, use_count = excluded.use_count, last_use = excluded.last_use,
                    last_used_at = excluded.last_used_at, tones = excluded.tones
                """, logger: logger)
            return UsageEntry(
                item: StoreItem(key: key), tones: tones, score: score, useCount: useCount, lastUse: clock,
                lastUsed: now)
        }
    }

    public func frequent(for user: String, limit: Int?) async throws(StoreError) -> [UsageEntry] {
        // The same steps as EmojiStore.frequent(): the best `frequentLimit`, the tiny scores left
        // out past `minimumFrequentCount`, then the caller's limit. Ties (never among used items:
        // each has its own clock value) go by item, so the order is stable.
        let entries = try await entries(
            for: user, filter: "rank IS NOT NULL", order: "rank DESC, item", limit: configuration.frequentLimit)
        return Array(ScoreDecay.frequent(entries, configuration: configuration).prefix(limit ?? Int.max))
    }

    public func recent(for user: String, limit: Int?) async throws(StoreError) -> [UsageEntry] {
        try await entries(
            for: user, filter: "last_use IS NOT NULL", order: "last_use DESC", limit: limit ?? configuration.recentLimit
        )
    }

    /// One statement (one snapshot) of the user's entries with their clock.
    private func entries(for user: String, filter: String, order: String, limit: Int) async throws(StoreError)
        -> [UsageEntry]
    {
        try await ensureUser(user)
        let decay = configuration.decay
        return try await run { client, logger in
            let rows = try await client.query(
                """
                SELECT item, score, scored_at, use_count, last_use, last_used_at, tones,
                    (SELECT uses FROM moji_user WHERE user_name = \(user))
                FROM moji_usage WHERE user_name = \(user) AND \(unescaped: filter)
                ORDER BY \(unescaped: order) LIMIT \(max(limit, 0))
                """, logger: logger)
            var entries: [UsageEntry] = []
            for try await (item, score, scoredAt, useCount, lastUse, lastUsedAt, tones, clock) in rows.decode(
                (String, Double, Int, Int, Int?, Double?, String?, Int).self)
            {
                // As EmojiStore reads it: a time out of any sensible range reads as none.
                let lastUsed = lastUsedAt.flatMap { $0.isFinite && abs($0) < 1e12 ? $0 : nil }
                entries.append(
                    UsageEntry(
                        item: StoreItem(key: item), tones: EmojiStore.parseTones(tones),
                        score: ScoreDecay.decayed(score, from: scoredAt, to: clock, decay: decay),
                        useCount: useCount, lastUse: lastUse, lastUsed: lastUsed.map(Date.init(timeIntervalSince1970:)))
                )
            }
            return entries
        }
    }
}
