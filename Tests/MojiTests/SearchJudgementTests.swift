import Foundation
import Moji
import MojiSearchEvaluation
import Testing

/// The judged search evaluation (`moji-bench search-quality --judgements`): its files and figures.
@Suite("Search judgements")
struct SearchJudgementTests {
    let catalog = EmojiCatalog.shared

    private func emoji(_ text: String) -> Emoji { catalog.emoji(for: text)! }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/search-judgements")

    @Test("every judgement file parses and names only emoji of the catalog, 150+ words each")
    func committedFilesParse() throws {
        let files = try SearchJudgementFile.load(directory: Self.directory)
        #expect(files.map(\.locale) == ["de", "en", "es", "fr", "it", "ja", "ko", "pt", "ru", "zh"])
        for (locale, judgements) in files {
            #expect(judgements.count >= 150, "\(locale)")
            _ = try catalog.locale(for: locale)
        }
    }

    @Test("a line names a query, the intended emoji and alternatives; toned forms count as neutral")
    func parsesLines() throws {
        let text = "# comment\n\ncake\t🎂\t🍰 🧁\nthumbs up\t👍🏽\n"
        let judgements = try SearchJudgementFile.parse(text, path: "x.tsv")
        #expect(judgements.map(\.query) == ["cake", "thumbs up"])
        #expect(judgements[0].intended == emoji("🎂"))
        #expect(judgements[0].alternatives == [emoji("🍰"), emoji("🧁")])
        #expect(judgements[1].intended == emoji("👍"))
        #expect(judgements[1].accepts(emoji("👍🏿")))
        #expect(
            judgements[1].prefixes == ["t", "th", "thu", "thum", "thumb", "thumbs", "thumbs ", "thumbs u", "thumbs up"])
    }

    @Test("a typo in an emoji, a missing field or a repeated query fails with its line")
    func rejectsBadLines() {
        #expect(
            throws: SearchJudgementFileError(path: "x.tsv", line: 2, reason: "'cake' is not an emoji of the catalog")
        ) {
            try SearchJudgementFile.parse("# c\ncake\tcake\n", path: "x.tsv")
        }
        #expect(throws: SearchJudgementFileError.self) { try SearchJudgementFile.parse("cake\n", path: "x.tsv") }
        #expect(throws: SearchJudgementFileError.self) {
            try SearchJudgementFile.parse("cake\t🎂\ncake\t🍰\n", path: "x.tsv")
        }
    }

    @Test("success@1, @5, reciprocal rank, letters typed and words never first, on a hand-made set")
    func computesFigures() {
        // Hand-made rankings per prefix; nil stands for a result that is not a catalog emoji.
        let rankings: [String: [Emoji?]] = [
            "c": [emoji("🐱"), emoji("🎂")],  // rank 2
            "ca": [emoji("🍰"), emoji("🍥"), emoji("🥮"), emoji("🎂")],  // rank 4
            "cak": [emoji("🎂")],  // 1
            "cake": [emoji("🎂"), emoji("🍰")],  // 1: first from 3 letters on
            "u": [emoji("👍🏽")],  // 1: a toned form is its neutral emoji
            "up": [emoji("⬆️"), emoji("👍")],  // 2: never first
            "h": [],  // not found
            "hi": [nil, emoji("👋")],  // 2
            "hi!": [emoji("👋")],  // 1: first at 3 letters
        ]
        let judgements = [
            SearchJudgement(query: "cake", intended: emoji("🎂")),
            SearchJudgement(query: "up", intended: emoji("👍")),
            SearchJudgement(query: "hi!", intended: emoji("👋"), alternatives: [emoji("🙋")]),
        ]
        let outcomes = judgements.map { JudgedSearchOutcome($0) { rankings[$0] ?? [] } }
        #expect(outcomes.map(\.lettersUntilFirst) == [3, nil, 3])
        #expect(outcomes.map(\.lettersTyped) == [3, 3, 3])
        #expect(outcomes[1].misses.map(\.prefix) == ["up"])
        #expect(outcomes[2].prefixes.map(\.rank) == [nil, 2, 1])
        #expect(outcomes[2].prefixes[1].top == nil)

        let score = JudgedSearchScore(outcomes)
        #expect(score.words == 3)
        #expect(score.all.prefixes == 9)
        #expect(score.all.firstHits == 4)
        #expect(score.all.topFiveHits == 8)
        #expect(abs(score.all.meanReciprocalRank - (0.5 + 0.25 + 1 + 1 + 1 + 0.5 + 0 + 0.5 + 1) / 9) < 1e-12)
        #expect(score.threeOrMore.prefixes == 3)
        #expect(score.threeOrMore.successAt1 == 1)
        #expect(score.lettersTyped == 9)
        #expect(score.lettersInQueries == 9)
        #expect(score.neverFirst == 1)
    }
}
