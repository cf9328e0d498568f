import Foundation
import Moji
import MojiStore
import PostgresNIO

extension PostgresUserDataStore {
    /// Records one use: the user's clock advances, the item's score decays to it and gains 1. The
    /// arithmetic is MojiStore's own (`ScoreDecay`), done here rather than in SQL, so the scores
    /// equal SQLite's exactly.
    ///
    /// No transaction, since a use is the call a busy server makes most. The use is written with
    /// one statement that changes the user's clock and the item's row only if the user's version is
    /// still the one the use started from (a compare-and-set: both land or neither). Every other
    /// change of the user's data moves the version, so a use never writes over one it did not see.
    /// The state to start from is this instance's own memory of the user (`UseStateCache`) when
    /// it has it, else one more statement reads it. When the version moved anyway, the use is
    /// read and written again, and when another instance got there first even then, recorded in a
    /// transaction under the user's row lock, which waits for the others rather than racing them.
    @discardableResult
    public func recordUse(of item: StoreItem, for user: String) async throws(StoreError) -> UsageEntry {
        let target = UseTarget(item: item, configuration: configuration)
        // One deadline for the whole use, however many tries it takes.
        let deadline = ContinuousClock.now + timeout
        try await ensureUser(user)
        let cache = useStates
        let recorded = try await run { client, logger in
            try await client.withConnection { connection -> UsageEntry? in
                // Looked up once the connection is there: a wait for one may have let others write.
                if let cached = cache.state(of: target.key, for: user) {
                    if let entry = try await Self.write(target, from: cached, for: user, on: connection, logger: logger)
                    {
                        cache.wrote(entry.state, of: target.key, for: user, from: cached)
                        return entry.use.entry(target)
                    }
                    cache.distrust(user)
                }
                guard let state = try await Self.read(target, for: user, on: connection, logger: logger) else {
                    return nil
                }
                cache.read(state, of: target.key, for: user)
                guard let entry = try await Self.write(target, from: state, for: user, on: connection, logger: logger)
                else {
                    cache.forget(user)
                    return nil
                }
                cache.wrote(entry.state, of: target.key, for: user, from: state)
                return entry.use.entry(target)
            }
        }
        if let recorded { return recorded }
        return try await withUserTransaction(user, within: deadline - ContinuousClock.now) { connection, logger in
            try await Self.recordUseLocked(target, for: user, on: connection, logger: logger)
        }
    }

    /// What a use writes, worked out once per call.
    struct UseTarget: Sendable {
        let key: String
        let tones: [SkinTone]
        let toneText: String?
        let decay: Double

        init(item: StoreItem, configuration: StoreConfiguration) {
            (key, tones) = EmojiStore.usageTarget(of: item, in: configuration.catalog)
            toneText = tones.isEmpty ? nil : EmojiStore.toneText(tones)
            decay = configuration.decay
        }
    }

    /// The user's version and clock with the item's row, in one statement (one snapshot); nil when
    /// the user's row is gone.
    private static func read(_ target: UseTarget, for user: String, on connection: PostgresConnection, logger: Logger)
        async throws -> UseState?
    {
        let rows = try await connection.query(
            """
            SELECT u.uses, u.version, m.score, m.scored_at, m.use_count
            FROM moji_user u LEFT JOIN moji_usage m ON m.user_name = u.user_name AND m.item = \(target.key)
            WHERE u.user_name = \(user)
            """, logger: logger)
        var state: UseState?
        for try await (uses, version, score, scoredAt, useCount) in rows.decode((Int, Int, Double?, Int?, Int?).self) {
            state = UseState(
                version: version, clock: uses,
                item: ItemState(score: score ?? 0, scoredAt: scoredAt ?? 0, useCount: useCount ?? 0))
        }
        return state
    }

    /// The use written from `state` if the user's version is still `state`'s; nil when it moved (or
    /// the user's row is gone).
    private static func write(
        _ target: UseTarget, from state: UseState, for user: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> (use: Use, state: UseState)? {
        // Taken now: a use that starts from another's result takes a later time, so times follow
        // the order of the uses across instances.
        let use = Use(state: state, target: target, now: Date())
        let version = PostgresSchema.newVersion()
        let written = try await connection.query(
            """
            WITH tick AS (
                UPDATE moji_user SET uses = \(use.clock), version = \(version)
                WHERE user_name = \(user) AND version = \(state.version)
                RETURNING user_name
            )
            INSERT INTO moji_usage (user_name, item, score, scored_at, rank, use_count, last_use, last_used_at, tones)
            SELECT user_name, \(target.key), \(use.score), \(use.clock), \(use.rank), \(use.useCount), \(use.clock),
                \(use.now.timeIntervalSince1970), \(target.toneText)
            FROM tick
            ON CONFLICT (user_name, item) DO UPDATE SET score = excluded.score, scored_at = excluded.scored_at,
                rank = excluded.rank, use_count = excluded.use_count, last_use = excluded.last_use,
                last_used_at = excluded.last_used_at, tones = excluded.tones
            RETURNING 1
            """, logger: logger)
        var landed = false
        for try await _ in written { landed = true }
        return landed
            ? (
                use,
                UseState(
                    version: version, clock: use.clock,
                    item: ItemState(score: use.score, scoredAt: use.clock, useCount: use.useCount))
            )
            : nil
    }

    /// The use in a transaction that holds the user's row lock (``withUserTransaction(_:_:)``).
    static func recordUseLocked(
        _ target: UseTarget, for user: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> UsageEntry {
        var state = UseState()
        let users = try await connection.query(
            "SELECT uses FROM moji_user WHERE user_name = \(user)", logger: logger)
        for try await uses in users.decode(Int.self) { state.clock = uses }
        let rows = try await connection.query(
            "SELECT score, scored_at, use_count FROM moji_usage WHERE user_name = \(user) AND item = \(target.key)",
            logger: logger)
        for try await (score, scoredAt, useCount) in rows.decode((Double, Int, Int).self) {
            state.item = ItemState(score: score, scoredAt: scoredAt, useCount: useCount)
        }
        // Taken under the lock, so times follow the commit order across instances.
        let use = Use(state: state, target: target, now: Date())
        try await connection.query(
            "UPDATE moji_user SET uses = \(use.clock) WHERE user_name = \(user)", logger: logger)
        try await connection.query(
            """
            INSERT INTO moji_usage (user_name, item, score, scored_at, rank, use_count, last_use, last_used_at, tones)
            VALUES (\(user), \(target.key), \(use.score), \(use.clock), \(use.rank), \(use.useCount), \(use.clock),
                \(use.now.timeIntervalSince1970), \(target.toneText))
            ON CONFLICT (user_name, item) DO UPDATE SET score = excluded.score, scored_at = excluded.scored_at,
                rank = excluded.rank, use_count = excluded.use_count, last_use = excluded.last_use,
                last_used_at = excluded.last_used_at, tones = excluded.tones
            """, logger: logger)
        return use.entry(target)
    }

    /// One use's new values, from the state before it.
    private struct Use {
        let clock: Int
        let score: Double
        let rank: Double?
        let useCount: Int
        let now: Date

        init(state: UseState, target: UseTarget, now: Date) {
            // Saturates rather than overflows, as SQLite's clock does.
            clock = min(max(state.clock, 0), ScoreDecay.maximumCount - 1) + 1
            score = ScoreDecay.decayed(state.item.score, from: state.item.scoredAt, to: clock, decay: target.decay) + 1
            rank = ScoreDecay.rank(score: score, at: clock, decay: target.decay)
            useCount = ScoreDecay.incremented(state.item.useCount)
            self.now = now
        }

        func entry(_ target: UseTarget) -> UsageEntry {
            UsageEntry(
                item: StoreItem(key: target.key), tones: target.tones, score: score, useCount: useCount,
                lastUse: clock, lastUsed: now)
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
