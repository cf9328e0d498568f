import Foundation
import GRDB

/// The arithmetic of usage scores: exponential decay, applied lazily.
///
/// On every use all scores are multiplied by `decay` and the used item gains 1. Rather than
/// update every row, the store keeps a global use counter (the clock) and, per item, the score
/// as of the use that last touched it: the current score is `score × decay^(clock − scoredAt)`.
/// One use therefore updates one row. Ranking by current score equals ranking by
/// `ln(score) − scoredAt × ln(decay)`, which does not change as the clock advances, so an
/// index on it answers "top N" without reading every row.
///
/// Nothing here can trap, whatever a hand-edited database holds: differences are taken in
/// `Double`, counters saturate at ``maximumCount``, and a score that is not a finite,
/// non-negative number counts as 0. ``EmojiStore/Maintenance/invalidRows()`` reports such rows.
///
/// `package`: the PostgreSQL store (MojiPostgres) does the same arithmetic with these very
/// functions, so the same uses give the same scores on both databases.
package enum ScoreDecay {
    /// The largest clock value and use count: 2⁵³ − 1, so every count is exact as a `Double`
    /// and `+ 1` never overflows (a use a microsecond would take 285 years to reach it).
    package static let maximumCount = (1 << 53) - 1

    /// The rank of a score written at clock value `at`; nil for a score that does not rank.
    package static func rank(score: Double, at: Int, decay: Double) -> Double? {
        guard score > 0, score.isFinite else { return nil }
        let rank = log(score) - Double(at) * log(decay)
        return rank.isFinite ? rank : nil
    }

    /// The score at `clock` of a score written at `at`: finite and non-negative. A score
    /// written "in the future" (`at > clock`) has not decayed yet, rather than grown.
    package static func decayed(_ score: Double, from at: Int, to clock: Int, decay: Double) -> Double {
        guard score > 0, score.isFinite else { return 0 }
        let elapsed = max(Double(clock) - Double(at), 0)
        let result = score * pow(decay, elapsed)
        return result.isFinite ? result : 0
    }

    /// `count + 1`, saturating at ``maximumCount``.
    package static func incremented(_ count: Int) -> Int {
        count < maximumCount ? max(count, 0) + 1 : maximumCount
    }

    /// The default frequent emoji a new user starts with and their scores (below one use, best
    /// first), as seeded at clock 0.
    package static func seeds(_ configuration: StoreConfiguration) -> [(key: String, score: Double)] {
        var keys: [String] = []
        for text in configuration.defaultFrequentEmoji {
            let key = configuration.catalog.emoji(for: text)?.neutral.character ?? text
            if !keys.contains(key) { keys.append(key) }
        }
        return keys.enumerated().map { offset, key in (key, 0.5 * Double(keys.count - offset) / Double(keys.count)) }
    }

    /// The frequent list from the entries best first (at most ``StoreConfiguration/frequentLimit``):
    /// entries under ``StoreConfiguration/minimumFrequentScore`` leave once
    /// ``StoreConfiguration/minimumFrequentCount`` are kept.
    package static func frequent(_ entries: [UsageEntry], configuration: StoreConfiguration) -> [UsageEntry] {
        var kept: [UsageEntry] = []
        for entry in entries
        where kept.count < configuration.minimumFrequentCount || entry.score >= configuration.minimumFrequentScore {
            kept.append(entry)
        }
        return kept
    }

    /// The clock, read as an integer whatever the row holds (0 when the row is missing).
    static func clock(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT CAST(uses AS INTEGER) FROM clock WHERE id = 1") ?? 0
    }

    /// The decay the scores were computed with; nil when none is recorded or the recorded one
    /// is not in (0, 1].
    static func storedDecay(_ db: Database) throws -> Double? {
        try String.fetchOne(db, sql: "SELECT CAST(value AS TEXT) FROM meta WHERE key = 'decay'")
            .flatMap(Double.init).flatMap { $0 > 0 && $0 <= 1 ? $0 : nil }
    }

    /// The current score of one item (0 when it has none).
    static func currentScore(of key: String, clock: Int, decay: Double, in db: Database) throws -> Double {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(scoreColumns) FROM usage WHERE item = ?", arguments: [key])
        else { return 0 }
        return decayed(row["score"], from: row["scoredAt"], to: clock, decay: decay)
    }

    /// `score` and `scoredAt` as `Double` and `Int` whatever a hand-edited row holds
    /// (SQLite's CAST saturates out-of-range numbers and reads text as 0).
    static let scoreColumns = "CAST(score AS REAL) AS score, CAST(scoredAt AS INTEGER) AS scoredAt"

    /// Records the configured decay; when the database was scored with another one, brings
    /// every score to the current clock and re-ranks it with the new decay (once).
    static func adoptDecay(_ decay: Double, in db: Database) throws {
        precondition(decay > 0 && decay <= 1, "StoreConfiguration.decay must be in (0, 1]")
        let stored = try storedDecay(db)
        if stored == decay { return }
        if let stored {
            let clock = try clock(db)
            let rows = try Row.fetchAll(db, sql: "SELECT CAST(item AS TEXT) AS item, \(scoreColumns) FROM usage")
            for row in rows {
                let score = decayed(row["score"], from: row["scoredAt"], to: clock, decay: stored)
                try db.execute(
                    sql: "UPDATE usage SET score = ?, scoredAt = ?, rank = ? WHERE item = ?",
                    arguments: [
                        score, clock, rank(score: score, at: clock, decay: decay),
                        row["item"] as String,
                    ])
            }
            // Picks learned after queries decay with the same clock (schema v4; absent before it).
            if try db.tableExists("learnedPick") {
                let picks = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT CAST(query AS TEXT) AS query, CAST(item AS TEXT) AS item, \(scoreColumns) FROM learnedPick"
                )
                for row in picks {
                    let score = decayed(row["score"], from: row["scoredAt"], to: clock, decay: stored)
                    try db.execute(
                        sql: "UPDATE learnedPick SET score = ?, scoredAt = ?, rank = ? WHERE query = ? AND item = ?",
                        arguments: [
                            score, clock, rank(score: score, at: clock, decay: decay), row["query"] as String,
                            row["item"] as String,
                        ])
                }
            }
        }
        try db.execute(
            sql: """
                INSERT INTO meta (key, value) VALUES ('decay', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: ["\(decay)"])
    }
}
