import Foundation
import Testing

/// What the built `moji` prints, run as a child process.
@Suite("moji's output")
struct CommandOutputTests {
    struct Summary: Decodable {
        var emoji: String
        var toneVariants: [String]
    }

    @Test("list --json gives each emoji's tone forms, as info --json does")
    func listGivesToneVariants() async throws {
        let directory = try TemporaryDirectory()
        let moji = MojiProcess(home: directory.url)
        let list = try await moji.run(["list", "--subgroup", "hand-fingers-open", "--json"])
        #expect(list.status == 0, "\(list.errors)")
        let listed = try JSONDecoder().decode([Summary].self, from: Data(list.output.utf8))
        let wave = try #require(listed.first { $0.emoji == "👋" })
        #expect(wave.toneVariants == ["👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"])
        for summary in listed {
            let info = try await moji.run(["info", summary.emoji, "--json"])
            #expect(info.status == 0, "\(info.errors)")
            let detailed = try JSONDecoder().decode(Summary.self, from: Data(info.output.utf8))
            #expect(detailed.toneVariants == summary.toneVariants, "\(summary.emoji)")
        }
    }

    @Test("--locale's help names its default once", arguments: ["search", "list", "info", "pick"])
    func localeDefaultOnce(command: String) async throws {
        let directory = try TemporaryDirectory()
        let help = try await MojiProcess(home: directory.url).run([command, "--help"])
        #expect(help.status == 0)
        // The help wraps lines; read it as one line of words.
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let options = try #require(text.range(of: "OPTIONS:"))
        let locale = try #require(text.range(of: "--locale <locale>", range: options.upperBound..<text.endIndex))
        let rest = text[locale.upperBound...]
        let option = rest.range(of: " --").map { rest[..<$0.lowerBound] } ?? rest
        #expect(option.components(separatedBy: "(default:").count - 1 == 1, "\(option)")
        // Issue 26: the default is the user's language.
        #expect(option.contains("LANG"), "\(option)")
    }

    @Test("info of a toned emoji gives Slack's toned code, the one demojify --preset slack writes")
    func tonedSlackCode() async throws {
        let directory = try TemporaryDirectory()
        let moji = MojiProcess(home: directory.url)
        // Before issue 26 `moji info 👍🏽` listed no slack code at all.
        let info = try await moji.run(["info", "👍🏽"])
        #expect(info.status == 0)
        let written = try await moji.run(["demojify", "--preset", "slack", "--text", "👍🏽"])
        let code = written.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code == ":+1::skin-tone-4:", "\(written.output)")
        #expect(info.output.contains("slack") && info.output.contains(code), "\(info.output)")
        // A neutral emoji keeps its own codes only.
        #expect(!(try await moji.run(["info", "👍"]).output.contains("skin-tone")))
    }

    @Test("emojify's and demojify's help: no runs of spaces mid-sentence, the default named once")
    func textCommandHelp() async throws {
        let directory = try TemporaryDirectory()
        for command in ["emojify", "demojify"] {
            let help = try await MojiProcess(home: directory.url).run(["help", command])
            #expect(help.status == 0)
            // Before issue 26 a lost line continuation left runs of 13 spaces in emojify's text.
            for line in help.output.split(separator: "\n") where !line.hasPrefix(" ") {
                #expect(!line.contains("   "), "\(command): \(line)")
            }
            #expect(help.output.components(separatedBy: "(default: en)").count - 1 == 1, "\(command)")
        }
    }

    @Test("use prints each emoji's score once all are recorded, not one a later use already lowered")
    func useReportsFinalScores() async throws {
        let directory = try TemporaryDirectory()
        let moji = MojiProcess(home: directory.url)
        // Before issue 26, 👍's line was printed before 🎉's use moved the clock and lowered it.
        let used = try await moji.run(["use", "👍🏽", "🎉", "--json"])
        #expect(used.status == 0, "\(used.errors)")
        struct Entry: Decodable {
            var emoji: String
            var score: Double?
        }
        let printed = try JSONDecoder().decode([Entry].self, from: Data(used.output.utf8))
        let frequent = try await moji.run(["frequent", "--json"])
        let stored = try JSONDecoder().decode([Entry].self, from: Data(frequent.output.utf8))
        #expect(printed.count == 2)
        for entry in printed {
            let now = try #require(stored.first { $0.emoji == entry.emoji }, "\(entry.emoji) in \(frequent.output)")
            let (printedScore, storedScore) = (try #require(entry.score), try #require(now.score))
            #expect(
                abs(storedScore - printedScore) < 1e-9, "\(entry.emoji): printed \(printedScore), stored \(storedScore)"
            )
        }
    }
}
