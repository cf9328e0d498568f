import ArgumentParser
import Foundation
import Moji
import MojiServer
import MojiStore
import MojiTestSupport

/// `serve`: the HTTP API under load, measured by wrk from outside this process.
struct ServeBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Requests per second and latency of moji serve's routes, loaded by wrk.",
        discussion: """
            Starts a MojiServer in this process on 127.0.0.1 (any free port) with a fresh store, then \
            runs wrk (Debian's package) against it, one route after the other, each for --duration \
            seconds with --connections connections on --threads threads: GET /v1/search with the \
            queries of --queries (one a line, as a person types them, cycled by a small Lua script), \
            GET /v1/health, and POST /v1/me/usage from --users users with their own tokens. Search runs \
            twice: with the server's search answer cache (the default) and, on a second server, \
            without it (every request searches and encodes). wrk shares the machine's cores with the \
            server, as the issue's targets assume. Prints requests per second, p50 and p99 per route, \
            search's share of health's rate, and checks that the users' stores counted every use \
            that got a 2xx answer (a few more may be counted: wrk drops the answers still in flight \
            when it stops).

            With --instances N: N `moji serve` child processes on their own loopback ports share one \
            PostgreSQL (--database postgres://USER@HOST:PORT/DB, or, without it, a throwaway cluster \
            that script/postgres-test-cluster starts and removes: initdb and pg_ctl must be installed). \
            --clients clients (each its own user and token, one request at a time over a keep-alive \
            connection, so each user's order of uses is known) send --requests POST /v1/me/usage in \
            all, spread over the instances; a client whose instance stops answering moves to the next \
            one. Runs with 1 instance, then N, then N with the last one killed by SIGKILL half-way, and \
            checks each time that every use that got a 2xx is in the database, that the only uses \
            beyond those are requests whose connection broke while they were out, that each answer's \
            use count follows the client's own sequence, and that each user's scores equal those of \
            the same sequence replayed on a SQLite store. The wrk options do not apply then.
            """
    )

    @Option(help: "Seconds of load per route.")
    var duration: Int = 20

    @Option(help: "Open connections (wrk -c).")
    var connections: Int = 64

    @Option(help: "wrk threads (wrk -t).")
    var threads: Int = 2

    @Option(help: "Search queries, one a line.")
    var queries: String = "Benchmarks/queries-en.txt"

    @Option(help: "Users recording uses, each with a token.")
    var users: Int = 8

    @Option(help: "The wrk executable.")
    var wrk: String = "/usr/bin/wrk"

    @Option(
        help:
            "moji serve processes sharing one PostgreSQL (see the discussion); without it, one server in this process.")
    var instances: Int?

    @Option(
        help: ArgumentHelp(
            "With --instances: the PostgreSQL database the instances share (default: a throwaway cluster).",
            valueName: "postgres-url"))
    var database: String?

    @Option(help: "With --instances: record-use requests per run, split evenly over the clients.")
    var requests: Int = 20_000

    @Option(help: "With --instances: concurrent clients, each its own user.")
    var clients: Int = 32

    @Option(
        name: .customLong("database-connections"),
        help: ArgumentHelp("With --instances: each instance's most connections to PostgreSQL.", valueName: "n"))
    var databaseConnections: Int = 8

    func validate() throws {
        if let instances, !(1...16).contains(instances) { throw ValidationError("--instances must be from 1 to 16.") }
        if instances == nil, database != nil { throw ValidationError("--database needs --instances.") }
        guard (1...256).contains(clients) else { throw ValidationError("--clients must be from 1 to 256.") }
        guard requests >= clients else { throw ValidationError("--requests must be at least --clients.") }
        guard (1...100).contains(databaseConnections) else {
            throw ValidationError("--database-connections must be from 1 to 100.")
        }
    }

    /// The targets on the project's 2-core machine, wrk included.
    static let searchTargetPerSecond = 20_000.0
    static let searchTargetP99Milliseconds = 10.0
    static let searchShareOfHealthTarget = 0.5
    static let usageTargetPerSecond = 2_000.0

    /// One route's figures, as wrk's Lua `done` prints them.
    struct Load: Decodable {
        var requests: Int
        var durationMicroseconds: Double
        var p50Microseconds: Double
        var p99Microseconds: Double
        var failedStatus: Int
        var socketErrors: Int

        var perSecond: Double { Double(requests) / (durationMicroseconds / 1_000_000) }
        /// Answers with a 2xx or 3xx status.
        var succeeded: Int { requests - failedStatus }

        enum CodingKeys: String, CodingKey {
            case requests
            case durationMicroseconds = "duration_us"
            case p50Microseconds = "p50_us"
            case p99Microseconds = "p99_us"
            case failedStatus = "failed_status"
            case socketErrors = "socket_errors"
        }
    }

    func run() async throws {
        if let instances {
            return try await ServeInstancesBenchmark(
                instances: instances, databaseURL: database, requests: requests, clients: clients,
                databaseConnections: databaseConnections
            ).run()
        }
        guard FileManager.default.isExecutableFile(atPath: wrk) else {
            throw ValidationError("\(wrk) is missing: install Debian's wrk (apt-get install wrk) or pass --wrk.")
        }
        let lines = try String(contentsOfFile: queries, encoding: .utf8).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw ValidationError("\(queries) has no queries") }

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("moji-bench-serve-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("requests.lua")
        try Data(Self.luaScript.utf8).write(to: script)

        let storeURL = work.appendingPathComponent("moji.sqlite")
        let tokens = try Self.createTokens(users: users, storeURL: storeURL)
        let searchFile = work.appendingPathComponent("search.tsv")
        try Self.write(lines.map { Request(path: "/v1/search?q=\(Self.escaped($0))&limit=20") }, to: searchFile)
        let healthFile = work.appendingPathComponent("health.tsv")
        try Self.write([Request(path: "/v1/health")], to: healthFile)
        let usageFile = work.appendingPathComponent("usage.tsv")
        try Self.write(
            tokens.flatMap { token in
                Self.usedEmoji.map {
                    Request(method: "POST", path: "/v1/me/usage", token: token, body: "{\"emoji\":\"\($0)\"}")
                }
            }, to: usageFile)

        // Without the answer cache first, on a server of its own, so its figures are every search's cost.
        var uncachedConfiguration = ServerConfiguration(
            port: 0, storeURL: storeURL, refreshesCustomSets: false, searchCacheEntries: 0)
        uncachedConfiguration.imageDirectory = work.appendingPathComponent("images")
        let uncachedServer = try await MojiServer.start(uncachedConfiguration)
        let uncached: Load
        do {
            uncached = try await load(uncachedServer.baseURL.absoluteString, script: script, requests: searchFile)
        } catch {
            try? await uncachedServer.stop()
            throw error
        }
        try await uncachedServer.stop()

        var configuration = uncachedConfiguration
        configuration.searchCacheEntries = ServerConfiguration().searchCacheEntries
        let server = try await MojiServer.start(configuration)
        do {
            let base = server.baseURL.absoluteString
            let search = try await load(base, script: script, requests: searchFile)
            let health = try await load(base, script: script, requests: healthFile)
            let usage = try await load(base, script: script, requests: usageFile)
            try await server.stop()
            let counted = try Self.countedUses(users: users, storeURL: storeURL)
            report("search", search, target: Self.searchTargetPerSecond)
            report("search_uncached", uncached, target: nil)
            report("health", health, target: nil)
            report("record_use", usage, target: Self.usageTargetPerSecond)
            Measurement.report([
                "suite": "serve", "measure": "uses_counted", "acknowledged": usage.succeeded, "counted": counted,
                "lost": max(usage.succeeded - counted, 0), "within_target": counted >= usage.succeeded,
            ])
            let share = search.perSecond / max(health.perSecond, 1)
            Measurement.report([
                "suite": "serve", "measure": "search_share_of_health",
                "ratio": Measurement.rounded(share, places: 2), "target": Self.searchShareOfHealthTarget,
                "within_target": share >= Self.searchShareOfHealthTarget
                    && search.perSecond >= Self.searchTargetPerSecond
                    && search.p99Microseconds / 1000 <= Self.searchTargetP99Milliseconds,
            ])
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// Emoji the usage load records, toned and not, so the tone memory is written too.
    static let usedEmoji = ["👍", "👍🏽", "😂", "❤️", "🎉", "🙏🏿", "🔥", "🥳", "😭", "✨"]

    /// One API token per user (`bench-0` …), created in the main store as `moji serve token create` does.
    static func createTokens(users: Int, storeURL: URL) throws -> [String] {
        let store = try EmojiStore(url: storeURL)
        defer { try? store.close() }
        return try (0..<max(users, 1)).map { index in
            let token = APITokenSecret.generate()
            _ = try store.addAPIToken(user: "bench-\(index)", hash: APITokenSecret.hash(token), label: "moji-bench")
            return token
        }
    }

    /// Every use the users' stores recorded.
    static func countedUses(users: Int, storeURL: URL) throws -> Int {
        let folder = storeURL.deletingLastPathComponent().appendingPathComponent("users")
        return try (0..<max(users, 1)).reduce(0) { total, index in
            let url = folder.appendingPathComponent("bench-\(index).sqlite")
            guard FileManager.default.fileExists(atPath: url.path) else { return total }
            let store = try EmojiStore(url: url)
            defer { try? store.close() }
            return total + (try store.usage.totalUses())
        }
    }

    /// One request line for the Lua script: method, path, token, body, separated by tabs.
    struct Request {
        var method = "GET"
        var path: String
        var token = ""
        var body = ""
    }

    static func write(_ requests: [Request], to url: URL) throws {
        let text = requests.map { "\($0.method)\t\($0.path)\t\($0.token)\t\($0.body)" }.joined(separator: "\n")
        try Data((text + "\n").utf8).write(to: url)
    }

    func load(_ base: String, script: URL, requests: URL) async throws -> Load {
        let outcome = try await ChildProcess.run(
            wrk,
            [
                "-t\(threads)", "-c\(connections)", "-d\(duration)s", "--timeout", "5s", "-s", script.path, base,
                "--", requests.path,
            ],
            environment: ProcessInfo.processInfo.environment)
        let output = String(decoding: outcome.output, as: UTF8.self)
        guard outcome.status == 0, let line = output.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else {
            throw ValidationError(
                "wrk failed (\(outcome.status)): \(output) \(String(decoding: outcome.errors, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Load.self, from: Data(line.utf8))
    }

    func report(_ route: String, _ load: Load, target: Double?) {
        Measurement.report([
            "suite": "serve", "route": route, "connections": connections, "seconds": duration,
            "requests": load.requests, "requests_per_second": Measurement.rounded(load.perSecond, places: 0),
            "p50_ms": Measurement.rounded(load.p50Microseconds / 1000, places: 2),
            "p99_ms": Measurement.rounded(load.p99Microseconds / 1000, places: 2),
            "failed_status": load.failedStatus, "socket_errors": load.socketErrors,
            "target_per_second": target ?? 0,
            "within_target": target.map { load.perSecond >= $0 && load.failedStatus == 0 } ?? (load.failedStatus == 0),
        ])
    }

    /// Percent-encodes everything but unreserved characters, for a query value.
    static func escaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Cycles through a file of requests (`method<TAB>path<TAB>token<TAB>body` a line), each thread from
    /// its own starting line, and prints the figures as one JSON line when wrk is done.
    static let luaScript = """
        local requests = {}
        local index = 0
        local function split(line)
          local fields = {}
          for field in (line .. "\\t"):gmatch("([^\\t]*)\\t") do fields[#fields + 1] = field end
          return fields
        end
        init = function(args)
          for line in io.lines(args[1]) do
            local f = split(line)
            local headers = {}
            if f[3] ~= nil and f[3] ~= "" then headers["Authorization"] = "Bearer " .. f[3] end
            local body = nil
            if f[4] ~= nil and f[4] ~= "" then
              body = f[4]
              headers["Content-Type"] = "application/json"
            end
            requests[#requests + 1] = wrk.format(f[1], f[2], headers, body)
          end
          index = math.random(#requests) - 1
        end
        request = function()
          index = index % #requests + 1
          return requests[index]
        end
        done = function(summary, latency, _)
          local e = summary.errors
          io.write(string.format(
            '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"failed_status":%d,"socket_errors":%d}\\n',
            summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
            e.connect + e.read + e.write + e.timeout))
        end
        """
}
