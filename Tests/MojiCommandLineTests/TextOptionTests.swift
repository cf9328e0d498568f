import Foundation
import Testing

/// Text given on the command line (issue 26): `moji emojify ':tada:'` read a file named `:tada:`.
@Suite("--text")
struct TextOptionTests {
    @Test("emojify, demojify, find, count and strip take --text; a missing file says how to give text")
    func textOption() async throws {
        let shell = ShellCommand()
        defer { shell.removeHome() }
        let emojified = try await shell.run(#""$MOJI" emojify --text ':tada: done'"#)
        #expect(emojified.status == 0 && emojified.output == "🎉 done", "\(emojified.output) \(emojified.errors)")
        let demojified = try await shell.run(#""$MOJI" demojify --text '🎉 done'"#)
        #expect(demojified.status == 0 && demojified.output == ":tada: done", "\(demojified.output)")
        let found = try await shell.run(#""$MOJI" find --text 'a 🎉 b 👍🏽' --json"#)
        #expect(found.status == 0 && found.output.contains("👍🏽"), "\(found.output)")
        let counted = try await shell.run(#""$MOJI" count --text '🎉🎉👍'"#)
        #expect(
            counted.status == 0 && counted.output.trimmingCharacters(in: .whitespacesAndNewlines) == "3",
            "\(counted.output)")
        // Longer than a pipe's buffer: the text streams as a file does.
        let long = try await shell.run(#""$MOJI" strip --text "$(printf 'a🎉%.0s' $(seq 20000))" | wc -c"#)
        #expect(long.output.trimmingCharacters(in: .whitespacesAndNewlines) == "20000", "\(long.output) \(long.errors)")

        let missing = try await shell.run(#""$MOJI" emojify ':tada:'"#)
        #expect(missing.status == 74)
        #expect(missing.errors.contains("--text ':tada:'"), "\(missing.errors)")
        let both = try await shell.run(
            #"echo x > "$MOJI_HOME.txt"; "$MOJI" emojify --text hi "$MOJI_HOME.txt"; s=$?; rm -f "$MOJI_HOME.txt"; exit $s"#
        )
        #expect(both.status == 64 && both.errors.contains("not both"), "\(both.errors)")
    }
}
