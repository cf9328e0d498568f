import Foundation
import Moji
import MojiServer
import MojiStore
import MojiTestSupport
import Testing

@Suite("background refresh of custom sets")
struct RefreshTests {
    @Test("a running server refreshes a set that is due and leaves one that is not")
    func refreshesDueSets() async throws {
        let fixture = try await CustomFixture.start()
        defer { Task { await fixture.stop() } }
        fixture.servePage([(":a:", "/due/a.png", "a", 10)], at: "/due")
        fixture.servePage([(":b:", "/fresh/b.png", "b", 12)], at: "/fresh")
        let prepare: (URL) async throws -> Void = { home in
            // Due a second after its import; the other waits the default 20 hours.
            try await fixture.importSet("due", path: "/due", home: home, refreshInterval: 1)
            try await fixture.importSet("fresh", path: "/fresh", home: home)
        }
        // The checks run on a clock the test moves: each advance is one more check.
        let clock = ManualClock()
        let configure: (inout ServerConfiguration) -> Void = {
            $0.refreshesCustomSets = true
            $0.refreshCheckInterval = .seconds(600)
            $0.clock = clock
        }
        try await ServerHarness.with(prepare: prepare, configure: configure) { harness in
            // The source gains a smilie; the refresh picks it up.
            fixture.servePage([(":a:", "/due/a.png", "a", 10), (":c:", "/due/c.png", "c", 14)], at: "/due")
            fixture.servePage([(":b:", "/fresh/b.png", "b", 12), (":d:", "/fresh/d.png", "d", 16)], at: "/fresh")
            fixture.server.resetLog()
            let store = try EmojiStore(url: harness.home.appendingPathComponent(StoreLocation.fileName))
            defer { try? store.close() }
            // "due" is due a second (of wall time) after its import: check until a check finds it.
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline, try store.custom.emoji(inSet: "due").count < 2 {
                #expect(await clock.waitForSleepers(1), "the refresher waits for its next check")
                clock.advance(by: .seconds(600))
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(try store.custom.emoji(inSet: "due").map(\.code).sorted() == ["a", "c"])
            // Several more checks pass, each done once the refresher waits again; the set that is
            // not due is never fetched.
            for _ in 0..<4 {
                #expect(await clock.waitForSleepers(1))
                clock.advance(by: .seconds(600))
            }
            #expect(await clock.waitForSleepers(1))
            #expect(fixture.server.requests(path: "/fresh").isEmpty)
            #expect(try store.custom.emoji(inSet: "fresh").map(\.code) == ["b"])
            // And /v1/custom shows the refreshed set.
            let sets = try #require(try await harness.request("/v1/custom").json() as? [[String: Any]])
            let due = try #require(sets.first { $0["name"] as? String == "due" })
            #expect((due["emoji"] as? [Any])?.count == 2)
        }
    }

    @Test("with refresh off, a due set is not fetched")
    func refreshOff() async throws {
        let fixture = try await CustomFixture.start()
        defer { Task { await fixture.stop() } }
        fixture.servePage([(":a:", "/due/a.png", "a", 10)], at: "/due")
        let prepare: (URL) async throws -> Void = { home in
            try await fixture.importSet("due", path: "/due", home: home, refreshInterval: 0)
        }
        let configure: (inout ServerConfiguration) -> Void = {
            $0.refreshesCustomSets = false
            $0.refreshCheckInterval = .milliseconds(100)
        }
        fixture.server.resetLog()
        try await ServerHarness.with(prepare: prepare, configure: configure) { harness in
            fixture.server.resetLog()
            try await Task.sleep(for: .milliseconds(600))
            #expect(fixture.server.requests(path: "/due").isEmpty)
            #expect(try await harness.request("/v1/health").status == 200)
        }
    }

    // Waiting an hour between checks: a refresher that ignored graceful shutdown would hold stop()
    // for that hour, far past the limit (no wall-clock assertion, which a loaded machine would break).
    // The limit also covers loading the catalog and starting the server, which took over two minutes
    // while the whole suite ran on two cores; ten minutes still fails a refresher that waits its hour.
    @Test("a server with refresh on stops without waiting for its next check", .timeLimit(.minutes(10)))
    func stopsPromptly() async throws {
        let configure: (inout ServerConfiguration) -> Void = {
            $0.refreshesCustomSets = true
            $0.refreshCheckInterval = .seconds(3600)
        }
        try await ServerHarness.with(configure: configure) { harness in
            let health = try await harness.request("/v1/health")
            #expect(health.status == 200)
        }
    }

    @Test("moji serve refreshes due sets at start, unless --no-refresh or MOJI_NO_REFRESH=1")
    func serveCommand() async throws {
        let fixture = try await CustomFixture.start()
        defer { Task { await fixture.stop() } }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        fixture.servePage([(":a:", "/due/a.png", "a", 10)], at: "/due")
        try await fixture.importSet("due", path: "/due", home: home, refreshInterval: 0)
        for (arguments, environment, refreshes) in [
            (["--no-refresh"], [:], false), ([], ["MOJI_NO_REFRESH": "1"], false), ([], ["MOJI_NO_REFRESH": ""], true),
        ] {
            fixture.server.resetLog()
            let serve = try ServeProcess(["--port", "0"] + arguments, home: home, environment: environment)
            _ = try await serve.listeningURL()
            let deadline = ContinuousClock.now + .seconds(refreshes ? 30 : 2)
            while ContinuousClock.now < deadline, fixture.server.requests(path: "/due").isEmpty {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(fixture.server.requests(path: "/due").isEmpty == !refreshes, "\(arguments) \(environment)")
            serve.terminate()
            #expect(try await serve.exitStatus() == 0)
        }
    }
}
