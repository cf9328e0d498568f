import Foundation
import MojiSpawn

/// Runs programs as child processes without blocking a thread of Swift's cooperative pool: a
/// test's loopback HTTP server runs on that pool (two threads on a 2-core machine), and a
/// blocking wait (`waitUntilExit`, `readDataToEndOfFile`) would starve it while the child talks
/// to it. Output goes to temporary files, and the child's end resumes the test.
public enum ChildProcess {
    /// What a finished child left.
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: Data
        public var errors: Data
    }

    /// Runs `executable` with `arguments` and `environment`, standard input empty, to its end.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]
    ) async throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory
        let output = folder.appendingPathComponent("moji-child-\(UUID().uuidString).out")
        let errors = folder.appendingPathComponent("moji-child-\(UUID().uuidString).err")
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        let process = try SpawnedProcess(
            executable, arguments, environment: environment,
            standardOutput: .file(output.path), standardError: .file(errors.path))
        let status = await process.waitForExit().status
        return Outcome(status: status, output: try Data(contentsOf: output), errors: try Data(contentsOf: errors))
    }
}
