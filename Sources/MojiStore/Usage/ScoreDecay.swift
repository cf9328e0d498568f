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
enum ScoreDecay {
    /// The rank of a score written at clock value `at`.
    static func rank(score: Double, at: Int, decay: Double) -> Double? {
        guard score > 0 else { return nil }
        return log(score) - Double(at) * log(decay)
    }

    /// The score at `clock` of a score written at `at`.
    static func decayed(_ score: Double, from at: Int, to clock: Int, decay: Double) -> Double {
        score * pow(decay, Double(clock - at))
    }

    static func clock(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT uses FROM clock WHERE id = 1") ?? 0
    }

    static func storedDecay(_ db: Database) throws -> Double? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'decay'").flatMap(Double.init)
    }

    /// The current score of one item (0 when it has none).
    static func currentScore(of key: String, clock: Int, decay: Double, in db: Database) throws -> Double {
        guard let row = try Row.fetchOne(db, sql: "SELECT score, scoredAt FROM usage WHERE item = ?", arguments: [key]) else {
            return 0
        }
        return decayed(row["score"], from: row["scoredAt"], to: clock, decay: decay)
    }

    /// Records the configured decay; when the database was scored with another one, brings
    /// every score to the current clock and re-ranks it with the new decay (once).
    static func adoptDecay(_ decay: Double, in db: Database) throws {
        precondition(decay > 0 && decay <= 1, "StoreConfiguration.decay must be in (0, 1]")
        let stored = try storedDecay(db)
        if stored == decay { return }
        if let stored {
            let clock = try clock(db)
            let rows = try Row.fetchAll(db, sql: "SELECT item, score, scoredAt FROM usage")
            for row in rows {
                let score = decayed(row["score"], from: row["scoredAt"], to: clock, decay: stored)
                try db.execute(sql: "UPDATE usage SET score = ?, scoredAt = ?, rank = ? WHERE item = ?",
                               arguments: [score, clock, rank(score: score, at: clock, decay: decay), row["item"] as String])
            }
        }
        try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('decay', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       arguments: ["\(decay)"])
    }
}
