import Foundation
import Moji

/// What ``EmojiWidthProbe`` found, remembered per terminal in a small JSON file, so that a
/// terminal is asked once and the picker opens at once after that.
///
/// A terminal is known by `TERM`, `TERM_PROGRAM` and `TERM_PROGRAM_VERSION`: a new version of
/// the terminal (or of tmux) may draw newer emoji, and is asked again.
///
/// ```swift
/// let cache = TerminalSupportCache(file: cacheFolder.appendingPathComponent("terminal-emoji.json"))
/// let key = TerminalSupportCache.key(environment: ProcessInfo.processInfo.environment)
/// if let known = cache.answer(for: key) { … } else { cache.remember(answer, for: key) }
/// ```
public struct TerminalSupportCache: Sendable {
    /// The JSON file: an object of terminal key → newest drawn Emoji version, or `all`.
    public let file: URL

    public init(file: URL) { self.file = file }

    /// The key of the terminal described by `environment`.
    public static func key(environment: [String: String]) -> String {
        ["TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION"].map { "\($0)=\(environment[$0] ?? "")" }
            .joined(separator: " ")
    }

    /// The remembered answer for a terminal: `.some(nil)` when it draws everything the probe
    /// asks about (or cannot be judged), nil when it was never asked or the file is unreadable.
    public func answer(for key: String) -> EmojiVersion?? {
        guard let text = entries()[key] else { return nil }
        if text == "all" { return .some(nil) }
        guard let version = EmojiVersion(text) else { return nil }
        return .some(version)
    }

    /// Remembers an answer; a file that cannot be written only means the next start asks again.
    public func remember(_ answer: EmojiVersion?, for key: String) {
        var entries = entries()
        entries[key] = answer?.description ?? "all"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(entries) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        // Written whole to a temporary file and renamed, so a reader never sees half of it.
        try? data.write(to: file, options: .atomic)
    }

    private func entries() -> [String: String] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }
}
