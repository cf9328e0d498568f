import Foundation
import Moji

/// What ``EmojiWidthProbe`` found, remembered per terminal in a small JSON file, so that a
/// terminal is asked once and the picker opens at once after that.
///
/// A terminal is known by `TERM` and the variables terminals set to name themselves and their
/// version (`TERM_PROGRAM` and `TERM_PROGRAM_VERSION`, as tmux, iTerm2 and Apple's Terminal do;
/// `VTE_VERSION` of GNOME Terminal and other VTE terminals; `KONSOLE_VERSION`; `XTERM_VERSION`;
/// `LC_TERMINAL` and `LC_TERMINAL_VERSION`, which iTerm2 passes over SSH): a new version may
/// draw newer emoji, and is asked again. A terminal that names itself by none of them
/// (``isIdentified(environment:)`` is false, as over SSH) cannot be told from another, so its
/// answer is not remembered.
///
/// ```swift
/// let cache = TerminalSupportCache(file: cacheFolder.appendingPathComponent("terminal-emoji.json"))
/// let key = TerminalSupportCache.key(environment: ProcessInfo.processInfo.environment)
/// if let known = cache.answer(for: key) { … } else { cache.remember(answer, for: key) }
/// ```
public struct TerminalSupportCache: Sendable {
    /// The JSON file: an object of terminal key → the newest drawn Emoji version (or `all`) and
    /// the toned width, as `"14.0 toned=4"`.
    public let file: URL

    public init(file: URL) { self.file = file }

    /// The variables that name the terminal program and its version.
    static let identifyingVariables = [
        "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "VTE_VERSION", "KONSOLE_VERSION", "XTERM_VERSION", "LC_TERMINAL",
        "LC_TERMINAL_VERSION",
    ]

    /// The key of the terminal described by `environment`.
    public static func key(environment: [String: String]) -> String {
        (["TERM"] + identifyingVariables).map { "\($0)=\(environment[$0] ?? "")" }.joined(separator: " ")
    }

    /// Whether the terminal names its program: only then is an answer remembered under ``key(environment:)``.
    public static func isIdentified(environment: [String: String]) -> Bool {
        identifyingVariables.contains { !(environment[$0] ?? "").isEmpty }
    }

    /// The remembered answer for a terminal; nil when it was never asked, the file is
    /// unreadable, or the answer predates the toned width.
    public func answer(for key: String) -> EmojiWidthProbe.Drawing? {
        // "14.0 toned=4"; an older file's bare "14.0" lacks the toned width: asked again.
        guard let text = entries()[key] else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count == 2, fields[1].hasPrefix("toned="), let toned = Int(fields[1].dropFirst(6)), toned >= 2
        else { return nil }
        if fields[0] == "all" { return EmojiWidthProbe.Drawing(newestVersion: nil, tonedWidth: toned) }
        guard let version = EmojiVersion(String(fields[0])) else { return nil }
        return EmojiWidthProbe.Drawing(newestVersion: version, tonedWidth: toned)
    }

    /// Remembers `answer` for the terminal `key` names, keeping the other terminals' answers.
    public func remember(_ answer: EmojiWidthProbe.Drawing, for key: String) {
        var entries = entries()
        entries[key] = "\(answer.newestVersion?.description ?? "all") toned=\(answer.tonedWidth)"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(entries) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try? data.write(to: file, options: .atomic)
    }

    private func entries() -> [String: String] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }
}
