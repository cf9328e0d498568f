import Foundation
import Moji
import MojiStore
import Testing

/// README, "The store": the block verbatim, against a database in a temporary `MOJI_HOME`.
@Suite("README: the store")
struct StoreExampleTests {
    @Test("the store example records a use, ranks it first, pins, keeps tones per person and reports the change")
    func store() async {
        // The example opens the store at its default place, so it needs MOJI_HOME set in the
        // process. setenv beside the other suites' threads is unsafe (one launching a child read
        // the environment as it moved, and the test process crashed), so the example runs in a
        // process of its own: an exit test.
        await #expect(processExitsWith: .success) { try await Self.example() }
    }

    /// The README's block, with its checks, in the exit test's process.
    static func example() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        setenv("MOJI_HOME", home.path, 1)
        let catalog = EmojiCatalog.shared

        let store = try EmojiStore()  // $MOJI_HOME/moji.sqlite, else $XDG_DATA_HOME/moji/
        #expect(store.url.path == home.appendingPathComponent("moji.sqlite").path)
        try store.usage.recordUse(of: catalog.emoji(for: "👍🏽")!)
        let frequent = try store.usage.frequent().map(\.displayItem)  // by score, tones as last used
        #expect(frequent.first == StoreItem(catalog.emoji(for: "👍🏽")!))
        try store.favorites.pin(StoreItem(catalog.emoji(for: "🚀")!))
        #expect(try store.favorites.pinned() == [StoreItem(catalog.emoji(for: "🚀")!)])
        try store.skinTones.setPreferred([.light, .dark], for: catalog.emoji(for: "🧑‍🤝‍🧑")!)
        #expect(try store.skinTones.preferred(for: catalog.emoji(for: "🧑‍🤝‍🧑")!) == [.light, .dark])
        try store.usage.recordUse(of: catalog.emoji(for: "👋")!, query: "hola")  // picked after typing "hola"
        let learned = try store.usage.learnedPicks(for: "hol")  // 👋: pass as SearchOptions.learnedPicks
        #expect(learned.keys == ["👋"])
        let watcher = Task { () -> StoreArea? in
            do {
                for try await change in store.changes(in: [.usage]) {  // uses by other processes too; throws StoreError
                    print("\(change.area) changed")  // refresh what shows it
                    return change.area
                }
            } catch {
                Issue.record("the change stream failed: \(error)")
            }
            return nil
        }
        // The loop sees only uses after it started: keep using until it reports one.
        let user = Task {
            while !Task.isCancelled {
                _ = try? store.usage.recordUse(of: catalog.emoji(for: "🎉")!)
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { user.cancel() }
        #expect(await value(of: watcher, within: .seconds(20)) == .usage)
    }

    /// The task's value, or nil when it has none within `limit`; the task is cancelled either
    /// way, so a change that never comes fails the test instead of hanging it.
    static func value<Value: Sendable>(of task: Task<Value?, Never>, within limit: Duration) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask { await task.value }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            task.cancel()
            group.cancelAll()
            return first
        }
    }
}
