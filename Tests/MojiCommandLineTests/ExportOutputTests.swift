import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `moji store export -o PATH` writes through to what cannot be replaced (FIFOs, devices,
/// descriptors), follows symbolic links to their target, refuses read-only files and directories
/// with exit 74, and replaces a regular file only with a complete one.
@Suite("store export --output")
struct ExportOutputTests {
    let shell = ShellCommand()

    private func path(_ name: String) -> String { shell.home.appendingPathComponent(name).path }

    /// A store with one use, and the export's directory.
    private func makeStore() async throws {
        let used = try await shell.run(#""$MOJI" use 🎉"#)
        #expect(used.status == 0, "\(used.errors)")
    }

    private func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// A character device to write to: as root, made in the test's directory (major 1, minor 3 is
    /// /dev/null, 7 is /dev/full), so the system's own nodes are never at stake; otherwise the
    /// system's, which only root could replace.
    private func device(_ name: String, minor: UInt32) throws -> String {
        guard geteuid() == 0 else { return "/dev/\(name)" }
        let node = path(name)
        #expect(mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | minor)) == 0)
        return node
    }

    @Test("a symbolic link is followed: its target gets the export and the link stays")
    func symbolicLink() async throws {
        defer { shell.removeHome() }
        try await makeStore()
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("target.json")))
        try FileManager.default.createSymbolicLink(atPath: path("link.json"), withDestinationPath: "target.json")

        let export = try await shell.run(#""$MOJI" store export -o '\#(path("link.json"))'"#)
        #expect(export.status == 0, "\(export.errors)")
        #expect(fileType(path("link.json")) == S_IFLNK)
        #expect(try String(contentsOfFile: path("target.json"), encoding: .utf8).contains("\"usage\""))
    }

    @Test("a FIFO's reader gets the export and the FIFO stays")
    func fifo() async throws {
        defer { shell.removeHome() }
        try await makeStore()
        #expect(mkfifo(path("fifo"), 0o644) == 0)
        // A watchdog ends the reader if no writer ever comes (the FIFO replaced by a file).
        let outcome = try await shell.run(
            #"""
            cat '\#(path("fifo"))' & reader=$!
            ( sleep 5; kill -KILL $reader ) >/dev/null 2>&1 & watchdog=$!
            "$MOJI" store export -o '\#(path("fifo"))'; status=$?
            wait $reader; kill $watchdog 2>/dev/null; exit $status
            """#)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("\"usage\""), "the reader got: \(outcome.output)")
        #expect(fileType(path("fifo")) == S_IFIFO)
    }

    @Test("a device is written through, never replaced by a file; a full one is an error")
    func devices() async throws {
        defer { shell.removeHome() }
        try await makeStore()
        let null = try device("null", minor: 3)
        let outcome = try await shell.run(#""$MOJI" store export -o '\#(null)'"#)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(fileType(null) == S_IFCHR)

        let full = try device("full", minor: 7)
        let failed = try await shell.run(#""$MOJI" store export -o '\#(full)'"#)
        #expect(failed.status == 74)
        #expect(failed.errors.contains("cannot write \(full): No space left on device"), "\(failed.errors)")
        #expect(fileType(full) == S_IFCHR)
    }

    @Test("an open descriptor path writes to it: /dev/fd/1 appended to a file keeps what it held")
    func descriptorPath() async throws {
        defer { shell.removeHome() }
        try await makeStore()
        try Data("first\n".utf8).write(to: URL(fileURLWithPath: path("out.json")))
        let outcome = try await shell.run(#""$MOJI" store export -o /dev/fd/1 >> '\#(path("out.json"))'"#)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let written = try String(contentsOfFile: path("out.json"), encoding: .utf8)
        #expect(written.hasPrefix("first\n{") && written.contains("\"usage\""))
        let dash = try await shell.run(#""$MOJI" store export -o -"#)
        #expect(dash.status == 0 && dash.output.contains("\"usage\""))
        #expect(fileType(path("-")) == nil)
    }

    @Test("a read-only file is an error naming it, and stays as it was")
    func readOnlyFile() async throws {
        defer { shell.removeHome() }
        try await makeStore()
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path("ro.json")))
        chmod(path("ro.json"), 0o444)
        let outcome = try await shell.run(#""$MOJI" store export -o '\#(path("ro.json"))'"#)
        #expect(outcome.status == 74)
        #expect(outcome.errors.contains("cannot write \(path("ro.json")): it is read-only"), "\(outcome.errors)")
        #expect(try String(contentsOfFile: path("ro.json"), encoding: .utf8) == "keep")
    }

    @Test("a directory or a symbolic link to nothing is an error, with nothing created")
    func refusedPaths() async throws {
        defer { shell.removeHome() }
        try await makeStore()
        let directory = try await shell.run(#""$MOJI" store export -o '\#(shell.home.path)'"#)
        #expect(directory.status == 74)
        #expect(directory.errors.contains("it is a directory"), "\(directory.errors)")
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: "nowhere.json")
        let dangling = try await shell.run(#""$MOJI" store export -o '\#(path("dangling"))'"#)
        #expect(dangling.status == 74)
        #expect(dangling.errors.contains("symbolic link to nowhere.json"), "\(dangling.errors)")
        #expect(fileType(path("dangling")) == S_IFLNK && fileType(path("nowhere.json")) == nil)
    }

    @Test("a write cut short by a file size limit leaves the old file whole and no partial file (ulimit -f)")
    func fileSizeLimit() async throws {
        defer { shell.removeHome() }
        // 700 emoji used make an export of over 100 KB; opening the store needs its 32 KB -shm file.
        let used = try await shell.run(#""$MOJI" use $("$MOJI" list | cut -f1 | head -700)"#)
        #expect(used.status == 0, "\(used.errors)")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path("e.json")))
        // SIGXFSZ ignored, so the write past 100 blocks of 512 bytes fails with EFBIG, as on a full disk.
        let outcome = try await shell.run(#"trap '' XFSZ; ulimit -f 100; "$MOJI" store export -o '\#(path("e.json"))'"#)
        #expect(outcome.status == 74, "\(outcome.errors)")
        #expect(outcome.errors.contains("File too large"), "\(outcome.errors)")
        #expect(try String(contentsOfFile: path("e.json"), encoding: .utf8) == "keep")
        let names = try FileManager.default.contentsOfDirectory(atPath: shell.home.path)
        #expect(!names.contains { $0.contains("partial") }, "\(names)")
    }

    @Test("a regular file keeps its permissions; a new one gets the umask's")
    func permissions() async throws {
        defer { shell.removeHome() }
        try await makeStore()
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("kept.json")))
        chmod(path("kept.json"), 0o640)
        let outcome = try await shell.run(
            #"umask 077; "$MOJI" store export -o '\#(path("kept.json"))' && "#
                + #""$MOJI" store export -o '\#(path("new.json"))'"#)
        #expect(outcome.status == 0, "\(outcome.errors)")
        var info = stat()
        #expect(stat(path("kept.json"), &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(stat(path("new.json"), &info) == 0 && info.st_mode & 0o777 == 0o600)
    }
}
