import Foundation
import MojiSpawn
import MojiTestSupport

/// Runs the built `moji` executable as a child process with `MOJI_HOME` set.
struct MojiProcess {
    /// The `moji` executable beside the test bundle.
    static let executable = MojiExecutable.url

    let home: URL

    /// More environment variables for every child.
    var environment: [String: String] = [:]

    /// Starts `moji arguments…` with standard output and error going where they are told.
    func start(
        _ arguments: [String], stdout: SpawnedProcess.Stream = .null, stderr: SpawnedProcess.Stream = .null
    ) throws -> SpawnedProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["MOJI_HOME"] = home.path
        environment.merge(self.environment) { $1 }
        return try SpawnedProcess(
            Self.executable.path, arguments, environment: environment, standardOutput: stdout, standardError: stderr)
    }

    /// Runs `moji arguments…` to the end and returns its exit code, output and errors. Both go
    /// to files, so a child that fills one stream while the other is read cannot deadlock.
    func run(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let outcome = try await run(arguments, limit: .seconds(600))
        return (outcome.status ?? -1, outcome.output, outcome.errors)
    }

    /// Runs `moji arguments…`, killing it after `limit`; `seconds` is how long it ran, and
    /// `status` is nil when it had to be killed.
    ///
    /// It polls with `Task.sleep`, so the wait leaves the cooperative pool's thread to others (the
    /// servers and clients of other suites need it while the child runs).
    func run(_ arguments: [String], limit: Duration) async throws
        -> (status: Int32?, output: String, errors: String, seconds: Double)
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moji-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        let err = directory.appendingPathComponent("err")
        let clock = ContinuousClock()
        let started = clock.now
        let process = try start(arguments, stdout: .file(out.path), stderr: .file(err.path))
        while process.isRunning, clock.now - started < limit { try await Task.sleep(for: .milliseconds(10)) }
        let killed = process.isRunning
        if killed { process.signal(SIGTERM) }
        let termination = await process.waitForExit()
        let elapsed = clock.now - started
        return (
            killed ? nil : termination.status, try String(contentsOf: out, encoding: .utf8),
            try String(contentsOf: err, encoding: .utf8),
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        )
    }
}
