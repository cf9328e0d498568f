import Foundation
import Moji
import MojiPostgres
import MojiStore
import MojiTestSupport
import Testing

/// Search that learns from picks, on both databases: the same calls give the same picks and
/// scores as one ``EmojiStore``, per user.
@Suite("UserDataStore conformance: learned picks")
struct LearnedPicksConformanceTests {
    @Test(
        "the same uses and queries give the same learned picks, bit for bit, as one EmojiStore",
        arguments: StoreKind.testable)
    func samePicks(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let instances = [try await place.open(), try await place.open()]
        let reference = try place.reference()
        let queries: [String?] = ["Hola", "hola amigo", "hi", nil, "fiesta", "fi", nil, ":)"]
        var random = SplitMix(seed: 24)
        for _ in 0..<120 {
            let item = StoreItem(
                key: UserDataStoreConformanceTests.pool[
                    Int.random(in: 0..<UserDataStoreConformanceTests.pool.count, using: &random)])
            let query = queries[Int.random(in: 0..<queries.count, using: &random)]
            let instance = instances[Int.random(in: 0..<instances.count, using: &random)]
            let entry = try await instance.recordUse(of: item, query: query, for: "ada")
            let expected = try reference.usage.recordUse(of: item, query: query)
            #expect(entry.score == expected.score && entry.lastUse == expected.lastUse)
        }
        for typed in ["hola", "hol", "h", "fi", "f", ":", "zzz", ""] {
            let picks = try await instances[0].learnedPicks(for: typed, user: "ada", limit: nil)
            #expect(picks == (try reference.usage.learnedPicks(for: typed)), "\(typed)")
            let three = try await instances[1].learnedPicks(for: typed, user: "ada", limit: 3)
            #expect(three == (try reference.usage.learnedPicks(for: typed, limit: 3)), "\(typed)")
        }
        // Uses without a query (the fast path on PostgreSQL) still decay the picks.
        try await instances[0].recordUse(of: StoreItem(key: "🎉"), for: "ada")
        try reference.usage.recordUse(of: StoreItem(key: "🎉"))
        // Both sides first, so that a difference (seen twice under a full test run's load, never
        // alone) shows its values.
        let afterPlainUse = try await instances[1].learnedPicks(for: "h", user: "ada", limit: nil)
        let expected = try reference.usage.learnedPicks(for: "h")
        #expect(afterPlainUse == expected, "\(afterPlainUse) != \(expected)")
        await place.remove()
    }

    @Test("one user's picks never reach another's search", arguments: StoreKind.testable)
    func perUser(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        try await store.recordUse(of: StoreItem(key: "👋"), query: "hola", for: "ada")
        #expect(try await store.learnedPicks(for: "hol", user: "ada", limit: nil).keys == ["👋"])
        #expect(try await store.learnedPicks(for: "hol", user: "bob", limit: nil).isEmpty)
        #expect(try await store.forgetQueries(for: "bob") == 0)
        #expect(try await store.learnedPicks(for: "hol", user: "ada", limit: nil).keys == ["👋"])
        #expect(try await store.forgetQueries(for: "ada") == 1)
        #expect(try await store.learnedPicks(for: "hol", user: "ada", limit: nil).isEmpty)
        // The use itself stays.
        #expect(try await store.recent(for: "ada", limit: nil).map(\.item.key) == ["👋"])
        await place.remove()
    }

    @Test(
        "a bad query is refused and records nothing; a blank one records the use alone", arguments: StoreKind.testable)
    func badQueries(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        for bad in ["a\u{1B}b", "\u{7F}", String(repeating: "x", count: 257)] {
            let error = await #expect(throws: StoreError.self) {
                try await store.recordUse(of: StoreItem(key: "👋"), query: bad, for: "ada")
            }
            guard error?.code == .invalidQuery else {
                Issue.record("\(String(describing: error))")
                continue
            }
        }
        #expect(try await store.recent(for: "ada", limit: nil).isEmpty)
        try await store.recordUse(of: StoreItem(key: "👋"), query: "   ", for: "ada")
        #expect(try await store.recent(for: "ada", limit: nil).map(\.item.key) == ["👋"])
        #expect(try await store.learnedPicks(for: "a", user: "ada", limit: nil).isEmpty)
        await place.remove()
    }

    @Test("each user keeps at most learnedPickLimit pairs, the lowest leaving first", arguments: StoreKind.testable)
    func bounded(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open(learnedPickLimit: 4)
        var configuration = StoreConfiguration()
        configuration.learnedPickLimit = 4
        let reference = try place.reference(configuration: configuration)
        for index in 0..<12 {
            let query = "word \(index % 7)"
            let item = StoreItem(key: ["🐱", "🐶", "🐭"][index % 3])
            try await store.recordUse(of: item, query: query, for: "ada")
            try reference.usage.recordUse(of: item, query: query)
        }
        try await store.recordUse(of: StoreItem(key: "🐝"), query: "bee", for: "bob")
        let kept = try await store.learnedPicks(for: "word", user: "ada", limit: 100)
        #expect(kept == (try reference.usage.learnedPicks(for: "word", limit: 100)))
        #expect(try reference.usage.learnedPickHistory().records.count == 4)
        // Another user's pairs count apart.
        #expect(try await store.learnedPicks(for: "bee", user: "bob", limit: nil).keys == ["🐝"])
        await place.remove()
    }
}
