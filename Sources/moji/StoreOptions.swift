import ArgumentParser
import Foundation
import Moji
import MojiRepresentations
import MojiStore

/// Options every command that reads or writes the store takes.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (default: $MOJI_HOME/moji.sqlite, else $XDG_DATA_HOME/moji/moji.sqlite); "
                + "`moji custom add|sync|remove|sets|list` also take postgres://USER@HOST[:PORT]/DB.",
            valueName: "path"))
    var database: String?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How long to wait for another process that is writing to the database (default 15, or $MOJI_BUSY_TIMEOUT).",
            valueName: "seconds"))
    var wait: Double?

    /// The database file these options point at.
    var url: URL {
        database.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
    }

    /// Opens the store, or exits 5 (``ExitCode/storeFailure``) with the store's explanation; exits 64
    /// for a `postgres://` URL, which only some commands take (it would otherwise name a file).
    func openStore() throws -> EmojiStore {
        if let database, ServeDatabase.namesPostgres(database) {
            throw CommandFailure(
                message: "this command works on the SQLite store: give --database a file. A postgres:// URL is taken "
                    + "by `moji serve`, `moji serve token`, `moji store export|import` and `moji custom "
                    + "add|sync|remove|sets|list`.",
                code: .usage)
        }
        var configuration = StoreConfiguration()
        configuration.busyTimeout = try busyTimeout()
        return try storeCall { () throws(StoreError) in try EmojiStore(url: url, configuration: configuration) }
    }

    /// `--wait`, else `MOJI_BUSY_TIMEOUT`, else the store's default: seconds, 0 or more.
    func busyTimeout(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TimeInterval {
        let (text, source) =
            wait.map { ("\($0)", "--wait") }
            ?? environment["MOJI_BUSY_TIMEOUT"].map { ($0, "MOJI_BUSY_TIMEOUT") } ?? ("", "")
        if source.isEmpty { return StoreConfiguration().busyTimeout }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0,
            seconds <= 86_400
        else {
            throw CommandFailure(
                message: "\(source) must be a number of seconds from 0 to 86400, not '\(text.prefix(40))'.",
                code: .validationFailure)
        }
        return seconds
    }

    /// An emoji (itself, a :shortcode:, hex code points) or a known custom emoji `:code:`.
    /// Resolves each of `texts` (see ``item(_:in:)``) and hands it to `insert` with the position to
    /// put it at: `at` (counted from 1, as typed) for the first and the places after it for the
    /// next, so they keep their order; nil for the end.
    func insertEach(
        _ texts: [String], at: Int?, in store: EmojiStore,
        _ insert: (StoreItem, _ position: Int?) throws(StoreError) -> Void
    ) throws {
        for (offset, text) in texts.enumerated() {
            let item = try item(text, in: store)
            try storeCall { () throws(StoreError) in try insert(item, at.map { $0 - 1 + offset }) }
        }
    }

    func item(_ text: String, in store: EmojiStore) throws -> StoreItem {
        if let emoji = EmojiCatalog.shared.emoji(matching: text) { return StoreItem(emoji) }
        if let custom = try storeCall({ () throws(StoreError) in try store.custom.emoji(code: text) }) {
            return StoreItem(custom)
        }
        throw CommandFailure(
            message:
                "no emoji or custom emoji matches '\(text)'. Give the emoji itself, a :shortcode:, hex code points, or the :code: of a custom emoji.",
            code: .notFound)
    }
}

/// Runs a store call, turning a ``StoreError`` into a failure with the exit code of its kind: not
/// found (1), an import file that is not an export (3), a conflict or a value the store refuses
/// (64), and otherwise a store that cannot be used (5).
func storeCall<T>(_ body: () throws(StoreError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        switch error.code {
        case .collectionNotFound, .itemNotFound, .unknownCustomSet, .unknownAPIToken:
            throw CommandFailure(message: error.description, code: .notFound)
        case .unsupportedSkinTones, .collectionExists, .duplicateCustomCode, .invalidCustomCode, .invalidCollectionName,
            .invalidCustomEmoji, .invalidImportEntry, .duplicateCustomSet, .invalidCustomSet, .invalidUserName,
            .invalidQuery:
            throw CommandFailure(message: error.description, code: .usage)
        case .invalidExport: throw CommandFailure(message: error.description, code: .invalidInput)
        default: throw CommandFailure(message: error.description, code: .storeFailure)
        }
    }
}

/// The store's custom emoji as the `--json` summaries name them, with their images as imported.
func customEmojiLookup(_ store: EmojiStore) -> CustomEmojiLookup {
    // A read that fails names the item without its custom details rather than failing the listing.
    CustomEmojiLookup(find: { code in try? store.custom.emoji(code: code) })
}

extension StoreItemSummary {
    /// One line: emoji and name.
    var line: String { "\(emoji)\t\(shownName(name, code: code))" }
}

extension UsageSummary {
    /// One line: emoji, name, and the usage figures.
    var line: String {
        "\(emoji)\t\(shownName(name, code: code))\tscore \(String(format: "%.3f", score))\tuses \(uses)"
    }
}

/// An item's name in a line, or what stands for it when its custom emoji is gone.
private func shownName(_ name: String?, code: String?) -> String {
    name ?? code.map { "custom :\($0): (gone)" } ?? "unknown"
}

/// Writes a line to standard output at once, so a reader sees each use as it commits.
func printFlushed(_ line: String) throws(CommandFailure) {
    try StandardStreams.write(Data((DisplayText.line(line) + "\n").utf8))
}
