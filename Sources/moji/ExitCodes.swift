import ArgumentParser

/// Every exit code of `moji`, one per kind of failure, so a script can tell them apart.
///
/// The same kind of failure exits with the same code in every command: a bad tone is a usage
/// error (64) whether it is `moji tone purple` or `moji tone 👋 purple`. `moji --help` lists
/// ``ExitCode/documented`` in its discussion, so this file is the one place to add a code.
extension ExitCode {
    /// Nothing matched: no emoji, shortcode, custom code, custom set, collection or pinned emoji
    /// by that name, or no emoji in the text (`find`, like grep).
    static let notFound = ExitCode(1)
    /// An unknown `--locale`; the message names the closest available ones.
    static let localeNotFound = ExitCode(2)
    /// Input data that is not what the command reads: text that is not UTF-8 (with
    /// `--invalid-utf8 report`), a file to import that is not a Moji export, a malformed line of
    /// an `emojify --custom` file, a custom set's source that is not a usable listing, or one
    /// that lost more than half of its set (`moji custom sync --force` accepts it).
    static let invalidInput = ExitCode(3)
    /// No terminal to draw the picker on (a pipe, cron, `TERM=dumb`).
    static let noTerminal = ExitCode(4)
    /// The store cannot be opened, read or written: damaged, busy, of a newer Moji, read-only.
    static let storeFailure = ExitCode(5)
    /// A malformed command line: an unknown option, a value out of range (`--limit 0`, `--at 0`),
    /// a tone, preset, group or subgroup that does not exist (sysexits' EX_USAGE, as
    /// ArgumentParser's own validation errors).
    static let usage = ExitCode.validationFailure
    /// A failed read or write of a file or a standard stream, or a custom set's source that
    /// cannot be fetched: network, HTTP status, too large (sysexits' EX_IOERR). Images that fail
    /// while the set imports are not failures of the command: they are listed and it exits 0.
    static let ioFailure = ExitCode(74)
    /// The picker was dismissed (Esc or Ctrl+C), as shells report SIGINT.
    static let dismissed = ExitCode(130)

    /// The codes `moji --help` explains, in order, with what each means (in a line of 80 columns).
    static let documented: [(code: ExitCode, meaning: String)] = [
        (.success, "success"),
        (.notFound, "nothing matched: no such emoji, shortcode, collection or set; no emoji"),
        (.localeNotFound, "unknown locale"),
        (.invalidInput, "unreadable input: not UTF-8 or an export, bad --custom line or set list"),
        (.noTerminal, "no terminal for the picker (none at all, or TERM=dumb)"),
        (.storeFailure, "the store cannot be opened, read or written (`moji store check`)"),
        (.usage, "a malformed command line: unknown option, value out of range or unknown"),
        (.ioFailure, "a file, standard stream or custom set source cannot be read or written"),
        (.dismissed, "the picker was dismissed (Esc, Ctrl+C)"),
    ]

    /// ``documented`` as the lines of a help discussion.
    static var documentation: String {
        "Exit codes:\n"
            + documented.map { entry in
                let code = String(entry.code.rawValue)
                return "  " + code + String(repeating: " ", count: max(2, 5 - code.count)) + entry.meaning
            }.joined(separator: "\n")
    }
}
