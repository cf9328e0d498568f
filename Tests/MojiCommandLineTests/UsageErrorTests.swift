import Foundation
import Testing

/// Bad input gets a message saying what is valid and the exit code of its kind, the same in
/// every command: 64 for a malformed command line, 1 for a name that matches nothing, 3 for
/// unreadable input data, 5 for a store that cannot be used.
@Suite("usage errors and exit codes")
struct UsageErrorTests {
    let shell = ShellCommand()

    /// Runs `script`, expecting exit `status` and `message` on standard error.
    @discardableResult
    private func expect(
        _ script: String, exits status: Int32, says message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ShellCommand.Outcome {
        let outcome = try await shell.run(script)
        #expect(
            outcome.status == status, "\(script): exit \(outcome.status), \(outcome.errors)",
            sourceLocation: sourceLocation)
        #expect(outcome.errors.contains(message), "\(script): \(outcome.errors)", sourceLocation: sourceLocation)
        return outcome
    }

    @Test("a subgroup of another group is an error naming the group it is in")
    func subgroupOutsideGroup() async throws {
        defer { shell.removeHome() }
        let outcome = try await expect(
            #""$MOJI" list --group flags --subgroup face-smiling"#, exits: 64,
            says: "the subgroup 'face-smiling' is in 'smileys-emotion', not in 'flags'")
        #expect(outcome.output.isEmpty)
        try await expect(
            #""$MOJI" list --group flag"#, exits: 64, says: "unknown group 'flag'. Groups: smileys-emotion")
        try await expect(#""$MOJI" list --subgroup smiling"#, exits: 64, says: "unknown subgroup 'smiling'")
    }

    @Test("--groups with --group lists that group's subgroups; with emoji filters it is refused")
    func groupsOfOneGroup() async throws {
        defer { shell.removeHome() }
        let outcome = try await shell.run(#""$MOJI" list --groups --group flags"#)
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("flags\tFlags\n  flag\t"), "\(outcome.output)")
        #expect(!outcome.output.contains("smileys-emotion"))
        try await expect(#""$MOJI" list --groups --subgroup flag"#, exits: 64, says: "--subgroup applies to emoji")
    }

    @Test("positions count from 1 in pinned and collections; anything less is refused, not clamped")
    func positions() async throws {
        defer { shell.removeHome() }
        for command in [
            "pinned add 🎉 --at 0", "pinned add 🎉 --at=-1", "collections add work 🎉 --at 0",
            "pinned move 🎉 0", "collections move work 🎉 -- -1",
        ] {
            try await expect(#""$MOJI" "# + command, exits: 64, says: "counts from 1")
        }
        let pinned = try await shell.run(#""$MOJI" pinned"#)
        #expect(pinned.output.isEmpty, "nothing was pinned: \(pinned.output)")
        #expect(try await shell.run(#""$MOJI" pinned add 🚀 🎉 --at 9"#).output == "1.\t🚀\trocket\n2.\t🎉\tparty popper\n")
    }

    @Test("--limit is 1 or more in search, recent and most-used alike")
    func limits() async throws {
        defer { shell.removeHome() }
        for command in [
            "search party --limit 0", "recent --limit 0", "most-used --limit 0", "recent --limit=-1",
            "search party --limit=-1",
        ] {
            try await expect(#""$MOJI" "# + command, exits: 64, says: "--limit must be 1 or more")
        }
        let one = try await shell.run(#""$MOJI" search party --limit 1"#)
        #expect(one.status == 0 && one.output.split(separator: "\n").count == 1)
    }

    @Test("a word that is not a tone is the same usage error with or without an emoji")
    func badTone() async throws {
        defer { shell.removeHome() }
        let says = "'purple' is not a tone: light, medium-light"
        try await expect(#""$MOJI" tone purple"#, exits: 64, says: says)
        try await expect(#""$MOJI" tone 👋 purple"#, exits: 64, says: says)
        try await expect(#""$MOJI" tone :no_such_emoji:"#, exits: 1, says: "no emoji matches ':no_such_emoji:'")
        try await expect(#""$MOJI" search party --tone purple"#, exits: 64, says: "'purple' is not a skin tone")
    }

    @Test("unknown presets and versions are usage errors; a missing input file is an I/O error")
    func otherKinds() async throws {
        defer { shell.removeHome() }
        try await expect(#"echo x | "$MOJI" emojify --preset gitlab"#, exits: 64, says: "unknown preset 'gitlab'")
        try await expect(
            #"echo x | "$MOJI" demojify --preset github,slack"#, exits: 64, says: "demojify writes one preset")
        try await expect(#""$MOJI" list --max-version iOS:1.0"#, exits: 64, says: "older than every release")
        try await expect(#""$MOJI" count /no/such/file"#, exits: 74, says: "cannot read /no/such/file: No such file")
    }

    @Test("a store that cannot be opened exits 5, no longer 3 as invalid UTF-8 does")
    func storeFailure() async throws {
        defer { shell.removeHome() }
        try await expect(
            #"mkdir -p "$MOJI_HOME" && echo garbage > "$MOJI_HOME/moji.sqlite" && "$MOJI" recent"#,
            exits: 5, says: "moji store repair")
        try await expect(#"printf '\377' | "$MOJI" count --invalid-utf8 report"#, exits: 3, says: "standard input")
    }

    @Test("moji --help lists every exit code")
    func helpListsExitCodes() async throws {
        defer { shell.removeHome() }
        let help = try await shell.run(#""$MOJI" --help"#).output
        for line in [
            "  0    success", "  1    nothing matched", "  2    unknown locale", "  3    unreadable input",
            "  4    no terminal", "  5    the store", "  64   a malformed command line", "  74   a file",
            "  130  the picker was dismissed",
        ] {
            #expect(help.contains(line), "\(line) missing from: \(help)")
        }
    }

    @Test("a line of an emojify --custom file without a tab or a replacement is reported with its number")
    func customCodeLines() async throws {
        defer { shell.removeHome() }
        let file = #"f="$MOJI_HOME/codes.tsv"; mkdir -p "$MOJI_HOME"; "#
        let emojify = #"; echo :shipit: | "$MOJI" emojify --custom "$f""#
        try await expect(
            file + #"printf '# mine\nshipit\t🐿️\n\nbad line\n' > "$f""# + emojify,
            exits: 3, says: "codes.tsv:4: no tab between the code and its replacement")
        try await expect(
            file + #"printf 'shipit\t\n' > "$f""# + emojify,
            exits: 3, says: "codes.tsv:1: the replacement after the tab is empty")
        try await expect(
            file + #"printf 'a:b\tx\n' > "$f""# + emojify,
            exits: 3, says: "codes.tsv:1: 'a:b' cannot be a code")
        try await expect(#""$MOJI" emojify --custom /no/such/file < /dev/null"#, exits: 74, says: "No such file")
        let good = try await shell.run(file + #"printf '# mine\r\nshipit\t🐿️\r\n' > "$f""# + emojify)
        #expect(good.status == 0 && good.output == "🐿️\n", "\(good.output) \(good.errors)")
    }

    @Test("an error quotes at most 80 characters of an argument, with its length")
    func longArgument() async throws {
        defer { shell.removeHome() }
        let long = #""$(head -c 128000 /dev/zero | tr '\0' x)""#
        for script in [#""$MOJI" info "# + long, #""$MOJI" search "# + long, #""$MOJI" search x --limit "# + long] {
            let outcome = try await shell.run(script)
            #expect(outcome.status != 0)
            #expect(
                outcome.errors.contains(String(repeating: "x", count: 80) + "…' (128000 characters)"),
                "\(outcome.errors.prefix(300))")
            #expect(outcome.errors.utf8.count < 1_000, "\(script): \(outcome.errors.utf8.count) bytes of errors")
        }
        // The store's own messages quote a name as StoreText.quoted does: 40 characters, then "…".
        let store = try await shell.run(#""$MOJI" collections show "# + long)
        #expect(store.status == 1)
        #expect(store.errors.contains("\"" + String(repeating: "x", count: 40) + "…\""), "\(store.errors.prefix(300))")
        #expect(store.errors.utf8.count < 1_000)
    }
}
