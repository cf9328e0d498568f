import Foundation
import MojiTestSupport

/// Runs a shell command line against the built `moji`, as a person at a terminal would type it:
/// redirections such as `> /dev/full` or `<&-` are the shell's, so the attacks are real.
struct ShellCommand {
    /// The `moji` executable built beside the tests.
    static let moji = MojiExecutable.url.path

    /// What a command line did.
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// A private store for the commands, removed by ``removeHome()``.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-cli-\(UUID().uuidString)")

    /// Runs `script` with `sh -c`; `$MOJI` is the built executable and `MOJI_HOME` a private store.
    func run(_ script: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["MOJI"] = Self.moji
        environment["MOJI_HOME"] = home.path
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes at once so neither fills while the other is read.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readAll()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readAll()
        group.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    func removeHome() { try? FileManager.default.removeItem(at: home) }
}
