import Foundation

/// Runs the built `moji` executable as a child process with `MOJI_HOME` set.
struct MojiProcess {
    /// The `moji` executable beside the test bundle (`.build/<triple>/debug/moji`).
    static let executable: URL = {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("moji").path) {
            directory = Bundle.main.bundleURL.deletingLastPathComponent()
        }
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("moji").path) {
            // The package root from this file's path, then the default build directory.
            directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug")
        }
        return directory.appendingPathComponent("moji")
    }()

    let home: URL

    /// Starts `moji arguments…` with standard output and error going to files or pipes.
    func start(_ arguments: [String], stdout: Any? = nil, stderr: Any? = nil) throws -> Process {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["MOJI_HOME"] = home.path
        process.environment = environment
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `moji arguments…` to the end and returns its exit code, output and errors.
    func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let output = Pipe()
        let errors = Pipe()
        let process = try start(arguments, stdout: output, stderr: errors)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
