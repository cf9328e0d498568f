import Foundation
import Moji
import MojiServer
import MojiTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `moji serve --database postgres://…` and `moji serve token … --database postgres://…` as a
/// person runs them: real `moji` processes against a real PostgreSQL server (``PostgresTestCluster``).
@Suite(
    "moji serve with PostgreSQL",
    .enabled(
        if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired,
        Comment(rawValue: "PostgreSQL cases skipped: \(PostgresTestCluster.availability.reason)")))
struct ServePostgresTests {
    /// The shared test server's URL; with MOJI_REQUIRE_POSTGRES=1 and none, the test fails.
    static func sharedURL() throws -> String {
        guard let url = PostgresTestCluster.availability.url else {
            throw PostgresMissing(reason: PostgresTestCluster.availability.reason)
        }
        return url
    }

    struct PostgresMissing: Error, CustomStringConvertible {
        var reason: String
        var description: String { "MOJI_REQUIRE_POSTGRES=1, but no PostgreSQL server: \(reason)" }
    }

    /// A user name no other test (or earlier run on a kept server) has.
    static func freshUser() -> String { "pg-" + UUID().uuidString.prefix(8).lowercased() }

    /// Creates a token for `user` in `database` with `moji serve token create`.
    static func createToken(_ user: String, database: String, home: URL) async throws -> String {
        let created = try await ServeTokenCommandTests.moji(
            ["serve", "token", "create", user, "--database", database], home: home)
        #expect(created.status == 0, "\(created.errors)")
        return created.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a token made with --database works on serve --database and on a second instance, not on SQLite")
    func tokensAndUsesInPostgres() async throws {
        let database = try Self.sharedURL()
        try await ServeTokenCommandTests.withHome { home in
            let user = Self.freshUser()
            let token = try await Self.createToken(user, database: database, home: home)
            #expect(APITokenSecret.isWellFormed(token))
            // The option wins over MOJI_DATABASE_URL (here a server that is not there).
            let listed = try await ServeTokenCommandTests.moji(
                ["serve", "token", "list", "--json", "--database", database], home: home,
                environment: ["MOJI_DATABASE_URL": "postgres://nobody@127.0.0.1:1/absent"])
            #expect(listed.status == 0)
            #expect(listed.output.contains("\"\(user)\""))

            let first = try ServeProcess(["--port", "0", "--database", database], home: home)
            defer { first.terminate() }
            let firstURL = try await first.listeningURL()
            #expect(first.standardError.contains("PostgreSQL database moji at 127.0.0.1:"))
            for expected in 1...3 {
                let (status, entry) = try await ServeTokenCommandTests.post(firstURL, token: token)
                #expect(status == 200)
                #expect(entry["uses"] as? Int == expected)
            }
            let health = try await HTTPCall.send(firstURL, "v1/health")
            #expect(health.status == 200)
            #expect(health.object["database"] as? String == "postgresql")

            // A second instance named by the environment (no option) sees the same uses.
            let secondHome = home.appendingPathComponent("second", isDirectory: true)
            try FileManager.default.createDirectory(at: secondHome, withIntermediateDirectories: true)
            let second = try ServeProcess(
                ["--port", "0"], home: secondHome, environment: ["MOJI_DATABASE_URL": database])
            defer { second.terminate() }
            let secondURL = try await second.listeningURL()
            let frequent = try await HTTPCall.send(secondURL, "v1/me/frequent", token: token)
            #expect(frequent.status == 200)
            let party = frequent.list.first { $0["emoji"] as? String == "🎉" }
            #expect(party?["uses"] as? Int == 3)

            // A server on SQLite has its own tokens: this one is unknown there.
            let sqliteHome = home.appendingPathComponent("sqlite", isDirectory: true)
            try FileManager.default.createDirectory(at: sqliteHome, withIntermediateDirectories: true)
            let sqlite = try ServeProcess(["--port", "0"], home: sqliteHome)
            defer { sqlite.terminate() }
            let (refused, _) = try await ServeTokenCommandTests.post(try await sqlite.listeningURL(), token: token)
            #expect(refused == 401)
            let sqliteHealth = try await HTTPCall.send(try await sqlite.listeningURL(), "v1/health")
            #expect(sqliteHealth.object["database"] as? String == "sqlite")

            // Revoked in PostgreSQL: both instances refuse it within about a second.
            let id = try #require(
                (try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])?
                    .first { $0["user"] as? String == user }?["id"] as? String)
            let revoked = try await ServeTokenCommandTests.moji(
                ["serve", "token", "revoke", id, "--database", database], home: home)
            #expect(revoked.status == 0)
            try await Task.sleep(for: .milliseconds(1_200))
            #expect(try await ServeTokenCommandTests.post(firstURL, token: token).0 == 401)
            #expect(try await ServeTokenCommandTests.post(secondURL, token: token).0 == 401)
        }
    }

    @Test("a malformed or unreachable database URL fails with host, port and database named, never the password")
    func badDatabaseURLs() async throws {
        try await ServeTokenCommandTests.withHome { home in
            // Port 1 on loopback: nothing listens there.
            let unreachable = "postgres://ada:s3cret-pw@127.0.0.1:1/nowhere"
            let list = try await ServeTokenCommandTests.moji(
                ["serve", "token", "list", "--database", unreachable], home: home)
            #expect(list.status == 5)
            #expect(list.errors.contains("PostgreSQL database nowhere at 127.0.0.1:1"), "\(list.errors)")
            #expect(!list.errors.contains("s3cret-pw"))

            let serve = try ServeProcess(
                ["--port", "0", "--database-timeout", "2"], home: home,
                environment: ["MOJI_DATABASE_URL": "postgresql://ada:s3cret-pw@127.0.0.1:1/nowhere"])
            let status = try await serve.exitStatus(timeout: .seconds(60))
            #expect(status == 5)
            #expect(
                serve.standardError.contains("PostgreSQL database nowhere at 127.0.0.1:1"), "\(serve.standardError)")
            #expect(!serve.standardError.contains("s3cret-pw"))
            #expect(!serve.standardOutput.contains("listening on"))

            for malformed in [
                "postgres://:s3cret-pw@/moji", "postgres:moji", "postgres://ada:s3cret-pw@127.0.0.1:99999/moji",
                "postgres://ada:s3cret-pw%ZZ@127.0.0.1/moji",
            ] {
                let created = try await ServeTokenCommandTests.moji(
                    ["serve", "token", "create", "ada", "--database", malformed], home: home)
                #expect(created.status == 64, "\(malformed): \(created.errors)")
                #expect(created.errors.contains("is not a database URL"), "\(created.errors)")
                #expect(!created.errors.contains("s3cret-pw"))
            }
        }
    }

    @Test("while PostgreSQL is stopped /v1/me answers 503 with Retry-After; after, 2xx again, no acknowledged use lost")
    func databaseRestart() async throws {
        _ = try Self.sharedURL()
        let cluster = try await PostgresTestCluster.dedicated()
        do {
            try await restart(cluster)
        } catch {
            await cluster.remove()
            throw error
        }
        await cluster.remove()
    }

    private func restart(_ cluster: PostgresTestCluster.Dedicated) async throws {
        try await ServeTokenCommandTests.withHome { home in
            let token = try await Self.createToken("restart", database: cluster.url, home: home)
            let serve = try ServeProcess(
                ["--port", "0", "--database", cluster.url, "--database-timeout", "2", "--database-connections", "4"],
                home: home)
            defer { serve.terminate() }
            let url = try await serve.listeningURL()
            let tally = Tally()
            let clients = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            // Each client ends after its answer in flight, so every request is counted.
                            while !tally.isStopped {
                                let sent = ContinuousClock.now
                                let answer = try? await HTTPCall.send(
                                    url, "v1/me/usage", method: "POST", token: token, body: #"{"emoji":"🎉"}"#)
                                tally.count(answer, took: ContinuousClock.now - sent)
                                if answer?.status == 503 { try? await Task.sleep(for: .milliseconds(100)) }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            // Serving first: the first uses (connections made, the user created) may take a while on busy cores.
            _ = try await tally.waitFor(seconds: 60) { $0.acknowledged >= 20 }

            let halted = ContinuousClock.now
            try await cluster.halt()
            let firstRefusal = try await tally.waitFor(seconds: 30) { $0.unavailable > 0 }
            let health = try await HTTPCall.send(url, "v1/health")
            #expect(health.status == 503)
            #expect(health.headers["retry-after"] == "2")
            // Down for longer than the 2 s timeout, so calls waiting on it give up, not only new ones.
            try await Task.sleep(for: .seconds(4))
            let duringOutage = tally.snapshot

            let resumed = ContinuousClock.now
            try await cluster.resume()
            let before = tally.snapshot.acknowledged
            let firstSuccess = try await tally.waitFor(seconds: 30) { $0.acknowledged > before }
            try await Task.sleep(for: .seconds(1))
            tally.stop()
            try await clients.value
            let final = tally.snapshot
            print(
                "PostgreSQL restart under load: first 503 \(firstRefusal - halted) after the stop, "
                    + "first 2xx \(firstSuccess - resumed) after the start; "
                    + "\(final.acknowledged) uses acknowledged, \(final.unavailable) answered 503, "
                    + "\(final.other) other answers, \(final.failed) without an answer; "
                    + "the slowest 503 took \(final.slowestRefusal)")
            // The timeout is 2 s; a generous bound for two shared cores (a client gives up after 60 s).
            #expect(final.slowestRefusal < .seconds(15))
            #expect(duringOutage.unavailable > 0)
            #expect(final.badRefusals == 0, "503 answers without Retry-After: 2 or the database-unavailable type")
            #expect(final.other == 0, "answers other than 200 and 503: \(final.otherStatuses)")
            #expect(final.failed == 0)
            #expect(firstSuccess - resumed < .seconds(20))

            // Every acknowledged use is there (a timed-out one may have been saved too).
            let frequent = try await HTTPCall.send(url, "v1/me/frequent", token: token)
            let counted = try #require(frequent.list.first { $0["emoji"] as? String == "🎉" }?["uses"] as? Int)
            #expect(counted >= final.acknowledged)
            #expect(counted <= final.acknowledged + final.unavailable)
            print("uses counted in PostgreSQL: \(counted) (acknowledged \(final.acknowledged))")
        }
    }
}

/// What the clients of ``ServePostgresTests/databaseRestart()`` got.
final class Tally: Sendable {
    struct Counts {
        var acknowledged = 0
        var unavailable = 0
        var badRefusals = 0
        var other = 0
        var otherStatuses: [Int] = []
        var failed = 0
        var slowestRefusal = Duration.zero
    }

    private let state = Locked((counts: Counts(), stopped: false))

    var isStopped: Bool { state.withLock { $0.stopped } }
    func stop() { state.withLock { $0.stopped = true } }

    var snapshot: Counts { state.withLock { $0.counts } }

    func count(_ answer: HTTPCall.Answer?, took duration: Duration) {
        state.withLock { state in
            guard let answer else {
                state.counts.failed += 1
                return
            }
            switch answer.status {
            case 200: state.counts.acknowledged += 1
            case 503:
                state.counts.unavailable += 1
                state.counts.slowestRefusal = max(state.counts.slowestRefusal, duration)
                if answer.headers["retry-after"] != "2"
                    || answer.object["type"] as? String != "urn:moji:problem:database-unavailable"
                {
                    state.counts.badRefusals += 1
                }
            default:
                state.counts.other += 1
                state.counts.otherStatuses.append(answer.status)
            }
        }
    }

    /// Waits until `condition` holds; the instant it was seen.
    func waitFor(seconds: Int, _ condition: (Counts) -> Bool) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition(snapshot) { return .now }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TimedOut(seconds: seconds)
    }

    struct TimedOut: Error, CustomStringConvertible {
        var seconds: Int
        var description: String { "the clients' answers did not change within \(seconds) s" }
    }
}

/// One HTTP request with URLSession, its answer decoded loosely.
enum HTTPCall {
    struct Answer: Sendable {
        var status: Int
        /// Header names in lowercase.
        var headers: [String: String]
        var data: Data

        var object: [String: Any] { (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:] }
        var list: [[String: Any]] { (try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? [] }
    }

    static func send(
        _ base: URL, _ path: String, method: String = "GET", token: String? = nil, body: String? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        request.timeoutInterval = 60
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return Answer(status: http?.statusCode ?? 0, headers: headers, data: data)
    }
}
