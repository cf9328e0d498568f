import ArgumentParser
import Testing

@testable import moji

/// The rules every line printed for a person, and every error message, goes through.
@Suite("display text")
struct DisplayTextTests {
    @Test("control characters become visible stand-ins; the tabs between fields stay")
    func lines() {
        #expect(DisplayText.line("🎉\tparty\u{1B}]0;x\u{07}\tscore") == "🎉\tparty␛]0;x␇\tscore")
        #expect(DisplayText.line("a\nb\rc\u{9B}d") == "a␊b␍c\u{FFFD}d")
        #expect(DisplayText.line("plain 👍🏽 text") == "plain 👍🏽 text")
    }

    @Test("a long quoted argument is cut to 80 characters with its length; apostrophes are not quotes")
    func quotes() {
        let long = String(repeating: "y", count: 500)
        let message = "it isn't there: no emoji matches '\(long)'. Don't give '\(long)' twice."
        let cut = "'" + String(repeating: "y", count: 80) + "…' (500 characters)"
        #expect(DisplayText.message(message) == "it isn't there: no emoji matches \(cut). Don't give \(cut) twice.")
        let short = "no emoji matches 'party'; it's '\(String(repeating: "z", count: 80))'."
        #expect(DisplayText.message(short) == short)
    }

    @Test("an error message keeps its line breaks and neutralises the rest")
    func messages() {
        #expect(DisplayText.message("Error: bad\nUsage: moji x\u{1B}[2J") == "Error: bad\nUsage: moji x␛[2J")
    }

    @Test("every exit code is listed once, in a help line of at most 80 columns")
    func exitCodes() {
        let codes = ExitCode.documented.map(\.code.rawValue)
        #expect(Set(codes).count == codes.count)
        for line in ExitCode.documentation.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }
}
