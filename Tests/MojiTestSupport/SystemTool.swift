import Foundation

/// Runs a system tool (`mount`, `chattr`, `sh`) that a test needs to set the scene.
public enum SystemTool {
    /// Runs `executable` with `arguments`, its output discarded; whether it ran and exited 0.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
