import Foundation
import GRDB
import Moji
import MojiStore
import Testing

/// The change stream used to swallow every error: a picker observing a store whose file went
/// away or went bad showed stale lists for ever, with no sign of it.
@Suite("the change stream reports what it cannot read")
struct ChangeStreamErrorTests {
    /// A store with one pin, observed, and the error that ends its changes after `damage`.
    func failure(after damage: (_ directory: TemporaryDirectory, _ path: String) throws -> Void) async throws
        -> (changes: [StoreChange], error: StoreError, path: String)?
    {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.favorites.pin(StoreItem(emoji("😀")))
        let changes = store.changes(in: [.pinned], pollingInterval: .milliseconds(50))
        let path = directory.databaseURL.path
        try damage(directory, path)
        // The old stream never ended: this waited out the deadline and gave nil. The bound is wide
        // because it returns as soon as the error arrives: in CI's loaded run the reads of a 50 ms
        // poll once waited more than 60 s for a thread.
        guard let outcome = await changes.failure(within: .seconds(300)) else { return nil }
        return (outcome.changes, outcome.error, path)
    }

    @Test("a database file deleted while observed ends the stream with an error naming it")
    func deleted() async throws {
        let outcome = try #require(await failure { _, path in try FileManager.default.removeItem(atPath: path) })
        guard outcome.error.code == .database, let path = outcome.error.path, let reason = outcome.error.reason else {
            Issue.record("expected a database error, got \(outcome.error)")
            return
        }
        #expect(path == outcome.path)
        #expect(reason.contains("deleted"))
        #expect(outcome.changes.isEmpty)
    }

    @Test("a database file renamed over with garbage ends the stream")
    func replaced() async throws {
        let outcome = try #require(
            await failure { directory, path in
                let garbage = directory.url.appendingPathComponent("garbage")
                try Data(repeating: 0x41, count: 8192).write(to: garbage)
                #expect(rename(garbage.path, path) == 0)
            })
        guard outcome.error.code == .database, let path = outcome.error.path, let reason = outcome.error.reason else {
            Issue.record("expected a database error, got \(outcome.error)")
            return
        }
        #expect(path == outcome.path)
        #expect(reason.contains("replaced"))
        #expect(outcome.error.description.contains("open the store again"))
    }

    @Test("a database file overwritten in place ends the stream as not a database")
    func overwritten() async throws {
        let outcome = try #require(
            await failure { _, path in
                guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteNoPermission) }
                try handle.write(contentsOf: Data(repeating: 0x41, count: 8192))
                try handle.close()
            })
        guard outcome.error.code == .notADatabase, let path = outcome.error.path else {
            Issue.record("expected notADatabase, got \(outcome.error)")
            return
        }
        #expect(path == outcome.path)
        #expect(outcome.error.description.contains("moji store check"))
    }

    @Test("a failing read (the change table dropped by another program) ends the stream")
    func failingRead() async throws {
        let outcome = try #require(
            await failure { _, path in
                let queue = try DatabaseQueue(path: path)
                try queue.write { try $0.execute(sql: "DROP TABLE changeLog") }
            })
        guard outcome.error.code == .database, let path = outcome.error.path, let reason = outcome.error.reason else {
            Issue.record("expected a database error, got \(outcome.error)")
            return
        }
        #expect(path == outcome.path)
        #expect(reason.contains("changeLog"))
    }

    @Test("changes before the error still arrive, in order")
    func changesBeforeError() async throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let changes = store.changes(in: [.pinned], pollingInterval: .milliseconds(50))
        try store.favorites.pin(StoreItem(emoji("😀")))
        let first = await changes.prefix(1, within: .seconds(300))
        #expect(first.map(\.area) == [.pinned])
        try FileManager.default.removeItem(at: directory.databaseURL)
        let outcome = await changes.failure(within: .seconds(300))
        #expect(outcome != nil)
    }
}
