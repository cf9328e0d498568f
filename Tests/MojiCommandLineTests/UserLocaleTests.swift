import Foundation
import Testing

@testable import moji

/// Commands speak the user's language when `--locale` names none: the POSIX locale's, as `ls`
/// and `date` do (issue 26).
@Suite("the user's locale")
struct UserLocaleTests {
    @Test("LC_ALL, then LC_MESSAGES, then LANG; C and POSIX are none; codeset and modifier are dropped")
    func tags() {
        #expect(UserLocale.tag(in: ["LANG": "ja_JP.UTF-8"]) == "ja-JP")
        #expect(UserLocale.tag(in: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_CA.UTF-8"]) == "fr-CA")
        #expect(UserLocale.tag(in: ["LANG": "de_DE", "LC_MESSAGES": "fr_FR", "LC_ALL": "pt_BR.utf8"]) == "pt-BR")
        #expect(UserLocale.tag(in: ["LC_ALL": "", "LANG": "sr_RS@latin"]) == "sr-RS")
        #expect(UserLocale.tag(in: ["LANG": "C.UTF-8"]) == nil)
        #expect(UserLocale.tag(in: ["LANG": "POSIX"]) == nil)
        #expect(UserLocale.tag(in: [:]) == nil)
    }

    @Test("LANG=ja_JP.UTF-8 moji search いぬ finds 🐕 in Japanese; --locale wins; an unknown LANG is English")
    func commands() async throws {
        let shell = ShellCommand()
        defer { shell.removeHome() }
        // Before issue 26 this exited 1: the CLI searched English whatever LANG said.
        let japanese = try await shell.run(#"LC_ALL= LC_MESSAGES= LANG=ja_JP.UTF-8 "$MOJI" search いぬ --limit 3"#)
        #expect(japanese.status == 0, "\(japanese.errors)")
        #expect(japanese.output.contains("🐕") || japanese.output.contains("🐶"), "\(japanese.output)")
        #expect(japanese.output.contains("犬") || japanese.output.contains("イヌ"), "\(japanese.output)")
        let chosen = try await shell.run(#"LC_ALL= LANG=ja_JP.UTF-8 "$MOJI" search dog --locale en --limit 1"#)
        #expect(chosen.output.contains("dog"), "\(chosen.output)")
        let unknown = try await shell.run(#"LC_ALL= LC_MESSAGES= LANG=xx_YY.UTF-8 "$MOJI" search dog --limit 1"#)
        #expect(unknown.status == 0 && unknown.output.contains("dog"), "\(unknown.output) \(unknown.errors)")
        let german = try await shell.run(#"LC_ALL=de_DE.UTF-8 "$MOJI" info 🐶"#)
        #expect(german.output.contains("Hund"), "\(german.output)")
    }
}
