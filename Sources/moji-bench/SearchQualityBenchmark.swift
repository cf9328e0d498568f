import ArgumentParser
import Foundation
import Moji

/// `search-quality`: how often search puts the intended emoji first, per locale.
struct SearchQualityBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search-quality",
        abstract: "Search quality: CLDR names and shortcodes ranked first, keyword MRR, per locale.",
        discussion: """
            For each locale (searched with English second): the share of neutral emoji whose CLDR \
            name, as a query, returns that emoji first; and the mean reciprocal rank of each emoji \
            for each of its CLDR keywords as a query (rank beyond 100 counts 0). A locale is "full" \
            when at least --full-coverage of the emoji have a name of their own in it (not English's): \
            the ≥ 99% target applies to those. Then, in English: every github and slack shortcode, \
            as :code: and bare, returns its emoji first, with that preset preferred where GitHub \
            and Slack disagree (SearchOptions.preferredShortcodes).

            With --judgements DIR, instead: the judged queries of DIR (one <locale>.tsv each, see \
            Benchmarks/search-judgements/README.md), every prefix of each as typed, searched as \
            the picker does (the locale, then English; default options, 10 results). Per locale \
            and overall: success@1, success@5 and mean reciprocal rank over all prefixes and over \
            prefixes of 3+ characters; the characters typed until a right emoji is first and \
            stays first, summed over words (a word never first counts its length plus one); \
            the words never first. --verbose lists those words and every missed prefix.
            """
    )

    @Option(help: "Locales to evaluate, comma-separated, or 'all'.")
    var locales: String = "all"

    @Option(name: .customLong("full-coverage"), help: "Share of emoji a locale must name itself to count as full.")
    var fullCoverage: Double = 0.9

    @Flag(help: "Print each miss.")
    var verbose = false

    @Option(help: "A folder of judged queries (<locale>.tsv); evaluates those instead.")
    var judgements: String?

    func run() throws {
        if let judgements {
            let chosen = locales == "all" ? nil : Set(locales.split(separator: ",").map(String.init))
            try JudgedSearchQuality(
                directory: URL(fileURLWithPath: judgements), locales: chosen, verbose: verbose
            ).run()
            return
        }
        let catalog = EmojiCatalog.shared
        let emojis = catalog.neutralEmojis
        let english = try catalog.localized(.english)
        let englishNames = emojis.map { english.name(of: $0) }
        let wanted =
            locales == "all"
            ? catalog.availableLocales
            : try locales.split(separator: ",").map {
                try catalog.locale(for: String($0))
            }
        var fullLocales = 0
        var fullMeeting = 0
        for locale in wanted {
            let table = try catalog.localized(locale)
            let search = try EmojiSearch(catalog: catalog, locale: locale)
            var own = 0
            var first = 0
            for (position, emoji) in emojis.enumerated() {
                let name = table.name(of: emoji)
                if locale.language != "en" && name != englishNames[position] || locale.language == "en" { own += 1 }
                let top = search.results(for: name, options: SearchOptions(limit: 1)).first?.emoji
                if top == emoji {
                    first += 1
                } else if verbose {
                    print("# \(locale) name miss: \(emoji) '\(name)' → \(top?.character ?? "nothing")")
                }
            }
            var reciprocal = 0.0
            var pairs = 0
            for emoji in emojis {
                for keyword in table.keywords(of: emoji) {
                    pairs += 1
                    let results = search.results(for: keyword, options: SearchOptions(limit: 100))
                    if let rank = results.firstIndex(where: { $0.emoji == emoji }) {
                        reciprocal += 1 / Double(rank + 1)
                    }
                }
            }
            let coverage = Double(own) / Double(emojis.count)
            let isFull = coverage >= fullCoverage
            let share = 100 * Double(first) / Double(emojis.count)
            if isFull {
                fullLocales += 1
                if share >= 99 { fullMeeting += 1 }
            }
            Measurement.report([
                "suite": "search-quality", "locale": locale.identifier, "full": isFull,
                "coverage_pct": Measurement.rounded(100 * coverage),
                "name_first_pct": Measurement.rounded(share, places: 2),
                "keyword_mrr": Measurement.rounded(pairs == 0 ? 0 : reciprocal / Double(pairs), places: 3),
                "keyword_queries": pairs,
            ])
        }
        if wanted.count > 1 {
            Measurement.report([
                "suite": "search-quality", "measure": "summary", "locales": wanted.count,
                "full_locales": fullLocales, "full_locales_at_99_pct": fullMeeting,
            ])
        }
        try evaluateShortcodes(catalog)
    }

    private func evaluateShortcodes(_ catalog: EmojiCatalog) throws {
        let search = try EmojiSearch(catalog: catalog, locales: [.english])
        for preset in [ShortcodePreset.github, .slack] {
            var total = 0
            var colonFirst = 0
            var bareFirst = 0
            var notSearchable = 0
            let options = SearchOptions(limit: 1, preferredShortcodes: preset)
            for (code, emoji) in catalog.shortcodes(preset) {
                // Components (skin-tone-2) and toned forms are not search results: search finds neutral forms.
                if emoji.isComponent || emoji.hasSkinTones {
                    notSearchable += 1
                    continue
                }
                total += 1
                let colon = search.results(for: ":\(code):", options: options).first?.emoji
                let bare = search.results(for: code, options: options).first?.emoji
                if colon == emoji {
                    colonFirst += 1
                } else if verbose {
                    print("# \(preset) miss: :\(code): \(emoji) → \(colon?.character ?? "nothing")")
                }
                if bare == emoji {
                    bareFirst += 1
                } else if verbose {
                    print("# \(preset) bare miss: \(code) \(emoji) → \(bare?.character ?? "nothing")")
                }
            }
            Measurement.report([
                "suite": "search-quality", "preset": preset.rawValue, "shortcodes": total,
                "colon_first_pct": Measurement.rounded(100 * Double(colonFirst) / Double(max(total, 1)), places: 2),
                "bare_first_pct": Measurement.rounded(100 * Double(bareFirst) / Double(max(total, 1)), places: 2),
                "toned_or_component_skipped": notSearchable,
            ])
        }
    }
}
