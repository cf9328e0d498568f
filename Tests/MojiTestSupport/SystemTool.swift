import Foundation
import MojiSpawn

/// Runs a system tool (`mount`, `chattr`, `sh`) that a test needs to set the scene.
public enum SystemTool {
    /// Runs `executable` with `arguments`, its output discarded; whether it ran and exited 0.
    /// It blocks the calling thread while the tool runs.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) -> Bool {
        guard
            let process = try? SpawnedProcess(
                executable, arguments, environment: ProcessInfo.processInfo.environment)
        else { return false }
        return process.waitUntilExit() == SpawnedProcess.Termination(status: 0, bySignal: false)
    }
}
