import Foundation
import MojiSpawn

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The PostgreSQL server the tests use: `MOJI_TEST_POSTGRES_URL` when set, else a throwaway
/// cluster that `script/postgres-test-cluster` starts once per test process (initdb + pg_ctl in a
/// temporary folder, on a loopback port, as `nobody` when the tests run as root) and stops when
/// the process ends.
///
/// When none can be started the PostgreSQL cases are left out and ``availability`` says why; with
/// `MOJI_REQUIRE_POSTGRES=1` (CI) that is a failure instead.
public enum PostgresTestCluster {
    /// Whether a server is there, and its URL or why not.
    public enum Availability: Sendable {
        /// `postgres://moji@127.0.0.1:PORT/moji`.
        case available(url: String)
        case unavailable(reason: String)

        public var url: String? {
            if case .available(let url) = self { url } else { nil }
        }

        public var reason: String {
            switch self {
            case .available(let url): "PostgreSQL at \(url)"
            case .unavailable(let reason): reason
            }
        }
    }

    /// Whether PostgreSQL must be there (CI sets `MOJI_REQUIRE_POSTGRES=1`): its absence then fails a test.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["MOJI_REQUIRE_POSTGRES"] == "1" }

    /// Found or started on first use. Synchronous, because test arguments are computed before
    /// any test runs (nothing on the cooperative pool waits on this then).
    public static let availability: Availability = {
        let environment = ProcessInfo.processInfo.environment
        if let url = environment["MOJI_TEST_POSTGRES_URL"], !url.isEmpty { return .available(url: url) }
        if environment["MOJI_TEST_POSTGRES"] == "off" {
            return report(.unavailable(reason: "MOJI_TEST_POSTGRES=off"))
        }
        return report(start())
    }()

    private static func start() -> Availability {
        switch runScript(["start", "--owner-pid", "\(ProcessInfo.processInfo.processIdentifier)"]) {
        case .success(let printed):
            guard let url = value("MOJI_TEST_POSTGRES_URL", in: printed) else {
                return .unavailable(reason: "\(script) printed no MOJI_TEST_POSTGRES_URL")
            }
            return .available(url: url)
        case .failure(let failure):
            return .unavailable(reason: failure.reason)
        }
    }

    /// A cluster of its own, for a test that stops and starts the server under a running
    /// `moji serve` (the shared one must stay up for the other tests). Removed with ``Dedicated/remove()``,
    /// or when the test process ends.
    public static func dedicated() async throws -> Dedicated {
        switch await runScriptOffPool(["start", "--owner-pid", "\(ProcessInfo.processInfo.processIdentifier)"]) {
        case .success(let printed):
            guard let url = value("MOJI_TEST_POSTGRES_URL", in: printed),
                let directory = value("MOJI_TEST_POSTGRES_DIR", in: printed)
            else { throw ScriptFailure(reason: "\(script) printed no URL or directory: \(printed)") }
            return Dedicated(url: url, directory: directory)
        case .failure(let failure):
            throw failure
        }
    }

    /// A throwaway cluster of one test.
    public struct Dedicated: Sendable {
        /// `postgres://moji@127.0.0.1:PORT/moji`.
        public let url: String
        /// The cluster's folder (data, log).
        public let directory: String

        /// Stops the server as for a restart (`pg_ctl stop -m fast`); the data stays.
        public func halt() async throws {
            _ = try await PostgresTestCluster.runScriptOffPool(["halt", directory]).get()
        }
        /// Starts the server again on its port.
        public func resume() async throws {
            _ = try await PostgresTestCluster.runScriptOffPool(["resume", directory]).get()
        }
        /// Stops the server and removes its folder.
        public func remove() async { _ = await PostgresTestCluster.runScriptOffPool(["stop", directory]) }
    }

    /// Why the cluster script failed: what it said on standard error.
    public struct ScriptFailure: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    private static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("script/postgres-test-cluster").path
    }

    private static func value(_ name: String, in printed: String) -> String? {
        printed.split(separator: "\n").first { $0.hasPrefix("\(name)=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// ``runScript(_:)`` on a thread of its own: initdb and pg_ctl take seconds (a minute on a
    /// loaded machine), and a test waiting for them on one of the cooperative pool's few threads
    /// starves every other test of the process.
    static func runScriptOffPool(_ arguments: [String]) async -> Result<String, ScriptFailure> {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: runScript(arguments)) }.start()
        }
    }

    /// Runs the cluster script with `arguments`: what it printed, or what it complained.
    @discardableResult
    static func runScript(_ arguments: [String]) -> Result<String, ScriptFailure> {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("moji-pg-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: output.appendingPathExtension("out"))
            try? FileManager.default.removeItem(at: output.appendingPathExtension("err"))
        }
        let status =
            (try? SpawnedProcess(
                "/bin/bash", [script] + arguments, environment: ProcessInfo.processInfo.environment,
                standardOutput: .file(output.path + ".out"), standardError: .file(output.path + ".err")
            ).waitUntilExit())?.status ?? -1
        let printed = (try? String(contentsOf: output.appendingPathExtension("out"), encoding: .utf8)) ?? ""
        let complaint = (try? String(contentsOf: output.appendingPathExtension("err"), encoding: .utf8)) ?? ""
        guard status == 0 else {
            let why = complaint.trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(ScriptFailure(reason: why.isEmpty ? "\(script) exited with status \(status)" : why))
        }
        return .success(printed)
    }

    /// Says on standard error which server the PostgreSQL cases use, or why they are left out.
    private static func report(_ availability: Availability) -> Availability {
        let line =
            switch availability {
            case .available(let url): "PostgreSQL tests: a throwaway cluster at \(url)\n"
            case .unavailable(let reason): "PostgreSQL tests SKIPPED: \(reason)\n"
            }
        FileHandle.standardError.write(Data(line.utf8))
        return availability
    }
}
