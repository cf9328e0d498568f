import Foundation
import Moji
import MojiPostgres
import MojiStore
import MojiTestSupport
import Testing

/// One user's data moved between a SQLite store and PostgreSQL with ``StoreExport``, both ways.
@Suite(
    "moving a user between SQLite and PostgreSQL",
    .enabled(
        if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired,
        Comment(rawValue: "PostgreSQL cases skipped: \(PostgresTestCluster.availability.reason)")))
struct UserTransferTests {
    /// A store with everything an export holds: uses (toned, two-person), pins, collections, tones.
    static func filledStore(_ store: EmojiStore, seed: UInt64) throws {
        let pool = ["👍", "👍🏽", "❤️", "🎉", "😂", "🧑🏻‍🤝‍🧑🏿", "🔥", "🙏", "👋🏿", "🐈"]
        var random = SplitMix(seed: seed)
        // Every third use follows a query: the export carries the picks learned after them.
        let queries = ["hola", "hola amigo", "ok", "fiesta"]
        for use in 0..<150 {
            let item = StoreItem(key: pool[Int.random(in: 0..<pool.count, using: &random)])
            let query = use % 3 == 0 ? queries[Int.random(in: 0..<queries.count, using: &random)] : nil
            try store.usage.recordUse(of: item, query: query)
        }
        try store.favorites.pin(StoreItem(key: "🐈"))
        try store.favorites.pin(StoreItem(key: "🎉"))
        try store.favorites.pin(StoreItem(key: "🔥"), at: 0)
        try store.favorites.createCollection(named: "Work")
        try store.favorites.add(StoreItem(key: "👍"), toCollection: "Work")
        try store.favorites.add(StoreItem(key: "🙏"), toCollection: "Work", at: 0)
        try store.favorites.add(StoreItem(key: "😂"), toCollection: "party")
        try store.skinTones.setDefault(.mediumDark)
        let thumbs = try #require(EmojiCatalog.shared.emoji(for: "👍"))
        try store.skinTones.setPreferred([.light], for: thumbs)
        let pair = try #require(EmojiCatalog.shared.emoji(for: "🧑‍🤝‍🧑"))
        try store.skinTones.setPreferred([.light, .dark], for: pair)
    }

    /// Everything but when it was exported.
    static func sameData(_ one: StoreExport, _ other: StoreExport) -> Bool {
        var other = other
        other.exportedAt = one.exportedAt
        return one == other
    }

    static func withoutTimes(_ export: StoreExport) -> StoreExport {
        var export = export
        for index in export.usage.indices { export.usage[index].lastUsedAt = nil }
        return export
    }

    @Test("SQLite → export → PostgreSQL → export gives the same data, and scores continue exactly; and back")
    func roundTrip() async throws {
        let place = try await TestPlace(.postgres)
        let postgres = try #require(try await place.open() as? PostgresUserDataStore)
        let sqlite = try place.reference("ada")
        try Self.filledStore(sqlite, seed: 16)
        // Another user's data must not move.
        try await postgres.recordUse(of: StoreItem(key: "🐈"), for: "bob")
        let bobBefore = try await postgres.export(user: "bob")

        let fromSQLite = try sqlite.maintenance.export()
        #expect(fromSQLite.usage.count >= 10 && fromSQLite.pinned.count == 3 && fromSQLite.collections.count == 2)
        #expect(fromSQLite.learnedPicks.count >= 8)
        try await postgres.importData(fromSQLite, for: "ada")
        let fromPostgres = try await postgres.export(user: "ada")
        #expect(Self.sameData(fromSQLite, fromPostgres))
        #expect(fromPostgres.usage == fromSQLite.usage)
        #expect(fromPostgres.pinned.map(\.key) == ["🔥", "🐈", "🎉"])
        #expect(fromPostgres.collections.map(\.name) == ["Work", "party"])
        #expect(fromPostgres.collections.first?.items.map(\.key) == ["🙏", "👍"])
        #expect(fromPostgres.skinTones["👍"] == ["light"])
        #expect(fromPostgres.defaultSkinTone == "medium-dark")
        #expect(try await postgres.export(user: "bob").usage == bobBefore.usage)

        // The lists read the same, and the next uses score the same on both.
        let recent = try await postgres.recent(for: "ada", limit: nil)
        #expect(recent.map(\.item) == (try sqlite.usage.recent()).map(\.item))
        for key in ["🎉", "👍🏿", "🐈", "🎉"] {
            let there = try await postgres.recordUse(of: StoreItem(key: key), for: "ada")
            let here = try sqlite.usage.recordUse(of: StoreItem(key: key))
            #expect(there.score == here.score && there.useCount == here.useCount && there.lastUse == here.lastUse)
        }
        let frequent = try await postgres.frequent(for: "ada", limit: nil)
        #expect(frequent.map(\.score) == (try sqlite.usage.frequent()).map(\.score))
        // The learned picks moved with their scores, and go on learning the same.
        try await postgres.recordUse(of: StoreItem(key: "👋"), query: "hola", for: "ada")
        try sqlite.usage.recordUse(of: StoreItem(key: "👋"), query: "hola")
        for typed in ["hol", "ok", "f"] {
            let there = try await postgres.learnedPicks(for: typed, user: "ada", limit: nil)
            let here = try sqlite.usage.learnedPicks(for: typed)
            #expect(!there.isEmpty && there == here, "\(typed)")
        }

        // And back, into a fresh SQLite store.
        let moved = try await postgres.export(user: "ada")
        let back = try place.reference("ada-back")
        try back.maintenance.importData(moved)
        #expect(Self.sameData(moved, try back.maintenance.export()))
        // The uses after the move were made at slightly different times on each; all else is the same.
        #expect(
            Self.sameData(
                Self.withoutTimes(try sqlite.maintenance.export()), Self.withoutTimes(try back.maintenance.export())))
        try sqlite.close()
        try back.close()
        await place.remove()
    }

    @Test("an import replaces the user's data whole; a broken export or another decay changes nothing")
    func importReplaces() async throws {
        let place = try await TestPlace(.postgres)
        let postgres = try #require(try await place.open() as? PostgresUserDataStore)
        try await postgres.pin(StoreItem(key: "🐈"), at: nil, for: "ada")
        try await postgres.createCollection(named: "Old", for: "ada")
        let before = try await postgres.export(user: "ada")

        var other = before
        other.decay = 0.5
        await #expect(throws: StoreError.self) { try await postgres.importData(other, for: "ada") }
        var broken = before
        broken.usage.append(
            StoreExport.UsageRecord(
                item: StoreItem(key: "🎉"), score: -.infinity, scoredAt: 1, useCount: -4, lastUse: nil,
                lastUsedAt: nil, tones: []))
        await #expect(throws: StoreError.self) { try await postgres.importData(broken, for: "ada") }
        #expect(Self.sameData(before, try await postgres.export(user: "ada")))

        let sqlite = try place.reference()
        try sqlite.usage.recordUse(of: StoreItem(key: "🎉"))
        try await postgres.importData(try sqlite.maintenance.export(), for: "ada")
        let after = try await postgres.export(user: "ada")
        #expect(after.pinned.isEmpty && after.collections.isEmpty)
        #expect(after.usage.first { $0.item.key == "🎉" }?.useCount == 1)
        try sqlite.close()
        await place.remove()
    }
    @Test("a use never writes over an import it did not see: imports racing uses leave a state one order of them gives")
    func importsRacingUses() async throws {
        let place = try await TestPlace(.postgres)
        let first = try #require(try await place.open() as? PostgresUserDataStore)
        let second = try #require(try await place.open() as? PostgresUserDataStore)
        let base = try await first.export(user: "kim")
        let party = StoreItem(key: "🎉")
        let cat = StoreItem(key: "🐈")
        // Import k leaves 🎉 with count 1000·k at clock 10000·k, and 🐈 (never used here) with count
        // k: a use worked out from the data before an import and written after it would leave 🎉 in
        // an older import's count than 🐈, or the count, the clock and the score out of step.
        func imported(_ k: Int) -> StoreExport {
            var export = base
            export.clock = 10000 * k
            export.usage = [
                StoreExport.UsageRecord(
                    item: party, score: 1, scoredAt: 10000 * k, useCount: 1000 * k, lastUse: 10000 * k, lastUsedAt: nil,
                    tones: []),
                StoreExport.UsageRecord(
                    item: cat, score: 1, scoredAt: 10000 * k - 1, useCount: k, lastUse: 10000 * k - 1, lastUsedAt: nil,
                    tones: []),
            ]
            return export
        }
        // Imports go on, one after another, through the first half of the uses: the last one lands
        // while uses are under way, and the uses after it must all build on it.
        let usesDone = Locked(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var k = 1
                repeat {
                    try await first.importData(imported(k), for: "kim")
                    k += 1
                } while usesDone.withLock { $0 } < 200
            }
            for store in [first, second] {
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<50 {
                            try await store.recordUse(of: party, for: "kim")
                            usesDone.withLock { $0 += 1 }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let final = try await first.export(user: "kim")
        let row = try #require(final.usage.first { $0.item == party })
        let k = row.useCount / 1000
        let uses = row.useCount - 1000 * k
        #expect(k >= 1 && uses <= 400)
        #expect(final.usage.first { $0.item == cat }?.useCount == k, "🎉 is from import \(k)")
        #expect(final.clock == 10000 * k + uses && row.scoredAt == final.clock && row.lastUse == final.clock)
        var score = 1.0
        for clock in stride(from: 10000 * k + 1, through: 10000 * k + uses, by: 1) {
            score = ScoreDecay.decayed(score, from: clock - 1, to: clock, decay: final.decay) + 1
        }
        #expect(row.score == score, "\(uses) uses after import \(k)")
        await place.remove()
    }
    @Test("a use written from an instance's memory after another instance imported the user builds on the import")
    func useAfterImportElsewhere() async throws {
        let place = try await TestPlace(.postgres)
        let first = try #require(try await place.open() as? PostgresUserDataStore)
        let second = try #require(try await place.open() as? PostgresUserDataStore)
        let party = StoreItem(key: "🎉")
        try await first.recordUse(of: party, for: "lou")
        try await first.recordUse(of: party, for: "lou")
        var export = try await second.export(user: "lou")
        export.clock = 500
        export.usage = [
            StoreExport.UsageRecord(
                item: party, score: 1, scoredAt: 500, useCount: 50, lastUse: 500, lastUsedAt: nil, tones: [])
        ]
        try await second.importData(export, for: "lou")
        let entry = try await first.recordUse(of: party, for: "lou")
        #expect(entry.useCount == 51 && entry.lastUse == 501)
        #expect(entry.score == ScoreDecay.decayed(1, from: 500, to: 501, decay: export.decay) + 1)
        await place.remove()
    }
}
