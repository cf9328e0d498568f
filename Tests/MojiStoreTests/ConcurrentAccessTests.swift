import Foundation
import GRDB
import Moji
import MojiStore
import MojiTestSupport
import Testing

/// Readers beside a writer, read-only stores, and other programs' databases.
@Suite("readers, read-only stores and foreign files", .serialized)
struct ConcurrentAccessTests {
    /// A store with uses of 🎉 and 👍, closed.
    static func populated() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        for text in ["🎉", "👍"] { try store.usage.recordUse(of: emoji(text)) }
        return directory
    }

    /// Runs `body` while this process holds a write transaction on the store (as another
    /// program would, between BEGIN IMMEDIATE and COMMIT), with an uncommitted change in it.
    ///
    /// The transaction is held on a thread of its own (GRDB ends a database access only with its
    /// transaction closed), so `body` can wait for child processes without holding a thread of
    /// the cooperative pool.
    static func holdingWriteLock(_ directory: TemporaryDirectory, _ body: () async throws -> Void) async throws {
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        DispatchQueue(label: "holdingWriteLock").async {
            do {
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    defer { try? db.execute(sql: "ROLLBACK") }
                    try db.execute(sql: "UPDATE clock SET uses = uses + 100")
                    held.signal()
                    release.wait()
                }
            } catch {
                failure = error
                held.signal()
            }
            done.signal()
        }
        try await offCooperativePool { held.wait() }
        do {
            if let failure { throw failure }
            try await body()
        } catch {
            release.signal()
            try await offCooperativePool { done.wait() }
            throw error
        }
        release.signal()
        try await offCooperativePool { done.wait() }
        try queue.close()
    }

    @Test("moji recent, frequent and export answer at once while another connection holds a write transaction")
    func readersDoNotWait() async throws {
        let directory = try Self.populated()
        // No waiting for a writer at all: a reader that needed the lock would fail at once with
        // "busy" (exit 5). A time limit said it less well: a debug `moji` beside the whole suite
        // on two cores takes up to 12 s to start and end.
        let moji = MojiProcess(home: directory.url, environment: ["MOJI_BUSY_TIMEOUT": "0"])
        try await Self.holdingWriteLock(directory) {
            for arguments in [["recent"], ["frequent"], ["store", "export"], ["pinned"]] {
                let result = try await moji.run(arguments, limit: .seconds(120))
                #expect(result.status == 0, "moji \(arguments.joined(separator: " ")): \(result.errors)")
            }
            let recent = try await moji.run(["recent"], limit: .seconds(120))
            #expect(recent.output.hasPrefix("👍") && recent.output.contains("🎉"))
        }
    }

    @Test("a write waits as long as --wait or MOJI_BUSY_TIMEOUT says, and the message names both")
    func writersWaitAsTold() async throws {
        let directory = try Self.populated()
        try await Self.holdingWriteLock(directory) {
            let moji = MojiProcess(home: directory.url)
            // Under 14 s: less than the 15 s default, so --wait was honoured; a loaded machine (the
            // whole suite on two cores) once took 19 s to start and end a debug `moji` at all.
            let told = try await moji.run(["use", "🎉", "--wait", "0.5"], limit: .seconds(30))
            #expect(told.status == 5)
            #expect(told.seconds < 14)
            #expect(told.errors.contains("--wait SECONDS") && told.errors.contains("MOJI_BUSY_TIMEOUT"))
            let fromEnvironment = try await MojiProcess(home: directory.url, environment: ["MOJI_BUSY_TIMEOUT": "0.5"])
                .run(["use", "🎉"], limit: .seconds(30))
            #expect(fromEnvironment.status == 5)
            #expect(fromEnvironment.seconds < 14)
        }
        let invalid = try await MojiProcess(home: directory.url, environment: ["MOJI_BUSY_TIMEOUT": "soon"]).run([
            "use", "🎉",
        ])
        #expect(invalid.status == 64)
        #expect(invalid.errors.contains("MOJI_BUSY_TIMEOUT"))
        #expect(try await MojiProcess(home: directory.url).run(["use", "🎉", "--wait", "-1"]).status == 64)
    }

    @Test(
        "a read-only database file can be read and exported; a write says it is read-only",
        .enabled(if: ReadOnlyPath.isAvailable))
    func readOnlyFile() async throws {
        let directory = try Self.populated()
        let locked = try ReadOnlyPath(directory.databaseURL)
        try await Self.expectReadOnly(directory)
        _ = locked
    }

    @Test(
        "a read-only directory (no -wal or -shm beside the file) can be read and exported",
        .enabled(if: ReadOnlyPath.isAvailable))
    func readOnlyDirectory() async throws {
        let directory = try Self.populated()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!files.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") })
        let locked = try ReadOnlyPath(directory.url)
        try await Self.expectReadOnly(directory)
        _ = locked
    }

    static func expectReadOnly(_ directory: TemporaryDirectory) async throws {
        let store = try EmojiStore(url: directory.databaseURL)
        #expect(store.isReadOnly)
        #expect(try store.usage.recent().map(\.item.key) == ["👍", "🎉"])
        #expect(try store.maintenance.export().clock == 2)
        #expect(throws: StoreError.readOnly(path: directory.databaseURL.path)) {
            try store.usage.recordUse(of: emoji("🚀"))
        }
        let moji = MojiProcess(home: directory.url)
        let recent = try await moji.run(["recent"])
        #expect(recent.status == 0, "\(recent.errors)")
        #expect(recent.output.hasPrefix("👍"))
        let export = try await moji.run(["store", "export"])
        #expect(export.status == 0, "\(export.errors)")
        #expect(export.output.contains("\"clock\" : 2"))
        let use = try await moji.run(["use", "🚀"])
        #expect(use.status == 5)
        #expect(use.errors.contains("read-only"))
        #expect(use.errors.contains("MOJI_HOME"))
        #expect(EmojiStore.check(at: directory.databaseURL).condition == .readOnly)
        let check = try await moji.run(["store", "check"])
        #expect(check.output.contains("read-only"), "\(check.output)")
    }

    @Test("another program's SQLite file is refused and left byte for byte as it was")
    func foreignDatabase() async throws {
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        try await queue.write { db in
            try db.execute(
                sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('hi')")
        }
        try queue.close()
        let before = try Data(contentsOf: directory.databaseURL)
        #expect(throws: StoreError.foreignDatabase(path: directory.databaseURL.path, tables: ["notes"])) {
            try EmojiStore(url: directory.databaseURL)
        }
        let result = try await MojiProcess(home: directory.url).run(["use", "🎉"])
        #expect(result.status == 5)
        #expect(result.errors.contains("another program's SQLite database"))
        #expect(try Data(contentsOf: directory.databaseURL) == before)
    }

    @Test("a new store carries Moji's application_id; an unmarked Moji store is adopted and marked")
    func applicationID() throws {
        let directory = try Self.populated()
        func mark() throws -> Int32 {
            let queue = try DatabaseQueue(path: directory.databaseURL.path)
            defer { try? queue.close() }
            return try queue.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0 }
        }
        #expect(try mark() == 0x4D6F_6A69)
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 0") }
        try queue.close()
        let store = try EmojiStore(url: directory.databaseURL)
        #expect(try store.usage.recent().count == 2)
        #expect(try mark() == 0x4D6F_6A69)
    }
}
