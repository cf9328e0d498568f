import Foundation
import GRDB
import Moji
import MojiStore
import Testing

/// Rows a hand edit (or another tool) left out of range: reading and recording never trap,
/// check reports them, repair fixes them in place.
@Suite("hand-edited rows", .serialized)
struct HandEditedRowTests {
    /// A store with three used emoji, then `sql` run on its file behind its back.
    static func edited(_ sql: String) throws -> (TemporaryDirectory, EmojiStore) {
        let directory = try TemporaryDirectory()
        do {
            let store = try EmojiStore(url: directory.databaseURL)
            for text in ["😀", "🎉", "👍", "🎉"] { try store.usage.recordUse(of: emoji(text)) }
        }
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        return (directory, try EmojiStore(url: directory.databaseURL))
    }

    static let edits = [
        "UPDATE usage SET scoredAt = -9223372036854775808 WHERE item = '🎉'",
        "UPDATE usage SET useCount = 9223372036854775807 WHERE item = '🎉'",
        "UPDATE usage SET scoredAt = 1000000 WHERE item = '🎉'",
        "UPDATE usage SET score = 9e999 WHERE item = '🎉'",
        "UPDATE usage SET score = 'lots', scoredAt = 1e300, useCount = -4 WHERE item = '🎉'",
        "UPDATE clock SET uses = 9223372036854775807",
        "DELETE FROM clock",
        "UPDATE meta SET value = 'nan' WHERE key = 'decay'",
    ]

    @Test("frequent, recent, score and use never trap, and scores stay finite", arguments: edits)
    func noTrap(sql: String) throws {
        let (directory, store) = try Self.edited(sql)
        for _ in 0..<3 {
            _ = try store.usage.frequent()
            _ = try store.usage.recent()
            _ = try store.usage.mostUsed()
            _ = try store.usage.scores()
            try store.usage.recordUse(of: emoji("🎉"))
        }
        #expect(try store.usage.frequent().allSatisfy { $0.score.isFinite && $0.score >= 0 })
        #expect(try store.usage.score(for: StoreItem(emoji("🎉"))).isFinite)
        #expect(try store.usage.entry(for: StoreItem(emoji("🎉")))?.useCount ?? 0 > 0)
        _ = directory
    }

    @Test("check reports a row out of range, repair clamps it in place and check is ok again")
    func checkAndRepair() async throws {
        let (directory, store) = try Self.edited(
            """
            UPDATE usage SET scoredAt = -9223372036854775808 WHERE item = '🎉';
            UPDATE usage SET useCount = 9223372036854775807 WHERE item = '👍';
            INSERT INTO usage (item, score, scoredAt, useCount) VALUES ('hello', 1, 1, 1);
            INSERT INTO pinned (item, position) VALUES (':a b:', 0);
            INSERT INTO collection (name, createdAt) VALUES (char(27) || ']0;PWNED' || char(7), 0);
            """)
        let rows = try store.maintenance.invalidRows()
        #expect(
            rows.contains {
                $0.table == "usage" && $0.key == "🎉" && $0.problem.contains("scoredAt") && $0.fix == .clamp
            })
        #expect(rows.contains { $0.table == "usage" && $0.key == "👍" && $0.problem.contains("useCount") })
        #expect(rows.contains { $0.table == "usage" && $0.key == "hello" && $0.fix == .drop })
        #expect(rows.contains { $0.table == "pinned" && $0.fix == .drop })
        #expect(rows.contains { $0.table == "collection" && $0.fix == .clamp })

        let health = EmojiStore.check(at: directory.databaseURL)
        #expect(!health.isHealthy)
        #expect(health.condition == .invalidRows)
        #expect(health.invalidRows == rows)

        let moji = MojiProcess(home: directory.url)
        let check = try await moji.run(["store", "check"])
        #expect(check.status == 5)
        #expect(check.output.contains("out of range"))
        #expect(check.output.contains("scoredAt -9223372036854775808"))
        #expect(!check.output.contains("\u{1B}"))

        let repair = try await moji.run(["store", "repair"])
        #expect(repair.status == 0, "\(repair.errors)")
        #expect(repair.output.contains("fixed 3 rows in place and dropped 2"))
        #expect(try store.maintenance.invalidRows().isEmpty)
        #expect(EmojiStore.check(at: directory.databaseURL).isHealthy)
        // Nothing moved aside: the same file, with its uses.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).allSatisfy {
                !$0.contains("broken")
            })
        #expect(try store.usage.entry(for: StoreItem(emoji("👍")))?.useCount == 4)
        #expect(try store.favorites.collections().map(\.name) == ["]0;PWNED"])
    }

    @Test("moji use, recent and frequent on a hand-edited store exit 0 instead of crashing")
    func commandLine() async throws {
        let (directory, _) = try Self.edited(
            """
            UPDATE usage SET scoredAt = -9223372036854775808 WHERE item = '🎉';
            UPDATE usage SET useCount = 9223372036854775807 WHERE item = '👍';
            """)
        let moji = MojiProcess(home: directory.url)
        for arguments in [["frequent"], ["recent"], ["use", "🎉", "👍"], ["most-used"]] {
            let result = try await moji.run(arguments)
            #expect(result.status == 0, "moji \(arguments.joined(separator: " ")): \(result.errors)")
        }
    }
}
