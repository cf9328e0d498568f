import Foundation
import Moji
import MojiSpawn
import MojiStore
import MojiTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Real `moji` processes against one real SQLite file.
@Suite("reliability with real processes", .serialized)
struct ProcessReliabilityTests {
    @Test("three processes recording 2,000 uses each at once: every use counted once, never locked")
    func concurrentWriters() async throws {
        let directory = try TemporaryDirectory()
        let moji = MojiProcess(home: directory.url)
        // Overlapping lists, so the processes fight over the same rows.
        let lists = [
            ["😀", "🎉", "👍", "❤️", "🔥", "🚀", "🐱", "🍕", "✅", "🌈"],
            ["🎉", "👍", "❤️", "🐶", "🌮", "🎸", "⚽", "📚", "🧠", "👋🏽"],
            ["👍🏿", "🔥", "🍕", "🌈", "🐶", "💡", "🎯", "🧩", "🪐", ":tada:"],
        ]
        let repeats = 200
        var children: [(SpawnedProcess, URL, URL)] = []
        for (index, list) in lists.enumerated() {
            let out = directory.url.appendingPathComponent("out-\(index).txt")
            let err = directory.url.appendingPathComponent("err-\(index).txt")
            let process = try moji.start(
                ["use", "--repeat", "\(repeats)"] + list, stdout: .file(out.path), stderr: .file(err.path))
            children.append((process, out, err))
        }
        for (process, out, err) in children {
            let termination = await process.waitForExit()
            let errors = try String(contentsOf: err, encoding: .utf8)
            #expect(termination.status == 0 && !termination.bySignal, "child failed: \(errors)")
            #expect(!errors.lowercased().contains("locked"))
            #expect(!errors.lowercased().contains("busy"))
            let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 2_000)
        }

        var expected: [String: Int] = [:]
        for list in lists {
            for text in list {
                let key = EmojiCatalog.shared.emoji(matching: text)!.neutral.character
                expected[key, default: 0] += repeats
            }
        }
        let store = try EmojiStore(url: directory.databaseURL)
        #expect(try store.usage.totalUses() == 6_000)
        let mostUsed = try store.usage.mostUsed(limit: 100)
        #expect(mostUsed.reduce(0) { $0 + $1.useCount } == 6_000)
        #expect(Dictionary(uniqueKeysWithValues: mostUsed.map { ($0.item.key, $0.useCount) }) == expected)
        let recent = try store.usage.recent(limit: 100)
        #expect(Set(recent.map(\.item)).count == expected.count)
        #expect(Set(recent.map(\.item.key)) == Set(expected.keys))
        let order = recent.compactMap(\.lastUse)
        #expect(order.count == recent.count && order.first == 6_000)
        #expect(zip(order, order.dropFirst()).allSatisfy { $0 > $1 })
        #expect(recent.map(\.lastUsed) == recent.map(\.lastUsed).sorted { ($0 ?? .distantPast) > ($1 ?? .distantPast) })
        #expect(EmojiStore.check(at: directory.databaseURL).isHealthy)
    }

    @Test("a writer killed mid-stream leaves a sound database holding every committed use")
    func killedWriter() async throws {
        let directory = try TemporaryDirectory()
        let moji = MojiProcess(home: directory.url)
        let output = Pipe()
        let process = try moji.start(
            ["use", "--repeat", "1000000", "😀", "👍🏽", "🎉"],
            stdout: .descriptor(output.fileHandleForWriting.fileDescriptor))
        // The child has its own copy; with this one closed, reading ends when the child does.
        try output.fileHandleForWriting.close()
        var reported = 0
        var buffer = Data()
        while reported < 500 {
            let chunk = output.fileHandleForReading.readAvailable()
            if chunk.isEmpty { break }
            buffer.append(chunk)
            reported = buffer.filter { $0 == UInt8(ascii: "\n") }.count
        }
        process.signal(SIGKILL)
        let termination = await process.waitForExit()
        buffer.append(output.fileHandleForReading.readAll())
        reported = buffer.filter { $0 == UInt8(ascii: "\n") }.count
        #expect(termination == SpawnedProcess.Termination(status: SIGKILL, bySignal: true))
        #expect(reported >= 500)

        let health = EmojiStore.check(at: directory.databaseURL)
        #expect(health.isHealthy, "\(health.problems)")
        let store = try EmojiStore(url: directory.databaseURL)
        let committed = try store.usage.totalUses()
        // Every use the writer reported is there; at most the one in flight when it died on top.
        #expect(committed >= reported && committed <= reported + 1)
        #expect(try store.usage.mostUsed().reduce(0) { $0 + $1.useCount } == committed)
    }

    @Test("garbage in the file: a clear error naming it, check reports it, repair moves it aside")
    func garbageFile() async throws {
        let directory = try TemporaryDirectory()
        let moji = MojiProcess(home: directory.url)
        let garbage = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: directory.databaseURL)

        #expect(throws: StoreError.self) { try EmojiStore(url: directory.databaseURL) }
        do {
            _ = try EmojiStore(url: directory.databaseURL)
        } catch {
            guard error.code == .notADatabase, let path = error.path else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == directory.databaseURL.standardizedFileURL.path)
        }
        let recent = try await moji.run(["recent"])
        #expect(recent.status == 5, "a store that cannot be opened exits 5 (ExitCode.storeFailure)")
        #expect(recent.errors.contains(directory.databaseURL.path))
        #expect(recent.errors.contains("moji store repair"))

        let check = try await moji.run(["store", "check"])
        #expect(check.status == 5)
        #expect(check.output.contains("damaged"))

        let repair = try await moji.run(["store", "repair", "--json"])
        #expect(repair.status == 0, "\(repair.errors)")
        let result = try JSONDecoder().decode(StoreRepair.self, from: Data(repair.output.utf8))
        let moved = try #require(result.movedAside.first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == garbage)

        #expect(try await moji.run(["store", "check"]).status == 0)
        #expect(try await moji.run(["use", "🎉"]).status == 0)
        #expect(try await moji.run(["recent"]).output.hasPrefix("🎉"))
    }

    @Test("export then import round-trips all user data")
    func exportImportRoundTrip() async throws {
        let source = try TemporaryDirectory()
        let store = try EmojiStore(url: source.databaseURL)
        for text in ["😀", "👍🏽", "🧑🏻‍🤝‍🧑🏿", "😀", "🎉"] { try store.usage.recordUse(of: emoji(text)) }
        try store.usage.recordUse(of: .custom("partyparrot"))
        try store.usage.clearScore(for: StoreItem(emoji("🎉")))
        try store.favorites.pin(StoreItem(emoji("🚀")))
        try store.favorites.pin(.custom("partyparrot"))
        try store.favorites.add(StoreItem(emoji("🍕")), toCollection: "food")
        try store.favorites.add(StoreItem(emoji("🌮")), toCollection: "food")
        try store.favorites.createCollection(named: "empty")
        try store.skinTones.setPreferred([.light, .dark], for: emoji("🧑‍🤝‍🧑"))
        try store.skinTones.setDefault(.medium)
        try store.custom.addEmoji(
            CustomEmoji(
                code: "partyparrot", name: "party parrot", keywords: ["parrot", "party"],
                group: "animals", image: "images/parrot.gif", source: "forum"))

        let exportFile = source.url.appendingPathComponent("export.json")
        let exported = try await MojiProcess(home: source.url).run(["store", "export", "--output", exportFile.path])
        #expect(exported.status == 0, "\(exported.errors)")

        let target = try TemporaryDirectory()
        let imported = try await MojiProcess(home: target.url).run(["store", "import", exportFile.path])
        #expect(imported.status == 0, "\(imported.errors)")

        let copy = try EmojiStore(url: target.databaseURL)
        var before = try store.maintenance.export()
        var after = try copy.maintenance.export()
        before.exportedAt = Date(timeIntervalSince1970: 0)
        after.exportedAt = before.exportedAt
        #expect(after == before)
        #expect(try copy.usage.frequent() == store.usage.frequent())
        #expect(try copy.favorites.pinned() == store.favorites.pinned())
        #expect(try copy.usage.recent() == store.usage.recent())
        #expect(try copy.skinTones.resolved(emoji("👋")).character == "👋🏽")

        let bad = target.url.appendingPathComponent("bad.json")
        try Data("{\"hello\": 1}".utf8).write(to: bad)
        let rejected = try await MojiProcess(home: target.url).run(["store", "import", bad.path])
        #expect(rejected.status == 3, "a file that is not an export is unreadable input (3), not a store failure")
        #expect(rejected.errors.contains(bad.path))
        #expect(try copy.maintenance.export().usage == before.usage)
    }

    @Test("five processes opening a fresh database at once seed the defaults exactly once")
    func seedingRace() async throws {
        let directory = try TemporaryDirectory()
        let moji = MojiProcess(home: directory.url)
        let processes = try (0..<5).map { _ in
            try moji.start(["frequent", "--json"])
        }
        for process in processes {
            #expect(await process.waitForExit() == SpawnedProcess.Termination(status: 0, bySignal: false))
        }
        // Seeding adds to the scores already there, so a second run would have doubled them:
        // the seeded rows themselves show it ran once.
        let store = try EmojiStore(url: directory.databaseURL)
        let defaults = StoreConfiguration.bundledFrequentEmoji
        let seeded = try store.usage.frequent()
        #expect(seeded.map(\.item.key) == defaults)
        let once = defaults.indices.map { 0.5 * Double(defaults.count - $0) / Double(defaults.count) }
        #expect(seeded.map(\.score) == once)
        #expect(seeded.allSatisfy { $0.useCount == 0 && $0.lastUse == nil })
        #expect(try store.usage.totalUses() == 0)
    }
}
