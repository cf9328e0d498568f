import Foundation
import Moji
import MojiSearchEvaluation

/// `search-quality --judgements DIR`: search against judged as-you-type queries, per locale.
struct JudgedSearchQuality {
    /// Results asked for per prefix; a right emoji further down counts as not found (reciprocal rank 0).
    static let resultLimit = 10

    var directory: URL
    /// Locale identifiers to evaluate; nil for every file of the directory.
    var locales: Set<String>?
    var verbose: Bool

    func run() throws {
        let catalog = EmojiCatalog.shared
        var overall: [JudgedSearchOutcome] = []
        var locales = 0
        for (identifier, judgements) in try SearchJudgementFile.load(directory: directory, catalog: catalog)
        where self.locales?.contains(identifier) ?? true {
            // As the picker searches: the locale with English second, default options.
            let search = try EmojiSearch(catalog: catalog, locale: catalog.locale(for: identifier))
            let options = SearchOptions(limit: Self.resultLimit)
            let outcomes = judgements.map { judgement in
                JudgedSearchOutcome(judgement) { prefix in
                    search.results(for: prefix, options: options).map(\.emoji)
                }
            }
            if verbose { printMisses(outcomes, locale: identifier, search: search) }
            report(JudgedSearchScore(outcomes), locale: identifier)
            overall += outcomes
            locales += 1
        }
        if locales > 1 { report(JudgedSearchScore(overall), locale: "all") }
    }

    private func report(_ score: JudgedSearchScore, locale: String) {
        func figure(_ value: Double) -> Double { Measurement.rounded(value, places: 3) }
        Measurement.report([
            "suite": "search-quality", "judgements": locale, "words": score.words,
            "prefixes": score.all.prefixes,
            "success_at_1": figure(score.all.successAt1), "success_at_5": figure(score.all.successAt5),
            "mrr": figure(score.all.meanReciprocalRank),
            "prefixes_3plus": score.threeOrMore.prefixes,
            "success_at_1_3plus": figure(score.threeOrMore.successAt1),
            "success_at_5_3plus": figure(score.threeOrMore.successAt5),
            "mrr_3plus": figure(score.threeOrMore.meanReciprocalRank),
            "letters_typed": score.lettersTyped, "letters_in_queries": score.lettersInQueries,
            "never_first": score.neverFirst,
        ])
    }

    private func printMisses(_ outcomes: [JudgedSearchOutcome], locale: String, search: EmojiSearch) {
        // Why it missed: how the first result matched, and where and how the right emoji did
        // (searched again past the evaluated results).
        func why(_ prefix: String, _ judgement: SearchJudgement) -> String {
            let results = search.results(for: prefix, options: SearchOptions(limit: 500))
            let top = results.first.map { "\($0.relevance)" } ?? "-"
            guard let right = results.firstIndex(where: { $0.emoji.map(judgement.accepts) ?? false }) else {
                return "[\(top); right one not found]"
            }
            return "[\(top); right one at \(right + 1), \(results[right].relevance)]"
        }
        func rank(_ prefix: PrefixOutcome) -> String {
            prefix.rank.map { "at \($0)" } ?? "not in top \(Self.resultLimit)"
        }
        for outcome in outcomes {
            let judgement = outcome.judgement
            if outcome.lettersUntilFirst == nil, let whole = outcome.prefixes.last {
                print(
                    "# \(locale) never first: '\(judgement.query)' \(judgement.intended) → "
                        + "\(whole.top?.character ?? "nothing") (\(rank(whole)))")
            }
            for miss in outcome.misses {
                print(
                    "# \(locale) miss: '\(miss.prefix)' for '\(judgement.query)' \(judgement.intended) → "
                        + "\(miss.top?.character ?? "nothing") (\(rank(miss))) \(why(miss.prefix, judgement))")
            }
        }
    }
}
