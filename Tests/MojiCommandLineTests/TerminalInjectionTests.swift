import Foundation
import GRDB
import Moji
import MojiStore
import Testing

/// Names and items from the store reach a terminal without their control characters: a store
/// written by hand or by an older Moji may hold escape sequences that set the terminal's title,
/// leave its alternate screen or write its clipboard (OSC 52). Text output shows them as `␛`;
/// JSON escapes them (`\u001b`).
@Suite("escape sequences from the store")
struct TerminalInjectionTests {
    let shell = ShellCommand()
    static let title = "\u{1B}]0;PWNED\u{07}\u{1B}[?1049l"
    static let clipboard = "\u{1B}]52;c;SGk=\u{07}"
    /// The same, as `printf` in a shell script writes them.
    static let titleInShell = #"$(printf 'work\033]0;PWNED\007\033[?1049l')"#

    /// A store with a custom emoji, a collection name and an item holding escape sequences,
    /// written with SQL past the store's API, as a hand-edited database would be.
    private func hostileStore() throws {
        try FileManager.default.createDirectory(at: shell.home, withIntermediateDirectories: true)
        let url = shell.home.appendingPathComponent(StoreLocation.fileName)
        do {
            let store = try EmojiStore(url: url)
            try store.custom.addEmoji(CustomEmoji(code: "pwned", name: "parrot", keywords: ["pwned"]))
            _ = try store.usage.recordUse(of: .custom("pwned"))
            _ = try store.usage.recordUse(of: .custom("osc"))
            try store.favorites.pin(.custom("pwned"))
            try store.favorites.add(StoreItem(key: "🎉"), toCollection: "work")
        }
        let item = ":" + Self.clipboard + ":"
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "UPDATE customEmoji SET name = ?", arguments: [Self.title + " parrot"])
            try db.execute(sql: "UPDATE collection SET name = ?", arguments: ["work" + Self.title])
            try db.execute(sql: "UPDATE usage SET item = ? WHERE item = ':osc:'", arguments: [item])
            try db.execute(sql: "INSERT INTO pinned (item, position) VALUES (?, 1)", arguments: [item])
            try db.execute(
                sql: "INSERT INTO collectionItem (collectionId, item, position) SELECT id, ?, 1 FROM collection",
                arguments: [item])
        }
    }

    /// Runs `script`, expecting exit 0 and output with neither ESC nor BEL, but the stand-in `␛`.
    private func expectNeutralised(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let outcome = try await shell.run(script)
        #expect(
            outcome.status == 0, "\(script): exit \(outcome.status), \(outcome.errors)",
            sourceLocation: sourceLocation)
        #expect(
            !outcome.output.contains("\u{1B}") && !outcome.output.contains("\u{07}"),
            "\(script) printed an escape: \(outcome.output.debugDescription)", sourceLocation: sourceLocation)
        #expect(
            outcome.output.contains("␛"), "\(script): \(outcome.output.debugDescription)",
            sourceLocation: sourceLocation)
    }

    @Test("lists, collections and the picker's filter print names and items without escapes")
    func textOutput() async throws {
        defer { shell.removeHome() }
        try hostileStore()
        for command in [
            "recent", "frequent", "most-used", "pinned list", "collections list", "pick --filter pwned",
            "collections show \(Self.titleInShell)",
        ] {
            try await expectNeutralised(#""$MOJI" "# + command)
        }
    }

    @Test("an error message quoting a name shows its escapes harmlessly")
    func errorOutput() async throws {
        defer { shell.removeHome() }
        let outcome = try await shell.run(#""$MOJI" collections show "# + Self.titleInShell + "x")
        #expect(outcome.status == 1)
        // The store writes control characters of a name as \u{…} in its messages.
        #expect(
            outcome.errors.contains(#"work\u{1B}]0;PWNED\u{7}\u{1B}[?1049lx"#), "\(outcome.errors.debugDescription)")
        #expect(!outcome.errors.contains("\u{1B}"))
    }

    @Test("JSON output escapes control characters as \\u001b")
    func jsonOutput() async throws {
        defer { shell.removeHome() }
        try hostileStore()
        for command in ["recent --json", "collections list --json", "pick --filter pwned --json"] {
            let outcome = try await shell.run(#""$MOJI" "# + command)
            #expect(outcome.status == 0, "\(command): \(outcome.errors)")
            #expect(!outcome.output.contains("\u{1B}"), "\(command): \(outcome.output.debugDescription)")
            #expect(outcome.output.contains(#"\u001b"#), "\(command): \(outcome.output)")
        }
    }
}
