import Foundation
import MojiSpawn
import MojiTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `moji serve` child process on 127.0.0.1 (a port the system picks), with a home folder of its
/// own: what a load balancer would have behind it, one of several sharing one PostgreSQL.
final class ServedInstance: @unchecked Sendable {
    let home: URL
    private let process: SpawnedProcess
    private let outputFile: URL
    private let errorFile: URL

    /// Starts `moji serve --port 0 --no-refresh` with `arguments` and waits for its address.
    init(_ arguments: [String], home: URL) throws {
        self.home = home
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        outputFile = home.appendingPathComponent("serve.out")
        errorFile = home.appendingPathComponent("serve.err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        var environment = ProcessInfo.processInfo.environment
        environment["MOJI_HOME"] = home.path
        environment["MOJI_DATABASE_URL"] = nil
        process = try SpawnedProcess(
            MojiExecutable.url.path, ["serve", "--port", "0", "--no-refresh"] + arguments, environment: environment,
            standardOutput: .file(outputFile.path), standardError: .file(errorFile.path))
    }

    /// The process id, to read its processor time.
    var processIdentifier: Int { Int(process.processIdentifier) }

    var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// The port from the `listening on …` line, once it is printed.
    func port(timeout: TimeInterval = 120) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
                let url = URL(string: String(line.dropFirst("listening on ".count))), let port = url.port
            {
                return port
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BenchFailure(
            "\(MojiExecutable.url.path) serve did not start listening (\(process.isRunning ? "still running" : "exited")): "
                + standardError)
    }

    /// Ends it as a crash would: SIGKILL, nothing finishes.
    func kill() { process.signal(SIGKILL) }

    /// Asks it to stop (SIGTERM) and waits for it.
    func stop() {
        process.signal(SIGTERM)
        _ = process.waitUntilExit()
    }
}

/// A benchmark that cannot go on, and why.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
