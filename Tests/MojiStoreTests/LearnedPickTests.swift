import Foundation
import GRDB
import Moji
import MojiStore
import Testing

@Suite("search that learns from picks")
struct LearnedPickTests {
    @Test("a pick after a query ranks first for that query and every prefix of it, folded as search folds")
    func picksForQueryAndPrefixes() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("👋"), query: "Hola")
        try store.usage.recordUse(of: emoji("👋"), query: " hola ")
        for typed in ["hola", "hol", "h", "HÓLA", "ＨＯＬＡ"] {
            #expect(try store.usage.learnedPicks(for: typed).keys == ["👋"], "\(typed)")
        }
        #expect(try store.usage.learnedPicks(for: "holas").isEmpty)
        #expect(try store.usage.learnedPicks(for: "ola").isEmpty)
        #expect(try store.usage.learnedPicks(for: "  ").isEmpty)
        let wave = try #require(try store.usage.learnedPicks(for: "hol").picks.first)
        #expect(abs(wave.score - 1.9) < 1e-12)  // 1 × 0.9 + 1

        let search = try EmojiSearch(locale: "es")
        var options = SearchOptions(limit: 5)
        options.learnedPicks = try store.usage.learnedPicks(for: "hol")
        #expect(search.results(for: "hol", options: options).first?.item.text == "👋")
    }

    @Test("scores decay with every use, as usage scores do, and prefixes sum the queries they start")
    func decayLikeUsage() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let queries = ["hola", "hola amigo", "hi", nil, "party", "par"]
        let pool = ["👋", "🤝", "🎉", "🥳", "😂"]
        var eager: [String: [String: Double]] = [:]  // query → key → score
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let query = queries[Int.random(in: 0..<queries.count, using: &random)]
            let key = pool[Int.random(in: 0..<pool.count, using: &random)]
            for (q, scores) in eager { for (k, score) in scores { eager[q]![k] = score * 0.9 } }
            if let query { eager[query, default: [:]][key, default: 0] += 1 }
            try store.usage.recordUse(of: emoji(key), query: query)
        }
        for typed in ["hola", "hol", "h", "p", "party", "hi"] {
            var sums: [String: Double] = [:]
            for (query, scores) in eager where query.hasPrefix(typed) {
                for (key, score) in scores { sums[key, default: 0] += score }
            }
            let learned = try store.usage.learnedPicks(for: typed, limit: 10)
            #expect(Set(learned.keys) == Set(sums.keys), "\(typed)")
            for pick in learned.picks { #expect(abs(pick.score - sums[pick.key]!) < 1e-9, "\(typed) \(pick.key)") }
            #expect(learned.picks.map(\.score) == learned.picks.map(\.score).sorted(by: >))
        }
    }

    @Test("a use without a query learns nothing; a toned pick counts for its neutral emoji")
    func noQueryAndTones() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("🎉"))
        try store.usage.recordUse(of: emoji("🎉"), query: nil)
        try store.usage.recordUse(of: emoji("🎉"), query: "  ")
        #expect(try store.usage.learnedPickHistory().isEmpty)
        #expect(try store.usage.entry(for: StoreItem(key: "🎉"))?.useCount == 3)
        try store.usage.recordUse(of: StoreItem(emoji("👍🏽")), query: "ok")
        try store.usage.recordUse(of: emoji("👍🏿"), query: "ok")
        #expect(try store.usage.learnedPicks(for: "ok").keys == ["👍"])
        #expect(try store.usage.entry(for: StoreItem(key: "👍"))?.tones == [.dark])
        try store.usage.recordUse(of: StoreItem.custom("PartyParrot"), query: "fiesta")
        #expect(try store.usage.learnedPicks(for: "fies").keys == [":PartyParrot:"])
    }

    @Test("a query too long or holding a control character is refused, and nothing is recorded")
    func invalidQueries() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        for bad in ["hola\u{1B}[31m", "a\nb", "x\u{2028}", String(repeating: "a", count: 257)] {
            let error = #expect(throws: StoreError.self) { try store.usage.recordUse(of: emoji("👋"), query: bad) }
            guard error?.code == .invalidQuery else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(error?.description.contains("Nothing was recorded") == true)
        }
        #expect(try store.usage.totalUses() == 0)
        try store.usage.recordUse(of: emoji("👋"), query: String(repeating: "a", count: 256))
        #expect(try store.usage.learnedPicks(for: "aaa").keys == ["👋"])
    }

    @Test("at most learnedPickLimit pairs are kept: the lowest scores leave first")
    func bounded() throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration()
        configuration.learnedPickLimit = 3
        let store = try EmojiStore(url: directory.databaseURL, configuration: configuration)
        try store.usage.recordUse(of: emoji("🐱"), query: "cat")
        try store.usage.recordUse(of: emoji("🐱"), query: "cat")
        try store.usage.recordUse(of: emoji("🐶"), query: "dog")
        try store.usage.recordUse(of: emoji("🐭"), query: "mouse")
        try store.usage.recordUse(of: emoji("🐴"), query: "horse")
        let history = try store.usage.learnedPickHistory()
        #expect(history.records.map(\.query) == ["cat", "horse", "mouse"])
        // Far more queries than the limit: the table stays at the limit.
        for index in 0..<50 { try store.usage.recordUse(of: emoji("🐝"), query: "bee \(index)") }
        #expect(try store.usage.learnedPickHistory().records.count == 3)
        #expect(try store.usage.learnedPicks(for: "bee 49").keys == ["🐝"])
    }

    @Test("a typed prefix reads one range of the primary key")
    func rangeOfTheIndex() throws {
        let directory = try TemporaryDirectory()
        _ = try EmojiStore(url: directory.databaseURL)
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        let plan = try queue.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN SELECT * FROM learnedPick WHERE query >= ? AND query < ?",
                arguments: ["hol", "hom"]
            ).map { $0["detail"] as String }
        }
        try queue.close()
        #expect(plan.contains { $0.contains("SEARCH") && $0.contains("PRIMARY KEY") }, "\(plan)")
    }

    @Test("forget-queries forgets the picks only; clearAll forgets them with the usage")
    func forgetting() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("👋"), query: "hola")
        try store.usage.recordUse(of: emoji("🤝"), query: "hola")
        #expect(try store.usage.forgetQueries() == 2)
        #expect(try store.usage.learnedPicks(for: "hola").isEmpty)
        #expect(try store.usage.entry(for: StoreItem(key: "👋"))?.useCount == 1)
        #expect(try store.usage.forgetQueries() == 0)
        try store.usage.recordUse(of: emoji("👋"), query: "hola")
        try store.usage.clearAll()
        #expect(try store.usage.learnedPickHistory().isEmpty)
    }

    @Test("export and import carry the picks, so scores continue; an export without them still imports")
    func transfer() throws {
        let source = try TemporaryDirectory()
        let store = try EmojiStore(url: source.databaseURL)
        try store.usage.recordUse(of: emoji("👋"), query: "hola")
        try store.usage.recordUse(of: emoji("🎉"))
        try store.usage.recordUse(of: emoji("👋"), query: "hola")
        try store.usage.recordUse(of: StoreItem.custom("parrot"), query: "fiesta")
        let export = try store.maintenance.export()
        #expect(export.learnedPicks.map(\.query) == ["fiesta", "hola"])
        let data = try export.jsonData()

        let target = try TemporaryDirectory()
        let copy = try EmojiStore(url: target.databaseURL)
        try copy.maintenance.importData(StoreExport(jsonData: data))
        #expect(try copy.usage.learnedPicks(for: "hol") == (try store.usage.learnedPicks(for: "hol")))
        try copy.usage.recordUse(of: emoji("👋"), query: "hola")
        try store.usage.recordUse(of: emoji("👋"), query: "hola")
        #expect(try copy.usage.learnedPicks(for: "hola") == (try store.usage.learnedPicks(for: "hola")))

        // An export of a Moji before learned picks has no such key.
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["learnedPicks"] = nil
        let older = try JSONSerialization.data(withJSONObject: object)
        let oldTarget = try TemporaryDirectory()
        let old = try EmojiStore(url: oldTarget.databaseURL)
        try old.usage.recordUse(of: emoji("🐱"), query: "cat")
        try old.maintenance.importData(StoreExport(jsonData: older))
        #expect(try old.usage.learnedPickHistory().isEmpty)
        #expect(try old.usage.entry(for: StoreItem(key: "👋"))?.useCount == 2)
    }

    @Test("import refuses a bad learned pick, naming it, and changes nothing")
    func importValidation() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("🐱"), query: "cat")
        let good = try store.maintenance.export()
        let bad: [(StoreExport.LearnedPickRecord, String)] = [
            (.init(query: "Hola", item: StoreItem(key: "👋"), score: 1, scoredAt: 1), "not folded"),
            (.init(query: "hola", item: StoreItem(key: "👋🏽"), score: 1, scoredAt: 1), "neutral"),
            (.init(query: "hola", item: StoreItem(key: "nope"), score: 1, scoredAt: 1), "neither an emoji"),
            (.init(query: "hola", item: StoreItem(key: "👋"), score: .nan, scoredAt: 1), "finite"),
            (.init(query: "hola", item: StoreItem(key: "👋"), score: 1, scoredAt: 99), "clock"),
            (.init(query: "", item: StoreItem(key: "👋"), score: 1, scoredAt: 1), "empty"),
        ]
        for (record, reason) in bad {
            var export = good
            export.learnedPicks.append(record)
            let error = #expect(throws: StoreError.self) { try store.maintenance.importData(export) }
            guard error?.code == .invalidImportEntry, let entry = error?.subject, let message = error?.reason else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(entry.hasPrefix("learnedPicks[1]") && message.contains(reason), "\(entry): \(message)")
        }
        var twice = good
        twice.learnedPicks.append(good.learnedPicks[0])
        #expect(throws: StoreError.self) { try store.maintenance.importData(twice) }
        #expect(try store.usage.learnedPicks(for: "cat").keys == ["🐱"])
        #expect(twice.droppingInvalidEntries().learnedPicks.count == 1)
    }

    @Test("opening with another decay rescales the picks as it rescales usage")
    func otherDecay() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("👋"), query: "hola")
        try store.usage.recordUse(of: emoji("🎉"))
        try store.close()
        var configuration = StoreConfiguration()
        configuration.decay = 0.5
        let reopened = try EmojiStore(url: directory.databaseURL, configuration: configuration)
        try reopened.usage.recordUse(of: emoji("🎉"))
        // 0.9 for the use before the change, then 0.5 for the one after.
        let wave = try #require(try reopened.usage.learnedPicks(for: "hola").picks.first)
        #expect(abs(wave.score - 0.9 * 0.5) < 1e-12)
        #expect(try reopened.maintenance.invalidRows().isEmpty)
    }

    @Test("hand-edited learned picks are reported by check and fixed by repair")
    func handEditedRows() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("👋"), query: "hola")
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO learnedPick (query, item, score, scoredAt, rank) VALUES
                        ('HOLA', '👋', 1, 1, 0), ('hi', 'nope', 1, 1, 0), ('hey', '👋', 'x', 1, 0);
                    UPDATE learnedPick SET rank = 42 WHERE query = 'hola';
                    """)
        }
        try queue.close()
        let found = try store.maintenance.invalidRows().filter { $0.table == "learnedPick" }
        #expect(found.filter { $0.fix == .drop }.count == 3, "\(found)")
        #expect(found.contains { $0.fix == .clamp && $0.problem.contains("rank") })
        try store.maintenance.repairRows()
        #expect(try store.maintenance.invalidRows().isEmpty)
        #expect(try store.usage.learnedPickHistory().records.map(\.query) == ["hola"])
        #expect(try store.usage.learnedPicks(for: "h").keys == ["👋"])
    }

    @Test("a file of an older schema opens, upgrades and learns")
    func upgradeLearns() throws {
        let directory = try SchemaUpgradeTests.version1File()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.usage.recordUse(of: emoji("🎉"), query: "fiesta")
        #expect(try store.usage.learnedPicks(for: "fi").keys == ["🎉"])
        #expect(try store.usage.recent().map(\.item.key).prefix(3) == ["🎉", ":smith:"])
    }
}
