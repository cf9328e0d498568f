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
    var home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-cli-\(UUID().uuidString)")

    /// Runs `script` with `sh -c`; `$MOJI` is the built executable and `MOJI_HOME` a private store.
    /// No proxy is set, so a loopback server is reached directly whatever the machine uses, and
    /// `extra` is applied to the environment last (nil removes a variable).
    ///
    /// The wait does not hold a thread of Swift's cooperative pool: with a blocking wait, the
    /// hundreds of command-line tests a full run starts at once held every thread while their
    /// children ran, and the servers and clients of the other suites, which need the pool, stalled.
    func run(_ script: String, environment extra: [String: String?] = [:]) async throws -> Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["MOJI"] = Self.moji
        environment["MOJI_HOME"] = home.path
        for name in ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            environment[name] = nil
        }
        for (name, value) in extra { environment[name] = value }
        let outcome = try await ChildProcess.run("/bin/sh", ["-c", script], environment: environment)
        return Outcome(
            status: outcome.status, output: String(decoding: outcome.output, as: UTF8.self),
            errors: String(decoding: outcome.errors, as: UTF8.self))
    }

    func removeHome() { try? FileManager.default.removeItem(at: home) }
}
