import Foundation
import Testing

/// Failed reads and writes are a message naming the file and the system's reason, and exit 74;
/// never a crash (a Swift trap exits 132) and never exit 0 after lost output.
@Suite("I/O errors on the command line")
struct InputOutputErrorTests {
    let shell = ShellCommand()

    /// Runs `script`, expects exit 74 with `message` on standard error and no backtrace.
    private func expectIOFailure(
        _ script: String, says message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let outcome = try await shell.run(script)
        #expect(
            outcome.status == 74, "\(script): exit \(outcome.status), \(outcome.errors)", sourceLocation: sourceLocation
        )
        #expect(outcome.errors.contains(message), "\(script): \(outcome.errors)", sourceLocation: sourceLocation)
        #expect(!outcome.errors.contains("Fatal error"), sourceLocation: sourceLocation)
    }

    @Test("a directory given as input is named with the reason")
    func directoryAsInput() async throws {
        defer { shell.removeHome() }
        try await expectIOFailure(#""$MOJI" find /tmp"#, says: "cannot read /tmp: Is a directory")
        try await expectIOFailure(#""$MOJI" strip < /tmp"#, says: "cannot read standard input: Is a directory")
    }

    @Test("a closed standard input is an error, not a crash")
    func closedInput() async throws {
        defer { shell.removeHome() }
        try await expectIOFailure(#""$MOJI" count <&-"#, says: "cannot read standard input: Bad file descriptor")
        try await expectIOFailure(#""$MOJI" store import - <&-"#, says: "cannot read standard input")
    }

    @Test("a full disk fails every kind of output with exit 74")
    func fullDisk() async throws {
        defer { shell.removeHome() }
        let says = "cannot write standard output: No space left on device"
        try await expectIOFailure(#"echo 🎉 | "$MOJI" find > /dev/full"#, says: says)
        try await expectIOFailure(#""$MOJI" store export > /dev/full"#, says: says)
        try await expectIOFailure(#""$MOJI" list > /dev/full"#, says: says)
        try await expectIOFailure(#""$MOJI" info 🎉 --json > /dev/full"#, says: says)
    }

    @Test("a closed standard output is an error, not a crash")
    func closedOutput() async throws {
        defer { shell.removeHome() }
        try await expectIOFailure(
            #"echo 🎉 | "$MOJI" strip >&-"#, says: "cannot write standard output: Bad file descriptor")
    }

    @Test("a failed write of the error message itself still exits with the command's code, not a trap")
    func fullStandardError() async throws {
        defer { shell.removeHome() }
        let outcome = try await shell.run(#""$MOJI" info :no_such_emoji: 2> /dev/full"#)
        #expect(outcome.status == 1)
    }

    @Test("past a file-size limit the output fails with exit 74 instead of SIGXFSZ")
    func fileSizeLimit() async throws {
        defer { shell.removeHome() }
        let file = shell.home.path + "-list.txt"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try await expectIOFailure(#"ulimit -f 1; "$MOJI" list > ""# + file + #"""#, says: "File too large")
    }

    @Test("a reader that stops early ends the command quietly")
    func closedPipe() async throws {
        defer { shell.removeHome() }
        let outcome = try await shell.run(#""$MOJI" list | head -1; "$MOJI" list --locale ja | head -c 10 > /dev/null"#)
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("😀"))
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
    }
}
