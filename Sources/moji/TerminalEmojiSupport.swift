import Foundation
import Moji
import MojiPicker
import MojiTerminal

/// What `moji pick` shows on this terminal: the newest Emoji version it draws, remembered per
/// terminal, else asked of it (``EmojiWidthProbe``) once.
enum TerminalEmojiSupport {
    /// The file of remembered answers: `$MOJI_HOME/terminal-emoji.json`, else
    /// `$XDG_CACHE_HOME/moji/terminal-emoji.json`, else `~/.cache/moji/terminal-emoji.json`,
    /// beside the image cache.
    static func cacheFile(environment: [String: String]) -> URL {
        let name = "terminal-emoji.json"
        if let home = environment["MOJI_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(name)
        }
        // A relative one would put the file in whatever directory the command happens to run in.
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("moji/\(name)")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/moji/\(name)")
    }

    /// How `terminal` draws emoji (nil: it did not answer; show everything, tones joined) and
    /// the keys typed while it was asked. Asks only when no answer is remembered, and only when
    /// `mayAsk`; a terminal that does not answer within 100 ms is asked again next time.
    static func drawing(
        on terminal: TerminalSession, environment: [String: String], mayAsk: Bool = true
    ) -> (drawing: EmojiWidthProbe.Drawing?, typedAhead: [UInt8]) {
        let cache = TerminalSupportCache(file: cacheFile(environment: environment))
        let key = TerminalSupportCache.key(environment: environment)
        if let known = cache.answer(for: key) { return (known, []) }
        guard mayAsk else { return (nil, []) }
        let outcome = EmojiWidthProbe.run(on: terminal)
        switch outcome.result {
        case .answered(let drawing):
            if TerminalSupportCache.isIdentified(environment: environment) { cache.remember(drawing, for: key) }
            return (drawing, outcome.otherInput)
        case .noAnswer:
            return (nil, outcome.otherInput)
        }
    }

    /// The footer's note on what is hidden, and how to show it; nil when nothing is.
    static func notice(hidden: Int, byOption version: EmojiVersion?, strings: PickerStrings) -> String? {
        guard hidden > 0 else { return nil }
        if let version { return "\(hidden) emoji newer than \(version) hidden (--max-version)" }
        return strings.text(.hiddenInTerminal, ["count": "\(hidden)"])
    }
}
