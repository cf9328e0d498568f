import Foundation
import MojiPostgres
import MojiServer
import MojiStore
import MojiSync
import MojiTestSupport
import Testing

/// Custom sets shared by `moji serve --database postgres://…` instances, as a person runs them:
/// real `moji` processes, a forum page on a loopback server, and a PostgreSQL cluster of the
/// test's own (one test stops it).
@Suite(
    "custom sets shared by moji serve instances through PostgreSQL",
    .enabled(
        if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired,
        Comment(rawValue: "PostgreSQL cases skipped: \(PostgresTestCluster.availability.reason)")))
struct ServePostgresCustomSetsTests {
    /// A dedicated cluster for `body`, removed after it.
    static func withCluster(_ body: (PostgresTestCluster.Dedicated) async throws -> Void) async throws {
        _ = try ServePostgresTests.sharedURL()
        let cluster = try await PostgresTestCluster.dedicated()
        do {
            try await body(cluster)
        } catch {
            await cluster.remove()
            throw error
        }
        await cluster.remove()
    }

    /// A MOJI_HOME of its own under `home`, for one process.
    static func home(_ name: String, in home: URL) throws -> URL {
        let folder = home.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The sets `GET /v1/custom` lists, by name, with their emoji codes; curl, so nothing caches.
    static func customSets(_ base: URL) async throws -> [String: [String]] {
        let answer = try await curl(base.appendingPathComponent("v1/custom").absoluteString)
        guard answer.status == 200, let sets = try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]]
        else { return [:] }
        var listed: [String: [String]] = [:]
        for set in sets {
            guard let name = set["name"] as? String else { continue }
            listed[name] = (set["emoji"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        }
        return listed
    }

    /// Waits until `condition` holds for `base`'s sets; how long it took.
    static func waitForSets(
        _ base: URL, seconds: Int = 30, _ condition: ([String: [String]]) -> Bool
    ) async throws -> Duration {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(seconds) {
            if condition(try await customSets(base)) { return ContinuousClock.now - started }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the custom sets of \(base) did not change as expected within \(seconds) s")
        return ContinuousClock.now - started
    }

    @Test("a set added with moji custom add --database reaches both instances, is searched, and its removal too")
    func setsPropagate() async throws {
        let fixture = try await CustomFixture.start()
        defer { Task { await fixture.stop() } }
        fixture.servePage(
            [(":pgparrot:", "/pg/parrot.png", "shared parrot", 20), (":pgcat:", "/pg/cat.png", "shared cat", 22)],
            at: "/pg")
        try await Self.withCluster { cluster in
            try await ServeTokenCommandTests.withHome { home in
                // A long bound: the whole suite shares two cores with PostgreSQL.
                let serveArguments = [
                    "--port", "0", "--database", cluster.url, "--no-refresh", "--database-timeout", "60",
                ]
                let first = try ServeProcess(serveArguments, home: try Self.home("first", in: home))
                defer { first.terminate() }
                let second = try ServeProcess(serveArguments, home: try Self.home("second", in: home))
                defer { second.terminate() }
                let (firstURL, secondURL) = (try await first.listeningURL(), try await second.listeningURL())
                #expect(try await Self.customSets(firstURL)["pgforum"] == nil)

                let added = try await ServeTokenCommandTests.moji(
                    [
                        "custom", "add", "pgforum", "--forum", fixture.server.url("/pg").absoluteString, "--database",
                        cluster.url,
                    ],
                    home: try Self.home("cli", in: home))
                #expect(added.status == 0, "\(added.errors)")
                #expect(added.output.contains("pgforum: added 2"), "\(added.output)")
                let listed: ([String: [String]]) -> Bool = { $0["pgforum"] == ["pgparrot", "pgcat"] }
                let tookFirst = try await Self.waitForSets(firstURL, listed)
                let tookSecond = try await Self.waitForSets(secondURL, listed)
                print("a set added in PostgreSQL listed by instance one after \(tookFirst), by two after \(tookSecond)")

                // The other instance searches it, and serves its image, fetched into its own cache.
                let search = try await curl(
                    secondURL.appendingPathComponent("v1/search").absoluteString + "?q=pgparrot")
                let results = try #require(try JSONSerialization.jsonObject(with: search.body) as? [[String: Any]])
                #expect(results.contains { $0["code"] as? String == "pgparrot" }, "\(results)")
                let sets = try #require(
                    try JSONSerialization.jsonObject(
                        with: try await curl(secondURL.appendingPathComponent("v1/custom").absoluteString).body)
                        as? [[String: Any]])
                let emoji = try #require(
                    sets.first { $0["name"] as? String == "pgforum" }?["emoji"] as? [[String: Any]])
                let image = try #require(emoji.first?["image"] as? String)
                #expect(image.hasPrefix("/v1/images/"))
                var served = 0
                for _ in 0..<100 where served != 200 {
                    served = try await curl(secondURL.absoluteString + image).status
                    if served != 200 { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(served == 200)

                // The CLI lists the shared sets too, and a second add of the name is refused.
                let shared = try await ServeTokenCommandTests.moji(
                    ["custom", "sets", "--database", cluster.url], home: try Self.home("cli", in: home))
                #expect(shared.status == 0)
                #expect(shared.output.contains("pgforum\tforum\t"), "\(shared.output)")
                let listedEmoji = try await ServeTokenCommandTests.moji(
                    ["custom", "list", "PGForum", "--database", cluster.url], home: try Self.home("cli", in: home))
                #expect(listedEmoji.status == 0, "\(listedEmoji.errors)")
                #expect(
                    listedEmoji.output.split(separator: "\n").map {
                        $0.split(separator: "\t").prefix(2).joined(separator: " ")
                    }
                        == ["pgforum :pgparrot:", "pgforum :pgcat:"], "\(listedEmoji.output)")
                let local = try await ServeTokenCommandTests.moji(
                    ["custom", "show", "pgparrot", "--database", cluster.url], home: try Self.home("cli", in: home))
                #expect(local.status == 64, "\(local.errors)")
                let again = try await ServeTokenCommandTests.moji(
                    [
                        "custom", "add", "PGFORUM", "--forum", fixture.server.url("/pg").absoluteString, "--database",
                        cluster.url,
                    ],
                    home: try Self.home("cli", in: home))
                #expect(again.status == 64, "\(again.errors)")

                let removed = try await ServeTokenCommandTests.moji(
                    ["custom", "remove", "pgforum"], home: try Self.home("cli", in: home),
                    environment: ["MOJI_DATABASE_URL": cluster.url])
                #expect(removed.status == 0, "\(removed.errors)")
                #expect(removed.output.contains("removed pgforum and its 2 emoji"), "\(removed.output)")
                let gone: ([String: [String]]) -> Bool = { $0["pgforum"] == nil }
                _ = try await Self.waitForSets(firstURL, gone)
                _ = try await Self.waitForSets(secondURL, gone)
                let unknown = try await ServeTokenCommandTests.moji(
                    ["custom", "remove", "pgforum", "--database", cluster.url], home: try Self.home("cli", in: home))
                #expect(unknown.status == 1)
            }
        }
    }

    @Test("while PostgreSQL is stopped an instance still serves the sets it mirrored, and follows again after")
    func outageKeepsMirror() async throws {
        let fixture = try await CustomFixture.start()
        defer { Task { await fixture.stop() } }
        fixture.servePage([(":outage:", "/down/a.png", "outage smilie", 18)], at: "/down")
        fixture.servePage([(":later:", "/later/b.png", "later smilie", 19)], at: "/later")
        try await Self.withCluster { cluster in
            try await ServeTokenCommandTests.withHome { home in
                let serve = try ServeProcess(
                    ["--port", "0", "--database", cluster.url, "--no-refresh", "--database-timeout", "2"],
                    home: try Self.home("instance", in: home))
                defer { serve.terminate() }
                let url = try await serve.listeningURL()
                let cli = try Self.home("cli", in: home)
                let added = try await ServeTokenCommandTests.moji(
                    [
                        "custom", "add", "down", "--forum", fixture.server.url("/down").absoluteString, "--database",
                        cluster.url,
                    ],
                    home: cli)
                #expect(added.status == 0, "\(added.errors)")
                _ = try await Self.waitForSets(url) { $0["down"] == ["outage"] }

                try await cluster.halt()
                // Until a mirror poll has failed (the instance says so once), rather than a fixed
                // wait; then the sets it mirrored are still served.
                let deadline = ContinuousClock.now + .seconds(60)
                while !serve.standardError.contains("cannot be mirrored"), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(try await Self.customSets(url)["down"] == ["outage"])
                let search = try await curl(url.appendingPathComponent("v1/search").absoluteString + "?q=outage")
                #expect(String(decoding: search.body, as: UTF8.self).contains("\"code\":\"outage\""))
                #expect(serve.standardError.contains("cannot be mirrored"), "\(serve.standardError)")

                try await cluster.resume()
                let later = try await ServeTokenCommandTests.moji(
                    [
                        "custom", "add", "later", "--forum", fixture.server.url("/later").absoluteString, "--database",
                        cluster.url,
                    ],
                    home: cli)
                #expect(later.status == 0, "\(later.errors)")
                let took = try await Self.waitForSets(url) { $0["later"] == ["later"] && $0["down"] == ["outage"] }
                print("after PostgreSQL came back, a new set was mirrored \(took) after its add")
                #expect(serve.standardError.contains("mirrored again"), "\(serve.standardError)")
            }
        }
    }

    @Test("two servers refresh a due shared set once: one claims it in PostgreSQL, both serve the result")
    func refreshOnce() async throws {
        let fixture = try await CustomFixture.start()
        defer { Task { await fixture.stop() } }
        fixture.servePage([(":one:", "/due/one.png", "one", 10)], at: "/due")
        try await Self.withCluster { cluster in
            try await ServeTokenCommandTests.withHome { home in
                let writer = try await PostgresUserDataStore(url: cluster.url, timeout: .seconds(60))
                let added = try await SharedCustomSetSync(
                    shared: writer, cache: ImageCache(directory: home.appendingPathComponent("cli-images"))
                ).add(
                    CustomSet(
                        name: "due",
                        source: CustomSetSource(kind: .forum, location: fixture.server.url("/due").absoluteString),
                        refreshInterval: 6))
                await writer.close()
                #expect(added.added == ["one"])
                // The source gains a smilie and answers slowly, so a second server looks while the
                // first syncs; the set is due six seconds after its import, and again six seconds
                // after its sync.
                fixture.servePage(
                    [(":one:", "/due/one.png", "one", 10), (":two:", "/due/two.png", "two", 12)], at: "/due", delay: 1)
                fixture.server.resetLog()
                var servers: [MojiServer] = []
                for name in ["one", "two"] {
                    let folder = try Self.home(name, in: home)
                    var configuration = ServerConfiguration(
                        port: 0, storeURL: folder.appendingPathComponent(StoreLocation.fileName),
                        imageDirectory: folder.appendingPathComponent("images"), refreshesCustomSets: true,
                        refreshCheckInterval: .milliseconds(100))
                    configuration.customSetMirrorInterval = .milliseconds(100)
                    let shared = try await PostgresUserDataStore(url: cluster.url, timeout: .seconds(60))
                    servers.append(try await MojiServer.start(configuration, userData: shared, customSets: shared))
                }
                do {
                    let refreshed: ([String: [String]]) -> Bool = { $0["due"] == ["one", "two"] }
                    // Counted as soon as one server shows the new content: later, the set is due again.
                    _ = try await Self.waitForSets(servers[0].baseURL, refreshed)
                    let listings = fixture.server.requests(path: "/due").count
                    _ = try await Self.waitForSets(servers[1].baseURL, refreshed)
                    print("listing requests for one due set checked every 100 ms by two servers: \(listings)")
                    #expect(listings == 1)
                } catch {
                    for server in servers { try? await server.stop() }
                    throw error
                }
                for server in servers { try await server.stop() }
            }
        }
    }
}
