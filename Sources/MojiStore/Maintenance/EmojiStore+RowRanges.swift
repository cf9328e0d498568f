import Foundation
import GRDB
import Moji

/// A row whose values are out of range: a counter beyond the clock, a score that is not a
/// finite number, an item that is no emoji, a name with control characters. Moji never writes
/// such rows (import refuses them); a hand edit or another tool can. Reading them cannot trap,
/// but they show wrong figures until ``EmojiStore/Maintenance/repairRows()`` fixes them.
public struct InvalidRow: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What ``EmojiStore/Maintenance/repairRows()`` does with the row.
    public enum Fix: String, Sendable, Hashable, Codable {
        /// Brings the value into range (or drops just that value), keeping the row.
        case clamp
        /// Removes the row: nothing in it can be used.
        case drop
    }

    /// The table, e.g. `usage`.
    public var table: String
    /// The row: its item, code, name or key.
    public var key: String
    /// What is wrong, e.g. `scoredAt -9223372036854775808 is not between 0 and the clock (12)`.
    public var problem: String
    /// What repair does.
    public var fix: Fix

    public var description: String {
        let action = fix == .drop ? "drops the row" : "brings it into range"
        return "\(table) \(StoreText.quoted(key)): \(problem); repair \(action)"
    }
}

/// What ``EmojiStore/Maintenance/repairRows()`` changed.
public struct RowRepair: Sendable, Hashable, Codable {
    /// Rows kept with values brought into range.
    public var clamped: Int
    /// Rows removed because nothing in them could be used.
    public var dropped: Int
}

extension EmojiStore {
    /// The work of `EmojiStore.Maintenance.invalidRows`.
    func invalidRows() throws(StoreError) -> [InvalidRow] {
        let catalog = configuration.catalog
        let decay = configuration.decay
        return try read { db in try Self.invalidRows(in: db, catalog: catalog, decay: decay, repairing: false) }
    }

    /// The work of `EmojiStore.Maintenance.repairRows`.
    @discardableResult
    func repairRows() throws(StoreError) -> RowRepair {
        let catalog = configuration.catalog
        let decay = configuration.decay
        let found = try write(StoreArea.allCases) { db in
            try Self.invalidRows(in: db, catalog: catalog, decay: decay, repairing: true)
        }
        let dropped = Set(found.filter { $0.fix == .drop }.map { "\($0.table)\u{0}\($0.key)" })
        let clamped = Set(found.filter { $0.fix == .clamp }.map { "\($0.table)\u{0}\($0.key)" }).subtracting(dropped)
        return RowRepair(clamped: clamped.count, dropped: dropped.count)
    }

    /// Finds, and with `repairing` fixes, the rows out of range. One pass for both, so what
    /// check reports is exactly what repair fixes. `decay` is used when the stored one is bad.
    static func invalidRows(
        in db: Database, catalog: EmojiCatalog, decay fallbackDecay: Double,
        repairing: Bool
    ) throws -> [InvalidRow] {
        var found: [InvalidRow] = []
        func report(_ table: String, _ key: String, _ problem: String, _ fix: InvalidRow.Fix) {
            found.append(InvalidRow(table: table, key: key, problem: problem, fix: fix))
        }

        // The clock first: every counter is checked against it.
        let clockRow = try Row.fetchOne(
            db,
            sql: """
                SELECT typeof(uses) AS type, CAST(uses AS INTEGER) AS uses FROM clock WHERE id = 1
                """)
        var clock = clockRow?["uses"] as Int? ?? 0
        if clockRow == nil || clockRow?["type"] != "integer" || !(0...ScoreDecay.maximumCount).contains(clock) {
            clock = min(max(clock, 0), ScoreDecay.maximumCount)
            let stored = clockRow?["uses"] as Int? ?? 0
            report(
                "clock", "uses",
                clockRow == nil
                    ? "the row is missing"
                    : "\(stored) is not a count between 0 and \(ScoreDecay.maximumCount)", .clamp)
            if repairing {
                try db.execute(sql: "INSERT OR REPLACE INTO clock (id, uses) VALUES (1, ?)", arguments: [clock])
            }
        }

        var decay = try ScoreDecay.storedDecay(db) ?? fallbackDecay
        if let text = try String.fetchOne(db, sql: "SELECT CAST(value AS TEXT) FROM meta WHERE key = 'decay'"),
            try ScoreDecay.storedDecay(db) == nil
        {
            decay = fallbackDecay
            report("meta", "decay", "\(StoreText.quoted(text)) is not a decay in (0, 1]", .clamp)
            if repairing {
                try db.execute(sql: "UPDATE meta SET value = ? WHERE key = 'decay'", arguments: ["\(decay)"])
            }
        }
        if let tone = try String.fetchOne(db, sql: "SELECT CAST(value AS TEXT) FROM meta WHERE key = 'defaultTone'"),
            SkinTone(identifier: tone) == nil
        {
            report("meta", "defaultTone", "\(StoreText.quoted(tone)) is not a skin tone", .drop)
            if repairing { try db.execute(sql: "DELETE FROM meta WHERE key = 'defaultTone'") }
        }

        try checkUsage(db, clock: clock, decay: decay, catalog: catalog, repairing: repairing, report: report)
        try checkLearnedPicks(db, clock: clock, decay: decay, catalog: catalog, repairing: repairing, report: report)
        try checkLists(db, catalog: catalog, repairing: repairing, report: report)
        let sets = try checkCustomSets(db, repairing: repairing, report: report)
        try checkCustomEmoji(db, repairing: repairing, report: report)
        try checkCustomEmojiOfSets(db, sets: sets, repairing: repairing, report: report)
        try checkImageValidators(db, repairing: repairing, report: report)
        return found
    }

    typealias Report = (String, String, String, InvalidRow.Fix) -> Void

    private static func checkUsage(
        _ db: Database, clock: Int, decay: Double, catalog: EmojiCatalog,
        repairing: Bool, report: Report
    ) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT rowid, CAST(item AS TEXT) AS item,
                    typeof(score) AS scoreType, CAST(score AS REAL) AS score,
                    typeof(scoredAt) AS scoredAtType, CAST(scoredAt AS INTEGER) AS scoredAt,
                    typeof(useCount) AS useCountType, CAST(useCount AS INTEGER) AS useCount,
                    typeof(lastUse) AS lastUseType, CAST(lastUse AS INTEGER) AS lastUse,
                    typeof(lastUsedAt) AS lastUsedAtType, CAST(lastUsedAt AS REAL) AS lastUsedAt,
                    CAST(tones AS TEXT) AS tones, typeof(rank) AS rankType, CAST(rank AS REAL) AS rank
                FROM usage
                """)
        for row in rows {
            let rowID: Int64 = row["rowid"]
            let key: String = row["item"] ?? ""
            if let problem = StoreExport.problem(with: StoreItem(key: key), neutral: true, catalog: catalog) {
                report("usage", key, problem, .drop)
                if repairing { try db.execute(sql: "DELETE FROM usage WHERE rowid = ?", arguments: [rowID]) }
                continue
            }
            let numeric: Set<String> = ["integer", "real"]
            var score: Double = row["score"] ?? 0
            if !numeric.contains(row["scoreType"] as String) || !score.isFinite || score < 0 {
                let type: String = row["scoreType"]
                let value = type == "real" ? "\(score)" : "of type \(type)"
                report("usage", key, "score \(value) is not a finite number of 0 or more", .clamp)
                score = 0
            }
            var scoredAt: Int = row["scoredAt"] ?? 0
            if row["scoredAtType"] != "integer" || !(0...clock).contains(scoredAt) {
                report("usage", key, "scoredAt \(scoredAt) is not between 0 and the clock (\(clock))", .clamp)
                scoredAt = min(max(scoredAt, 0), clock)
            }
            var useCount: Int = row["useCount"] ?? 0
            if row["useCountType"] != "integer" || !(0...clock).contains(useCount) {
                report("usage", key, "useCount \(useCount) is not between 0 and the clock (\(clock))", .clamp)
                useCount = min(max(useCount, 0), clock)
            }
            var lastUse: Int? = row["lastUse"]
            if let value = lastUse, row["lastUseType"] != "integer" || !(1...max(clock, 1)).contains(value) {
                report("usage", key, "lastUse \(value) is not between 1 and the clock (\(clock))", .clamp)
                lastUse = value < 1 ? nil : min(value, clock)
            }
            var lastUsedAt: Double? = row["lastUsedAt"]
            if let value = lastUsedAt,
                !numeric.contains(row["lastUsedAtType"] as String) || !(value.isFinite && abs(value) < 1e12)
            {
                report("usage", key, "lastUsedAt \(value) is not a date", .clamp)
                lastUsedAt = nil
            }
            var tones: String? = row["tones"]
            if let text = tones, !text.isEmpty,
                let problem = StoreExport.problem(
                    withTones: text.split(separator: ",").map(String.init), of: key,
                    catalog: catalog)
            {
                report("usage", key, problem, .clamp)
                tones = nil
            }
            let expected = ScoreDecay.rank(score: score, at: scoredAt, decay: decay)
            let rankIsRight = Self.rank(of: row, is: expected)
            if !rankIsRight { report("usage", key, "rank does not match its score", .clamp) }
            if repairing {
                try db.execute(
                    sql: """
                        UPDATE usage SET score = ?, scoredAt = ?, rank = ?, useCount = ?, lastUse = ?, lastUsedAt = ?,
                            tones = ?
                        WHERE rowid = ?
                        """, arguments: [score, scoredAt, expected, useCount, lastUse, lastUsedAt, tones, rowID])
            }
        }
    }

    /// Learned picks: a pair that breaks the rules of import is dropped (it is only a hint for
    /// search); one whose rank does not match its score gets the right rank.
    private static func checkLearnedPicks(
        _ db: Database, clock: Int, decay: Double, catalog: EmojiCatalog, repairing: Bool, report: Report
    ) throws {
        guard try db.tableExists("learnedPick") else { return }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT query AS rawQuery, item AS rawItem, CAST(query AS TEXT) AS query, CAST(item AS TEXT) AS item,
                    typeof(query) AS queryType, typeof(item) AS itemType,
                    typeof(score) AS scoreType, CAST(score AS REAL) AS score,
                    typeof(scoredAt) AS scoredAtType, CAST(scoredAt AS INTEGER) AS scoredAt,
                    typeof(rank) AS rankType, CAST(rank AS REAL) AS rank
                FROM learnedPick
                """)
        for row in rows {
            let query: String = row["query"] ?? ""
            let item: String = row["item"] ?? ""
            let key = "\(query) → \(item)"
            let score: Double = row["score"] ?? 0
            let scoredAt: Int = row["scoredAt"] ?? 0
            let record = StoreExport.LearnedPickRecord(
                query: query, item: StoreItem(key: item), score: score, scoredAt: scoredAt)
            var problem = StoreExport.problem(with: record, clock: clock, catalog: catalog)
            if problem == nil, row["queryType"] != "text" || row["itemType"] != "text" {
                problem = "the query or the item is not text"
            }
            if problem == nil, !["integer", "real"].contains(row["scoreType"] as String) {
                problem = "score of type \(row["scoreType"] as String) is not a number"
            }
            if problem == nil, row["scoredAtType"] != "integer" { problem = "scoredAt is not an integer" }
            let matchingRow = "WHERE query IS ? AND item IS ?"
            let keyArguments: StatementArguments = [row["rawQuery"] as DatabaseValue, row["rawItem"] as DatabaseValue]
            if let problem {
                report("learnedPick", key, problem, .drop)
                if repairing { try db.execute(sql: "DELETE FROM learnedPick \(matchingRow)", arguments: keyArguments) }
                continue
            }
            let expected = ScoreDecay.rank(score: score, at: scoredAt, decay: decay)
            let rankIsRight = Self.rank(of: row, is: expected)
            if !rankIsRight {
                report("learnedPick", key, "rank does not match its score", .clamp)
                if repairing {
                    try db.execute(
                        sql: "UPDATE learnedPick SET rank = ? \(matchingRow)", arguments: [expected] + keyArguments)
                }
            }
        }
    }

    private static func checkLists(_ db: Database, catalog: EmojiCatalog, repairing: Bool, report: Report) throws {
        for table in ["pinned", "collectionItem"] {
            for row in try Row.fetchAll(db, sql: "SELECT rowid, CAST(item AS TEXT) AS item FROM \(table)") {
                let key: String = row["item"] ?? ""
                if let problem = StoreExport.problem(with: StoreItem(key: key), neutral: false, catalog: catalog) {
                    report(table, key, problem, .drop)
                    if repairing {
                        try db.execute(sql: "DELETE FROM \(table) WHERE rowid = ?", arguments: [row["rowid"] as Int64])
                    }
                }
            }
        }
        let preferences = "SELECT CAST(item AS TEXT) AS item, CAST(tones AS TEXT) AS tones FROM tonePreference"
        for row in try Row.fetchAll(db, sql: preferences) {
            let key: String = row["item"] ?? ""
            let tones = (row["tones"] as String? ?? "").split(separator: ",").map(String.init)
            let problem =
                StoreExport.problem(with: StoreItem(key: key), neutral: true, catalog: catalog)
                ?? (tones.isEmpty
                    ? "no tones are given"
                    : StoreExport.problem(withTones: tones, of: key, catalog: catalog))
            if let problem {
                report("tonePreference", key, problem, .drop)
                if repairing { try db.execute(sql: "DELETE FROM tonePreference WHERE item = ?", arguments: [key]) }
            }
        }
        let collections = try Row.fetchAll(db, sql: "SELECT id, CAST(name AS TEXT) AS name FROM collection ORDER BY id")
        var taken = Set(collections.map { StoreExport.caseFolded($0["name"] ?? "") })
        for row in collections {
            let name: String = row["name"] ?? ""
            guard let problem = StoreText.problem(in: name) else { continue }
            report("collection", name, "the name \(problem)", .clamp)
            guard repairing else { continue }
            let id: Int64 = row["id"]
            var cleaned = StoreText.cleaned(name)
            if cleaned.isEmpty || taken.contains(StoreExport.caseFolded(cleaned)) { cleaned = "Collection \(id)" }
            while taken.contains(StoreExport.caseFolded(cleaned)) { cleaned += " \(id)" }
            taken.insert(StoreExport.caseFolded(cleaned))
            try db.execute(sql: "UPDATE collection SET name = ? WHERE id = ?", arguments: [cleaned, id])
        }
    }

    private static func checkCustomEmoji(_ db: Database, repairing: Bool, report: Report) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT rowid, CAST(code AS TEXT) AS code, CAST(name AS TEXT) AS name, CAST(keywords AS TEXT) AS keywords,
                    CAST(groupName AS TEXT) AS groupName, CAST(image AS TEXT) AS image, CAST(source AS TEXT) AS source
                FROM customEmoji
                """)
        for row in rows {
            let rowID: Int64 = row["rowid"]
            let code: String = row["code"] ?? ""
            let keywordData = Data((row["keywords"] as String? ?? "").utf8)
            let keywords = (try? JSONDecoder().decode([String].self, from: keywordData)) ?? []
            let image: String? = row["image"]
            let emoji = CustomEmoji(
                code: code, name: row["name"] ?? "", keywords: keywords, group: row["groupName"],
                image: image?.isEmpty == true ? nil : image, source: row["source"])
            if !CustomEmoji.isValidCode(code) || emoji.code != code || code.count > StoreText.maximumLength {
                report("customEmoji", code, "the code is not valid (no spaces or colons inside)", .drop)
                if repairing { try db.execute(sql: "DELETE FROM customEmoji WHERE rowid = ?", arguments: [rowID]) }
                continue
            }
            guard let problem = problem(with: emoji) else { continue }
            report("customEmoji", code, problem, .clamp)
            guard repairing else { continue }
            let cleanedKeywords = keywords.map { StoreText.cleaned($0) }.filter { !$0.isEmpty }
                .prefix(maximumCustomKeywordCount)
            let keywordText = String(decoding: try JSONEncoder().encode(Array(cleanedKeywords)), as: UTF8.self)
            let group = emoji.group.map { StoreText.cleaned($0) }.flatMap { $0.isEmpty ? nil : $0 }
            let references = [emoji.image, emoji.source].map { value in
                value.map { StoreText.cleaned($0, maximumLength: StoreText.maximumReferenceLength) }
            }
            try db.execute(
                sql: """
                    UPDATE customEmoji SET name = ?, keywords = ?, groupName = ?, image = ?, source = ? WHERE rowid = ?
                    """,
                arguments: [
                    StoreText.cleaned(emoji.name), keywordText, group, references[0] ?? "",
                    references[1].flatMap { $0.isEmpty ? nil : $0 }, rowID,
                ])
        }
    }

    /// Whether a row's stored `rank` (a usage or learned-pick row) is `expected`, the one its
    /// score and time give: both absent, or a REAL within rounding of it.
    private static func rank(of row: Row, is expected: Double?) -> Bool {
        let rank: Double? = row["rank"]
        switch (expected, rank) {
        case (nil, nil): return true
        case (let expected?, let rank?):
            return row["rankType"] == "real" && abs(expected - rank) <= 1e-9 * max(1, abs(expected))
        default: return false
        }
    }
}
