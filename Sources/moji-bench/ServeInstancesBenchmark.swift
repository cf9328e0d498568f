import Foundation
import Moji
import MojiPostgres
import MojiServer
import MojiStore
import MojiTestSupport

/// `moji-bench serve --instances N`: several `moji serve` processes sharing one PostgreSQL, loaded
/// with record-use requests, then checked use by use against the database and against the same
/// sequences replayed on SQLite.
struct ServeInstancesBenchmark {
    var instances: Int
    var databaseURL: String?
    var requests: Int
    var clients: Int
    var databaseConnections: Int

    /// The issue's target for two instances on this 2-core machine, PostgreSQL included.
    static let targetPerSecond = 3_000.0

    /// Emoji with distinct neutral bases (toned and not), so each answer's use count belongs to one of them.
    static let usedEmoji = ["👍", "😂", "❤️", "🎉", "🙏🏿", "🔥", "🥳", "😭", "✨", "👋🏽"]

    /// What one run of the load found.
    struct Phase {
        var instances: Int
        var killed: Bool
        var seconds: Double
        var latencies: [Double]
        var answered: Int
        var acknowledged: Int
        var failedStatus: Int
        var connectionErrors: Int
        var uncertain: Int
        var wrongAnswers: Int
        var counted: Int
        var lost: Int
        /// Uses counted beyond the acknowledged ones that no uncertain request explains.
        var unexplained: Int
        var scoreMismatches: Int
        var firstError: String?
        var firstFailedAnswer: String?
        /// Processor seconds the PostgreSQL server processes spent during the load.
        var postgresSeconds = 0.0
        /// Processor seconds the `moji serve` processes spent during the load (the killed one until it died: not counted).
        var serveSeconds = 0.0

        /// Nothing lost or wrong; connection errors only where an instance was killed.
        var isSound: Bool {
            lost == 0 && unexplained == 0 && scoreMismatches == 0 && wrongAnswers == 0 && failedStatus == 0
                && (killed || connectionErrors == 0)
        }
    }

    func run() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("moji-bench-instances-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        if let databaseURL {
            try await measure(url: databaseURL, work: work)
            return
        }
        let cluster = try await PostgresTestCluster.dedicated()
        try? FileHandle.standardError.write(
            contentsOf: Data("moji-bench: a throwaway PostgreSQL cluster at \(cluster.url)\n".utf8))
        do {
            try await measure(url: cluster.url, work: work)
        } catch {
            await cluster.remove()
            throw error
        }
        await cluster.remove()
    }

    /// The runs against the database at `url`; throws when a use was lost or an answer wrong.
    private func measure(url: String, work: URL) async throws {
        let store = try await PostgresUserDataStore(url: url, maximumConnections: 2, timeout: .seconds(30))
        var phases: [Phase] = []
        do {
            var counts = [1]
            if instances > 1 { counts.append(instances) }
            for count in counts {
                phases.append(try await load(count, killing: false, store: store, url: url, work: work))
                report(phases[phases.count - 1])
            }
            if instances > 1 {
                phases.append(try await load(instances, killing: true, store: store, url: url, work: work))
                report(phases[phases.count - 1])
            }
        } catch {
            await store.close()
            throw error
        }
        await store.close()
        // Speed is reported; a use lost or a wrong answer fails the run (CI stops on it).
        if let broken = phases.first(where: { !$0.isSound }) {
            throw BenchFailure(
                "uses were lost or answers wrong with \(broken.instances) instances\(broken.killed ? ", one killed" : ""): "
                    + "\(broken.lost) lost, \(broken.unexplained) unexplained, \(broken.scoreMismatches) score mismatches, "
                    + "\(broken.wrongAnswers) wrong answers, \(broken.failedStatus) failed statuses")
        }
    }

    /// Starts `count` instances, sends the load (killing the last instance half-way when
    /// `killing`), stops them, and checks what the database holds.
    func load(_ count: Int, killing: Bool, store: PostgresUserDataStore, url: String, work: URL) async throws
        -> Phase
    {
        let prefix = "b\(UUID().uuidString.prefix(6).lowercased())"
        var tokens: [String] = []
        for index in 0..<clients {
            let token = APITokenSecret.generate()
            try await store.addAPIToken(
                user: "\(prefix)-\(index)", hash: APITokenSecret.hash(token), label: "moji-bench", at: Date())
            tokens.append(token)
        }
        var servers: [ServedInstance] = []
        defer { for server in servers { server.stop() } }
        var ports: [Int] = []
        for index in 0..<count {
            let server = try ServedInstance(
                ["--database", url, "--database-connections", "\(databaseConnections)"],
                home: work.appendingPathComponent("\(prefix)-instance-\(index)"))
            servers.append(server)
            ports.append(try server.port())
        }
        let perClient = max(requests / clients, 1)
        let uses = UseProgress()
        let clientsOfUsers = (0..<clients).map { index in
            var random = SplitMix(seed: UInt64(index + 1))
            let sequence = (0..<perClient).map { _ in Int(random.next() % UInt64(Self.usedEmoji.count)) }
            // Each client starts on its own instance, and moves on to the next ones in turn.
            let order = (0..<count).map { ports[(index + $0) % count] }
            return UsageClient(
                user: "\(prefix)-\(index)", sequence: sequence,
                requests: Self.usedEmoji.map { Self.request(recording: $0, token: tokens[index]) }, ports: order,
                uses: uses)
        }

        let serverPIDs = Set(servers.map(\.processIdentifier))
        let serveBefore = Self.processorSeconds { serverPIDs.contains($0) }
        let cpuBefore = Self.postgresProcessorSeconds()
        let started = Measurement.nowMicroseconds()
        let killer = killing ? servers.last : nil
        try await runThreads(clientsOfUsers, killing: killer, after: clients * perClient / 2, uses: uses)
        let seconds = (Measurement.nowMicroseconds() - started) / 1_000_000
        let cpuAfter = Self.postgresProcessorSeconds()
        let serveAfter = Self.processorSeconds { serverPIDs.contains($0) }
        let serveSeconds = serveAfter.reduce(0.0) { $0 + max($1.value - (serveBefore[$1.key] ?? $1.value), 0) }
        // Only the server processes alive at both ends: a killed instance's connections end with it.
        let postgresSeconds = cpuAfter.reduce(0.0) { total, process in
            total + max(process.value - (cpuBefore[process.key] ?? process.value), 0)
        }
        for server in servers { server.stop() }
        // What the instances said, for a run that got answers other than 2xx.
        let logs = servers.map(\.standardError)
        servers = []
        var phase = try await check(
            clientsOfUsers, store: store, work: work, count: count, killed: killing, seconds: seconds)
        if phase.failedStatus > 0 {
            for (index, log) in logs.enumerated() where !log.isEmpty {
                let tail = log.split(separator: "\n").suffix(5).joined(separator: "\n")
                try? FileHandle.standardError.write(
                    contentsOf: Data("moji-bench: instance \(index + 1) said:\n\(tail)\n".utf8))
            }
        }
        phase.postgresSeconds = postgresSeconds
        phase.serveSeconds = serveSeconds
        return phase
    }

    /// Processor time (user and system) of each process named `postgres` on this machine, by pid: the
    /// database's own cost per use when it runs here (the throwaway cluster does).
    static func postgresProcessorSeconds() -> [Int: Double] {
        processorSeconds(named: "postgres") { _ in true }
    }

    /// Processor time of the processes `matching` (by pid), and `named` so when a name is given.
    static func processorSeconds(named name: String? = nil, matching: (Int) -> Bool) -> [Int: Double] {
        #if canImport(Glibc)
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            var seconds: [Int: Double] = [:]
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for entry in entries {
                guard let pid = Int(entry), matching(pid),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
                    name.map({ stat[stat.index(after: open)..<close] == $0 }) ?? true
                else { continue }
                // After the name: state is field 3, utime and stime are fields 14 and 15.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
                    continue
                }
                seconds[pid] = (user + system) / ticks
            }
            return seconds
        #else
            return [:]
        #endif
    }

    /// Runs every client on a thread of its own (blocking sockets, one request at a time) and, with
    /// `killing`, SIGKILLs that instance once `after` uses have been acknowledged.
    private func runThreads(_ clients: [UsageClient], killing: ServedInstance?, after: Int, uses: UseProgress)
        async throws
    {
        let group = DispatchGroup()
        for client in clients {
            group.enter()
            let thread = Thread {
                client.run()
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        if let killing {
            let watcher = Thread {
                while uses.acknowledged < after, group.wait(timeout: .now()) == .timedOut {
                    Thread.sleep(forTimeInterval: 0.001)
                }
                killing.kill()
            }
            watcher.start()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { continuation.resume() }
        }
    }

    /// Compares each user's uses in PostgreSQL with the acknowledged ones, and their scores with
    /// the same sequence replayed on a SQLite store.
    private func check(
        _ clients: [UsageClient], store: PostgresUserDataStore, work: URL, count: Int, killed: Bool, seconds: Double
    ) async throws -> Phase {
        let bases = Self.usedEmoji.map { EmojiCatalog.shared.emoji(for: $0)?.neutral.character ?? $0 }
        var phase = Phase(
            instances: count, killed: killed, seconds: seconds, latencies: [], answered: 0, acknowledged: 0,
            failedStatus: 0, connectionErrors: 0, uncertain: 0, wrongAnswers: 0, counted: 0, lost: 0,
            unexplained: 0, scoreMismatches: 0)
        for client in clients {
            phase.latencies += client.latencies
            phase.wrongAnswers += client.wrongAnswers
            phase.connectionErrors += client.connectionErrors
            phase.firstError = phase.firstError ?? client.firstError
            phase.firstFailedAnswer = phase.firstFailedAnswer ?? client.firstFailedAnswer
            var acknowledged = [String: Int]()
            var uncertain: [Int] = []
            for (index, outcome) in client.outcomes.enumerated() {
                switch outcome {
                case .answered(let status):
                    phase.answered += 1
                    if (200..<300).contains(status) {
                        phase.acknowledged += 1
                        acknowledged[bases[client.sequence[index]], default: 0] += 1
                    } else {
                        phase.failedStatus += 1
                    }
                case .uncertain:
                    uncertain.append(index)
                case .notSent, .refused:
                    break
                }
            }
            phase.uncertain += uncertain.count
            let stored = try await store.recent(for: client.user, limit: 10_000)
            var counted = [String: Int]()
            for entry in stored { counted[entry.item.key] = entry.useCount }
            phase.counted += counted.values.reduce(0, +)
            for (key, number) in acknowledged { phase.lost += max(number - (counted[key] ?? 0), 0) }
            // The uses the database holds beyond the acknowledged: each must be an uncertain request's.
            var extra = counted.mapValues { $0 }
            for (key, number) in acknowledged { extra[key, default: 0] -= number }
            var recordedUncertain = Set<Int>()
            for index in uncertain {
                let key = bases[client.sequence[index]]
                if extra[key, default: 0] > 0 {
                    extra[key, default: 0] -= 1
                    recordedUncertain.insert(index)
                }
            }
            phase.unexplained += extra.values.filter { $0 > 0 }.reduce(0, +)

            // The same sequence on SQLite: the acknowledged uses, and the uncertain ones the database kept.
            let replay = try EmojiStore(url: work.appendingPathComponent("\(client.user).sqlite"))
            defer { try? replay.close() }
            for (index, outcome) in client.outcomes.enumerated() {
                let kept: Bool
                if case .answered(let status) = outcome { kept = (200..<300).contains(status) } else { kept = false }
                guard kept || recordedUncertain.contains(index) else { continue }
                try replay.usage.recordUse(of: StoreItem(key: Self.usedEmoji[client.sequence[index]]))
            }
            let expected = try replay.usage.recent(limit: 10_000)
            if expected.count != stored.count { phase.scoreMismatches += max(expected.count, stored.count) }
            for (mine, theirs) in zip(expected, stored)
            where mine.item != theirs.item || mine.score != theirs.score || mine.useCount != theirs.useCount
                || mine.tones != theirs.tones
            {
                phase.scoreMismatches += 1
            }
        }
        return phase
    }

    func report(_ phase: Phase) {
        let perSecond = Double(phase.answered) / max(phase.seconds, 0.001)
        let target = phase.instances >= 2 && !phase.killed ? Self.targetPerSecond : 0
        let sound = phase.isSound
        Measurement.report([
            "suite": "serve", "measure": phase.killed ? "record_use_instance_killed" : "record_use_instances",
            "instances": phase.instances, "database": "postgresql", "clients": clients,
            "requests": phase.answered, "seconds": Measurement.rounded(phase.seconds, places: 2),
            "requests_per_second": Measurement.rounded(perSecond, places: 0),
            "p50_ms": Measurement.rounded(Measurement.quantile(phase.latencies, 0.5) / 1000, places: 2),
            "p99_ms": Measurement.rounded(Measurement.quantile(phase.latencies, 0.99) / 1000, places: 2),
            "acknowledged": phase.acknowledged, "counted": phase.counted, "lost": phase.lost,
            "uncertain": phase.uncertain, "unexplained": phase.unexplained, "connection_errors": phase.connectionErrors,
            "failed_status": phase.failedStatus, "wrong_answers": phase.wrongAnswers,
            "score_mismatches": phase.scoreMismatches,
            "postgres_cpu_us_per_use": Measurement.rounded(
                phase.postgresSeconds * 1_000_000 / Double(max(phase.acknowledged, 1)), places: 1),
            "serve_cpu_us_per_use": Measurement.rounded(
                phase.serveSeconds * 1_000_000 / Double(max(phase.acknowledged, 1)), places: 1),
            "target_per_second": target,
            "within_target": sound && perSecond >= target,
        ])
        if let error = phase.firstError, !sound || phase.killed {
            try? FileHandle.standardError.write(contentsOf: Data("moji-bench: first connection error: \(error)\n".utf8))
        }
        if let answer = phase.firstFailedAnswer {
            try? FileHandle.standardError.write(
                contentsOf: Data("moji-bench: first answer that was not 2xx: \(answer)\n".utf8))
        }
    }

    /// The whole HTTP request that records one use of `emoji` with `token`.
    static func request(recording emoji: String, token: String) -> [UInt8] {
        let body = Array("{\"emoji\":\"\(emoji)\"}".utf8)
        let head =
            "POST /v1/me/usage HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }
}
