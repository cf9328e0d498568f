import Foundation
import Moji
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

    /// The newest version `terminal` draws (nil: show everything) and the keys typed while it
    /// was asked. Asks only when no answer is remembered; a terminal that does not answer within
    /// 100 ms gets everything, and is asked again next time.
    static func newestDrawnVersion(
        on terminal: TerminalSession, environment: [String: String]
    ) -> (version: EmojiVersion?, typedAhead: [UInt8]) {
        let cache = TerminalSupportCache(file: cacheFile(environment: environment))
        let key = TerminalSupportCache.key(environment: environment)
        if let known = cache.answer(for: key) { return (known, []) }
        let outcome = EmojiWidthProbe.run(on: terminal)
        switch outcome.result {
        case .answered(let version):
            if TerminalSupportCache.isIdentified(environment: environment) { cache.remember(version, for: key) }
            return (version, outcome.otherInput)
        case .noAnswer:
            return (nil, outcome.otherInput)
        }
    }

    /// The footer's note on what is hidden, and how to show it; nil when nothing is.
    static func notice(hidden: Int, byOption version: EmojiVersion?) -> String? {
        guard hidden > 0 else { return nil }
        if let version { return "\(hidden) emoji newer than \(version) hidden (--max-version)" }
        return "\(hidden) emoji hidden: this terminal cannot draw them (--max-version all shows them)"
    }
}
