import Foundation
import Moji
import MojiPostgres
import MojiStore
import MojiTestSupport
import Testing

/// One specification, two databases: every test runs against a real SQLite file and a real
/// PostgreSQL server, and checks answers against a plain ``EmojiStore`` doing the same calls.
@Suite("UserDataStore conformance")
struct UserDataStoreConformanceTests {
    /// Emoji and a custom code to draw uses from: toned and neutral, one- and two-person.
    static let pool = ["👍", "👍🏽", "❤️", "🎉", "😂", "🧑🏻‍🤝‍🧑🏿", "🧑‍🤝‍🧑", "🔥", "🙏", "👋🏿", "🐈", ":partyparrot:"]

    @Test(
        "a PostgreSQL server runs for the conformance suite",
        .enabled(
            if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired,
            Comment(rawValue: "PostgreSQL cases skipped: \(PostgresTestCluster.availability.reason)")))
    func serverRuns() async throws {
        guard PostgresTestCluster.availability.url != nil else {
            Issue.record(
                "MOJI_REQUIRE_POSTGRES=1, but no PostgreSQL server: \(PostgresTestCluster.availability.reason)")
            return
        }
        let place = try await TestPlace(.postgres)
        let store = try await place.open()
        #expect(try await store.recent(for: "ada", limit: nil).isEmpty)
        await place.remove()
    }

    @Test(
        "the same uses give the same scores, bit for bit, as one EmojiStore, whichever instance records them",
        arguments: StoreKind.testable)
    func sameScores(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        // Two instances take turns at random, and other changes come between uses: what one
        // instance remembers of the user goes stale and must be found out, never written from.
        let instances = [try await place.open(), try await place.open()]
        let store = instances[0]
        let reference = try place.reference()
        var random = SplitMix(seed: 16)
        for use in 0..<300 {
            let item = StoreItem(key: Self.pool[Int.random(in: 0..<Self.pool.count, using: &random)])
            let index = Int.random(in: 0..<instances.count, using: &random)
            // A pin on the other instance: the one that records next must find its memory stale.
            if use % 37 == 36 { try await instances[1 - index].pin(item, at: nil, for: "ada") }
            let entry = try await instances[index].recordUse(of: item, for: "ada")
            let expected = try reference.usage.recordUse(of: item)
            #expect(entry.item == expected.item)
            #expect(entry.score == expected.score)
            #expect(entry.useCount == expected.useCount && entry.lastUse == expected.lastUse)
            #expect(entry.tones == expected.tones)
        }
        let frequent = try await store.frequent(for: "ada", limit: nil)
        let expected = try reference.usage.frequent()
        #expect(frequent.map(\.item) == expected.map(\.item))
        #expect(frequent.map(\.score) == expected.map(\.score))
        #expect(frequent.map(\.useCount) == expected.map(\.useCount))
        // Another user's data is apart: bob starts from the defaults.
        #expect(try await store.recent(for: "bob", limit: nil).isEmpty)
        await place.remove()
    }

    @Test(
        "a new user sees the default frequent emoji; recent is most recent first, each once",
        arguments: StoreKind.testable)
    func frequentAndRecentOrder(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        let reference = try place.reference()
        let fresh = try await store.frequent(for: "cy", limit: nil)
        #expect(fresh.map(\.item) == (try reference.usage.frequent()).map(\.item))
        #expect(fresh.map(\.score) == (try reference.usage.frequent()).map(\.score))
        #expect(fresh.first?.item == StoreItem(key: "😂"))
        for text in ["🎉", "👍🏿", "🐈", "🎉", ":partyparrot:"] {
            try await store.recordUse(of: StoreItem(key: text), for: "cy")
        }
        let recent = try await store.recent(for: "cy", limit: nil)
        #expect(recent.map(\.item.key) == [":partyparrot:", "🎉", "🐈", "👍"])
        #expect(recent.map(\.displayItem.key) == [":partyparrot:", "🎉", "🐈", "👍🏿"])
        #expect(try await store.recent(for: "cy", limit: 2).count == 2)
        // 👍 had a seeded default score before its use, so it outranks 🐈, used once as well.
        let frequent = try await store.frequent(for: "cy", limit: 3)
        #expect(frequent.map(\.item.key) == ["🎉", ":partyparrot:", "👍"])
        await place.remove()
    }

    @Test("tokens: found by hash, listed oldest first, used, revoked", arguments: StoreKind.testable)
    func tokens(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        // The stores keep and compare SHA-256 hex strings; any 64 hex digits stand for one here.
        func newHash() -> String {
            (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
        }
        let hash = newHash()
        let created = Date(timeIntervalSince1970: 1_700_000_000.25)
        let token = try await store.addAPIToken(
            user: "Ada", hash: hash, label: "laptop", at: created)
        #expect(token.user == "ada" && token.label == "laptop" && token.id.count == 12)
        let other = try await store.addAPIToken(
            user: "bob", hash: newHash(), label: nil, at: created + 1)
        #expect(try await store.apiToken(hash: hash) == token)
        #expect(try await store.apiToken(hash: newHash()) == nil)
        #expect(try await store.apiTokens() == [token, other])
        let used = Date(timeIntervalSince1970: 1_700_000_100.5)
        try await store.recordAPITokenUse(id: token.id, at: used)
        #expect(try await store.apiToken(hash: hash)?.lastUsedAt == used)
        try await store.revokeAPIToken(id: token.id)
        #expect(try await store.apiToken(hash: hash) == nil)
        await #expect(throws: StoreError.unknownAPIToken(token.id)) { try await store.revokeAPIToken(id: token.id) }
        await #expect(throws: StoreError.invalidUserName("no one")) {
            try await store.addAPIToken(user: "no one", hash: "00", label: nil, at: created)
        }
        await place.remove()
    }

    @Test(
        "uses recorded at once by many tasks on two instances are all counted, each with its own clock value",
        arguments: StoreKind.testable)
    func concurrentUses(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let instances = [try await place.open(), try await place.open()]
        let items = ["🎉", "👍", "🐈", "🔥", "❤️", "🙏", "😂", ":partyparrot:"]
        let tasks = 16
        let usesPerTask = 10
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                let store = instances[task % instances.count]
                group.addTask {
                    for use in 0..<usesPerTask {
                        try await store.recordUse(of: StoreItem(key: items[(task + use) % items.count]), for: "dee")
                    }
                }
            }
            try await group.waitForAll()
        }
        let recent = try await instances[0].recent(for: "dee", limit: 100)
        #expect(recent.map(\.useCount).reduce(0, +) == tasks * usesPerTask)
        #expect(Set(recent.map(\.item.key)) == Set(items))
        // Every use took the next clock value: the latest is the count of all of them.
        #expect(recent.first?.lastUse == tasks * usesPerTask)
        await place.remove()
    }

    @Test("two instances starting at once migrate and seed once", arguments: StoreKind.testable)
    func startTogether(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        async let first = place.open()
        async let second = place.open()
        let instances = try await [first, second]
        // Both touch a new user at once: seeding twice would double the default scores.
        async let a = instances[0].frequent(for: "eve", limit: nil)
        async let b = instances[1].frequent(for: "eve", limit: nil)
        let (fromFirst, fromSecond) = try await (a, b)
        let expected = try place.reference().usage.frequent()
        #expect(fromFirst.map(\.score) == expected.map(\.score))
        #expect(fromSecond.map(\.score) == expected.map(\.score))
        // A third instance later finds everything in place.
        let third = try await place.open()
        #expect(try await third.frequent(for: "eve", limit: nil).map(\.score) == expected.map(\.score))
        await place.remove()
    }

    @Test(
        "pinned items keep their order; pinning again moves; unpinning says whether it was there",
        arguments: StoreKind.testable)
    func pinned(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        for text in ["🎉", "👍", ":partyparrot:"] { try await store.pin(StoreItem(key: text), at: nil, for: "fay") }
        try await store.pin(StoreItem(key: ":partyparrot:"), at: 0, for: "fay")
        #expect(try await store.pinned(for: "fay").map(\.key) == [":partyparrot:", "🎉", "👍"])
        #expect(try await store.unpin(StoreItem(key: "🎉"), for: "fay"))
        #expect(try await store.unpin(StoreItem(key: "🎉"), for: "fay") == false)
        #expect(try await store.pinned(for: "fay").map(\.key) == [":partyparrot:", "👍"])
        #expect(try await store.pinned(for: "gus").isEmpty)
        await place.remove()
    }

    @Test(
        "replacing the pinned list keeps the given order, a repeat its first place, and readers never see a mix",
        arguments: StoreKind.testable)
    func replacePinned(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        try await store.pin(StoreItem(key: "🔥"), at: nil, for: "ivy")
        try await store.setPinned(["🎉", "👍", "🎉", ":partyparrot:"].map { StoreItem(key: $0) }, for: "ivy")
        #expect(try await store.pinned(for: "ivy").map(\.key) == ["🎉", "👍", ":partyparrot:"])
        // Two writers swap two lists while a reader looks: each read is one whole list.
        let lists = [["😂", "🙏", "🐈"], ["👋🏿", "❤️"]]
        let mixed = try await withThrowingTaskGroup(of: [[String]].self) { group in
            for list in lists {
                group.addTask {
                    for _ in 0..<30 { try await store.setPinned(list.map { StoreItem(key: $0) }, for: "ivy") }
                    return []
                }
            }
            group.addTask {
                var seen: [[String]] = []
                for _ in 0..<60 {
                    let read = try await store.pinned(for: "ivy").map(\.key)
                    if !lists.contains(read) && read != ["🎉", "👍", ":partyparrot:"] { seen.append(read) }
                }
                return seen
            }
            return try await group.reduce(into: [[String]]()) { $0 += $1 }
        }
        #expect(mixed.isEmpty, "half-replaced lists seen: \(mixed.prefix(3))")
        try await store.setPinned([], for: "ivy")
        #expect(try await store.pinned(for: "ivy").isEmpty)
        await place.remove()
    }

    @Test(
        "collections: names ignore ASCII case, items keep their order, deleting says whether it existed",
        arguments: StoreKind.testable)
    func collections(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        try await store.createCollection(named: "Work", for: "hal")
        await #expect(throws: StoreError.collectionExists("work")) {
            try await store.createCollection(named: "work", for: "hal")
        }
        try await store.add(StoreItem(key: "🎉"), toCollection: "work", at: nil, for: "hal")
        try await store.add(StoreItem(key: "👍"), toCollection: "WORK", at: 0, for: "hal")
        try await store.add(StoreItem(key: "🐈"), toCollection: "Cats", at: nil, for: "hal")
        #expect(
            try await store.collections(for: "hal")
                == [
                    EmojiCollection(name: "Work", items: [StoreItem(key: "👍"), StoreItem(key: "🎉")]),
                    EmojiCollection(name: "Cats", items: [StoreItem(key: "🐈")]),
                ])
        #expect(try await store.collection(named: "cats", for: "hal")?.items == [StoreItem(key: "🐈")])
        #expect(try await store.remove(StoreItem(key: "🎉"), fromCollection: "Work", for: "hal"))
        #expect(try await store.remove(StoreItem(key: "🎉"), fromCollection: "Work", for: "hal") == false)
        await #expect(throws: StoreError.collectionNotFound("Dogs")) {
            try await store.remove(StoreItem(key: "🐕"), fromCollection: "Dogs", for: "hal")
        }
        await #expect(throws: StoreError.self) { try await store.createCollection(named: "", for: "hal") }
        #expect(try await store.deleteCollection(named: "cats", for: "hal"))
        #expect(try await store.deleteCollection(named: "cats", for: "hal") == false)
        #expect(try await store.collections(for: "hal").map(\.name) == ["Work"])
        #expect(try await store.collections(for: "ivy").isEmpty)
        await place.remove()
    }

    @Test("tones: a default, one per emoji or one per person, unsupported ones refused", arguments: StoreKind.testable)
    func tones(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        let catalog = EmojiCatalog.shared
        let wave = try #require(catalog.emoji(for: "👋"))
        let couple = try #require(catalog.emoji(for: "🧑‍🤝‍🧑"))
        let cat = try #require(catalog.emoji(for: "🐈"))
        #expect(try await store.defaultSkinTone(for: "jo") == nil)
        try await store.setDefaultSkinTone(.medium, for: "jo")
        #expect(try await store.defaultSkinTone(for: "jo") == .medium)
        try await store.setPreferredSkinTones([.dark], for: wave, user: "jo")
        try await store.setPreferredSkinTones([.light, .dark], for: couple, user: "jo")
        await #expect(throws: StoreError.self) { try await store.setPreferredSkinTones([.dark], for: cat, user: "jo") }
        #expect(
            try await store.skinTonePreferences(for: "jo")
                == [StoreItem(key: "👋"): [.dark], StoreItem(key: "🧑‍🤝‍🧑"): [.light, .dark]])
        try await store.setPreferredSkinTones([], for: wave, user: "jo")
        try await store.setDefaultSkinTone(nil, for: "jo")
        #expect(try await store.skinTonePreferences(for: "jo").keys.map(\.key) == ["🧑‍🤝‍🧑"])
        #expect(try await store.defaultSkinTone(for: "jo") == nil)
        await place.remove()
    }

    @Test("a user name outside the token rule is refused before any file or row is made", arguments: StoreKind.testable)
    func invalidUser(_ kind: StoreKind) async throws {
        let place = try await TestPlace(kind)
        let store = try await place.open()
        await #expect(throws: StoreError.invalidUserName("../etc")) {
            try await store.recordUse(of: StoreItem(key: "🎉"), for: "../etc")
        }
        await place.remove()
    }
}
