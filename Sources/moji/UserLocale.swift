import Foundation
import Moji

/// The language a command uses when `--locale` names none: the POSIX locale's, as `ls` and `date`
/// read it (`LC_ALL`, then `LC_MESSAGES`, then `LANG`), when the catalog has it; else English.
enum UserLocale {
    /// The language tag of the POSIX locale in `environment` (`ja_JP.UTF-8` → `ja-JP`), or nil
    /// for none, `C` or `POSIX`.
    static func tag(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let value else { return nil }
        // Language_TERRITORY.codeset@modifier: the codeset and modifier say nothing of the language.
        let name = value.split(separator: ".", maxSplits: 1).first.map { $0.split(separator: "@").first ?? $0 } ?? ""
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        return name.replacingOccurrences(of: "_", with: "-")
    }

    /// `requested` when given (an unknown one fails, naming the closest), else the POSIX
    /// locale's language when the catalog has it, else English.
    static func resolve(_ requested: String?, in catalog: EmojiCatalog) throws -> MojiLocale {
        do {
            if let requested { return try catalog.locale(for: requested) }
        } catch {
            throw CommandFailure(message: "\(error)", code: .localeNotFound)
        }
        if let tag = tag(), let locale = try? catalog.locale(for: tag) { return locale }
        return .english
    }

    /// The help of a `--locale` that follows the user's locale.
    static let help =
        "Language for names and keywords, e.g. ja, pt-BR, zh-Hant (default: LC_ALL, LC_MESSAGES or LANG, else en)."
}
