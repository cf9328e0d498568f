import Foundation
import MojiSpawn
import MojiTerminal

/// Puts text on the clipboard: through the terminal with OSC 52 (works over SSH and in tmux
/// with `set-clipboard on`), and with `wl-copy` or `xclip` when a display and the tool exist.
enum Clipboard {
    static func copy(_ text: String, through terminal: TerminalSession) {
        terminal.write("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}")
        let environment = ProcessInfo.processInfo.environment
        if environment["WAYLAND_DISPLAY"] != nil, let tool = executable("wl-copy") {
            run(tool, [], input: text)
        } else if environment["DISPLAY"] != nil, let tool = executable("xclip") {
            run(tool, ["-selection", "clipboard"], input: text)
        }
    }

    /// The path of a program on `PATH`, or nil.
    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private static func run(_ tool: String, _ arguments: [String], input: String) {
        let pipe = Pipe()
        do {
            let process = try SpawnedProcess(
                tool, arguments, environment: ProcessInfo.processInfo.environment,
                standardInput: .descriptor(pipe.fileHandleForReading.fileDescriptor))
            try pipe.fileHandleForReading.close()
            try pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try pipe.fileHandleForWriting.close()
            _ = process.waitUntilExit()
        } catch {
            // The clipboard is a convenience: the pick is printed anyway.
        }
    }
}
