import Foundation
import GRDB
import MojiStore
import Testing

@Suite("API tokens in the store")
struct TokenTests {
    static let hashA = String(repeating: "a", count: 64)
    static let hashB = String(repeating: "b", count: 64)

    @Test("a token is saved by its hash, found by it, listed without it, and revoked by id")
    func lifecycle() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        #expect(try store.hasAPITokens() == false)
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        let ada = try store.addAPIToken(user: "Ada", hash: Self.hashA, label: "laptop", at: created)
        let bob = try store.addAPIToken(user: "bob", hash: Self.hashB, at: created.addingTimeInterval(1))
        #expect(ada.user == "ada")
        #expect(ada.id.count == 12 && ada.id != bob.id)
        #expect(try store.hasAPITokens())
        #expect(try store.apiTokens() == [ada, bob])
        #expect(try store.apiToken(hash: Self.hashA) == ada)
        #expect(try store.apiToken(hash: String(repeating: "c", count: 64)) == nil)

        let used = created.addingTimeInterval(60)
        try store.recordAPITokenUse(id: ada.id, at: used)
        #expect(try store.apiToken(hash: Self.hashA)?.lastUsedAt == used)

        try store.revokeAPIToken(id: ada.id)
        #expect(try store.apiToken(hash: Self.hashA) == nil)
        #expect(try store.apiTokens().map(\.id) == [bob.id])
        #expect(throws: StoreError.unknownAPIToken(ada.id)) { try store.revokeAPIToken(id: ada.id) }
    }

    @Test("user names are lowercase letters, digits, '.', '_' and '-', 1 to 64, starting alphanumeric")
    func userNames() throws {
        for valid in ["a", "ada", "ada.lovelace", "user_1", "x-y", "0", String(repeating: "z", count: 64)] {
            #expect(APIToken.isValidUser(valid), "\(valid)")
        }
        for invalid in ["", ".ada", "-a", "_a", "Ada", "a b", "a/b", "../x", "é", String(repeating: "z", count: 65)] {
            #expect(!APIToken.isValidUser(invalid), "\(invalid)")
        }
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        #expect(throws: StoreError.invalidUserName("../x")) { try store.addAPIToken(user: "../x", hash: Self.hashA) }
        #expect(try store.hasAPITokens() == false)
    }

    @Test("one hash cannot be saved twice")
    func uniqueHash() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.addAPIToken(user: "ada", hash: Self.hashA)
        #expect(throws: StoreError.self) { try store.addAPIToken(user: "bob", hash: Self.hashA) }
        #expect(try store.apiTokens().map(\.user) == ["ada"])
    }

    @Test("tokens are not exported, and check calls a store with tokens healthy at the latest schema (v4)")
    func notExported() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.addAPIToken(user: "ada", hash: Self.hashA, label: "secret-label")
        let json = String(decoding: try JSONEncoder().encode(try store.maintenance.export()), as: UTF8.self)
        #expect(!json.contains(Self.hashA))
        #expect(!json.contains("secret-label"))
        #expect(!json.contains("ada"))
        let health = EmojiStore.check(at: directory.databaseURL)
        #expect(health.condition == .healthy)
        #expect(health.schemaVersion == "v4")
        // An import replaces user data and leaves the tokens alone.
        try store.maintenance.importData(try store.maintenance.export())
        #expect(try store.apiTokens().count == 1)
    }

    @Test("the apiToken table holds the hash and no other secret")
    func tableHoldsHashes() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.addAPIToken(user: "ada", hash: Self.hashA)
        try store.close()
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        let columns = try queue.read { db in try db.columns(in: "apiToken").map(\.name) }
        let hashes = try queue.read { db in try String.fetchAll(db, sql: "SELECT hash FROM apiToken") }
        try queue.close()
        #expect(columns == ["id", "user", "hash", "label", "createdAt", "lastUsedAt"])
        #expect(hashes == [Self.hashA])
    }
}
