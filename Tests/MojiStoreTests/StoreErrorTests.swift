import Foundation
import MojiStore
import Testing

@Suite("Store errors: a code to match, fields to read, the message kept")
struct StoreErrorTests {
    @Test("a real store's failure is matched by its code and names what it is about")
    func matchedByCode() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        do {
            try store.favorites.renameCollection("Work", to: "Play")
            Issue.record("renamed a collection that does not exist")
        } catch {
            #expect(error.code == .collectionNotFound)
            #expect(error.subject == "Work")
            #expect(error.path == nil && error.database == nil)
            #expect(error.description == "no collection named \"Work\". `moji collections` lists them.")
        }
    }

    @Test("where errors are untyped, a catch clause matches the code")
    func untypedMatch() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let rename: () throws -> Void = { try store.favorites.renameCollection("Work", to: "Play") }
        var matched = false
        do {
            try rename()
        } catch let error as StoreError where error.code == .collectionNotFound {
            matched = true
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(matched)
    }

    @Test("a file's error names the file in path, a server's names the database, never both")
    func pathOrDatabase() {
        let file = StoreError.database(path: "/home/a/.moji/moji.sqlite", reason: "disk I/O error")
        #expect(file.code == .database)
        #expect(file.path == "/home/a/.moji/moji.sqlite" && file.database == nil)
        #expect(file.reason == "disk I/O error")
        #expect(file.description == "database error in /home/a/.moji/moji.sqlite: disk I/O error")

        let server = StoreError.database(database: "PostgreSQL database moji at db:5432", reason: "XX000")
        #expect(server.code == .database)
        #expect(server.path == nil && server.database == "PostgreSQL database moji at db:5432")
        #expect(server != file)

        let newer = StoreError.newerSchema(database: "PostgreSQL database moji at db:5432")
        #expect(newer.path == nil && !newer.description.contains("MOJI_HOME"))
    }

    @Test("two errors are equal when code, fields and message are; factories build the same value")
    func equality() {
        #expect(StoreError.busy(path: "/a") == StoreError.busy(path: "/a"))
        #expect(StoreError.busy(path: "/a") != StoreError.busy(path: "/b"))
        #expect(StoreError.busy(path: "/a") != StoreError.readOnly(path: "/a"))
        let item = StoreError.itemNotFound(StoreItem(key: ":shipit:"), list: "pinned")
        #expect(item.subject == StoreItem(key: ":shipit:").key && item.list == "pinned")
    }

    @Test("a code the client does not know yet falls to its default branch, message intact")
    func unknownCode() {
        let quota = StoreError.Code(rawValue: "quotaExceeded")
        let error = StoreError(code: quota, description: "the store is full; remove some collections.")
        let handled =
            switch error.code {
            case .busy, .readOnly: "retry"
            case .collectionNotFound: "not found"
            default: "show \(error)"
            }
        #expect(handled == "show the store is full; remove some collections.")
        #expect(error.code.description == "quotaExceeded")
    }
}
