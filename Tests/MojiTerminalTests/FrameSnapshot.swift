import Foundation
import Testing

/// Compares a rendered terminal frame with a committed snapshot file in `Snapshots/`.
///
/// The file is the frame's bytes made readable: ESC is written `\e`, and each cursor move to
/// the start of a row (`\e[ROW;1H`) begins a new line, so a diff shows which row changed.
/// `MOJI_RECORD_SNAPSHOTS=1 swift test --filter MojiTerminalTests` rewrites the files.
enum FrameSnapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    /// The readable form of a frame's bytes.
    static func readable(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "\\e")
        text = text.replacingOccurrences(of: #"\\e\[(\d+);1H"#, with: "\n$0", options: .regularExpression)
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    static func expect(_ bytes: [UInt8], matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = directory.appendingPathComponent(name + ".txt")
        let actual = readable(bytes)
        if ProcessInfo.processInfo.environment["MOJI_RECORD_SNAPSHOTS"] == "1" {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file)
            } catch {
                Issue.record("could not write \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record(
                """
                no snapshot \(file.path); record it with \
                MOJI_RECORD_SNAPSHOTS=1 swift test --filter MojiTerminalTests
                """, sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            Array(zip(expectedLines, actualLines)).firstIndex { $0 != $1 }
            ?? min(expectedLines.count, actualLines.count)
        let line = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "(end of frame)" }
        Issue.record(
            """
            the frame differs from \(name).txt at line \(first + 1):
              expected: \(line(expectedLines))
              actual:   \(line(actualLines))
            If the change is intended, rerecord with MOJI_RECORD_SNAPSHOTS=1 swift test --filter MojiTerminalTests
            """, sourceLocation: sourceLocation)
    }
}
