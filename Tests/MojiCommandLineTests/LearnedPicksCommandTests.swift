import Foundation
import Testing

/// `moji use --query`, `moji search` and `moji store forget-queries` with the real binary and a
/// real store file: search learns what you pick after a query.
@Suite("learned picks on the command line")
struct LearnedPicksCommandTests {
    let shell = ShellCommand()

    private func firstEmoji(_ output: String) -> String? {
        output.split(separator: "\n").first.flatMap { $0.split(separator: "\t").first.map(String.init) }
    }

    @Test("after `moji use 👋 --query hola` twice, `moji search hola` and `hol` show 👋 first; forget-queries forgets it")
    func useThenSearch() async throws {
        defer { shell.removeHome() }
        let before = try await shell.run(#""$MOJI" search hola --locale es"#)
        // Searching creates no store.
        #expect(!FileManager.default.fileExists(atPath: shell.home.appendingPathComponent("moji.sqlite").path))

        for _ in 0..<2 {
            let used = try await shell.run(#""$MOJI" use 👋 --query hola"#)
            #expect(used.status == 0, "\(used.errors)")
        }
        for typed in ["hola", "hol", "HOLA"] {
            let found = try await shell.run(#""$MOJI" search \#(typed) --locale es"#)
            #expect(found.status == 0, "\(found.errors)")
            #expect(firstEmoji(found.output) == "👋", "\(typed): \(found.output)")
        }
        let json = try await shell.run(#""$MOJI" search hola --locale es --json --limit 3"#)
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(results.first?["emoji"] as? String == "👋")
        #expect(Set(results.first?.keys.map { $0 } ?? []) == Set(results.last?.keys.map { $0 } ?? []))
        // Another query is not affected.
        #expect(firstEmoji(try await shell.run(#""$MOJI" search tiger"#).output) == "🐅")
        // An emoji that has nothing to do with the query, picked more often after it, overtakes 👋.
        let unlearned = try await shell.run(#""$MOJI" search hol --locale es --limit 200"#).output
        #expect(!unlearned.contains("🦜"))
        for _ in 0..<3 { #expect(try await shell.run(#""$MOJI" use 🦜 --query hola"#).status == 0) }
        let overtaken = try await shell.run(#""$MOJI" search hol --locale es"#).output.split(separator: "\n")
        #expect(overtaken.prefix(2).map { $0.split(separator: "\t").first.map(String.init) } == ["🦜", "👋"])

        let forgotten = try await shell.run(#""$MOJI" store forget-queries"#)
        #expect(forgotten.status == 0, "\(forgotten.errors)")
        #expect(forgotten.output == "forgot 2 learned picks\n")
        #expect(
            firstEmoji(try await shell.run(#""$MOJI" search hola --locale es"#).output) == firstEmoji(before.output))
        // The uses stay.
        #expect(try await shell.run(#""$MOJI" recent"#).output.hasPrefix("🦜"))
    }

    @Test("forget-queries --user forgets what a user of moji serve taught search, and names a user without data")
    func forgetForServeUser() async throws {
        defer { shell.removeHome() }
        // `moji serve` keeps a user's data in users/NAME.sqlite beside the store.
        let users = shell.home.appendingPathComponent("users")
        try FileManager.default.createDirectory(at: users, withIntermediateDirectories: true)
        let kim = users.appendingPathComponent("kim.sqlite").path
        #expect(try await shell.run(#""$MOJI" use 👋 --query hola --database "\#(kim)""#).status == 0)
        #expect(try await shell.run(#""$MOJI" use 🦆 --query pato --database "\#(kim)""#).status == 0)
        let forgotten = try await shell.run(#""$MOJI" store forget-queries --user Kim"#)
        #expect(forgotten.status == 0, "\(forgotten.errors)")
        #expect(forgotten.output == "forgot 2 learned picks\n")
        let again = try await shell.run(#""$MOJI" store forget-queries --user kim --json"#)
        #expect(again.output.contains(#""forgotten" : 0"#), "\(again.output)")
        let unknown = try await shell.run(#""$MOJI" store forget-queries --user lee"#)
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("lee has no data"), "\(unknown.errors)")
        // The user's own store was not touched, nor created.
        #expect(!FileManager.default.fileExists(atPath: shell.home.appendingPathComponent("moji.sqlite").path))
    }

    @Test("a query nothing matches still finds what was picked after it")
    func nothingElseMatches() async throws {
        defer { shell.removeHome() }
        #expect(try await shell.run(#""$MOJI" search qqqzz"#).status == 1)
        #expect(try await shell.run(#""$MOJI" use 🦆 --query qqqzz"#).status == 0)
        let found = try await shell.run(#""$MOJI" search qqqzz"#)
        #expect(found.status == 0)
        #expect(found.output.hasPrefix("🦆\t"))
    }

    @Test("a bad query exits 64 and records nothing")
    func badQuery() async throws {
        defer { shell.removeHome() }
        let control = try await shell.run(#""$MOJI" use 👋 --query "$(printf 'a\033[31m')""#)
        #expect(control.status == 64)
        #expect(control.errors.contains("control character U+001B"), "\(control.errors)")
        let long = try await shell.run(#""$MOJI" use 👋 --query "$(printf '%0300d' 0)""#)
        #expect(long.status == 64)
        #expect(long.errors.contains("longer than 256"), "\(long.errors)")
        #expect(try await shell.run(#""$MOJI" most-used --json"#).output.contains("👋") == false)
    }

    @Test("a damaged store does not stop a search: it warns and searches without")
    func damagedStore() async throws {
        defer { shell.removeHome() }
        try FileManager.default.createDirectory(at: shell.home, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: shell.home.appendingPathComponent("moji.sqlite"))
        let found = try await shell.run(#""$MOJI" search tiger"#)
        #expect(found.status == 0)
        #expect(firstEmoji(found.output) == "🐅")
        #expect(found.errors.contains("warning: searching without your learned picks"), "\(found.errors)")
    }

    @Test("export and import carry the learned picks")
    func exportImport() async throws {
        defer { shell.removeHome() }
        #expect(try await shell.run(#""$MOJI" use 👋 --query hola"#).status == 0)
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("moji-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: other) }
        let moved = try await shell.run(
            #""$MOJI" store export | MOJI_HOME="\#(other.path)" "$MOJI" store import - && MOJI_HOME="\#(other.path)" "$MOJI" search hol"#
        )
        #expect(moved.status == 0, "\(moved.errors)")
        #expect(moved.output.contains("1 learned picks"))
        #expect(moved.output.split(separator: "\n").dropFirst().first?.hasPrefix("👋") == true, "\(moved.output)")
    }
}
