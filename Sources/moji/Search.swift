import ArgumentParser
import Foundation
import Moji
import MojiRepresentations
import MojiStore

struct Search: ArgumentListCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find emoji by name, keyword, shortcode or emoticon, in your language and English.",
        discussion: """
            Every word must match the start of a word (the last may be cut short, as you type): \
            "thu u" finds 👍. Case, accents, full-width forms and hiragana/katakana are ignored; \
            Chinese, Japanese and Thai also match inside words; words of 4+ letters forgive one typo. \
            What you picked after this text before (`moji use --query`, `moji pick`) comes first, \
            also for text that starts it ("hol" after "hola"); without a store file nothing is \
            learned and none is created. Exits 1 when nothing matches, 2 for an unknown locale.
            """
    )

    @Argument(help: "What to look for, e.g. \"party\", \"thu u\", \":tada:\", \"いぬ\".")
    var query: [String]

    @Option(help: "The most results to show, 1 or more.")
    var limit: Int = 20

    @Option(help: "Order: relevance, usage or alphabetical.")
    var ranking: SearchRanking = .relevance

    @Option(
        name: .customLong("max-version"),
        help: "Only emoji up to this Emoji version (e.g. 15.1), or an Apple OS (e.g. iOS:17.4).")
    var maxVersion: String?

    @Option(help: "Show this skin tone where an emoji has it: light, medium-light, medium, medium-dark, dark or 1-5.")
    var tone: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database whose learned picks rank first (default: $MOJI_HOME/moji.sqlite, else "
                + "$XDG_DATA_HOME/moji/moji.sqlite); read only when it exists.",
            valueName: "path"))
    var database: String?

    @OptionGroup var options: CommonOptions

    func validate() throws { try Position.validateLimit(limit) }

    mutating func appendArguments(_ values: [String]) { query += values }

    func run() throws {
        try reportingFailures {
            let catalog = EmojiCatalog.shared
            let localized = try options.resolvedLocale(in: catalog)
            let text = query.joined(separator: " ")
            let (learned, custom) = try storeData(for: text)
            // The custom sets `moji custom` imported are found by their :code: and names, as in
            // the pickers; those a server marks hidden stay out, as there.
            let search = try EmojiSearch(catalog: catalog, locale: localized.locale, customEmoji: custom)
            var searchOptions = SearchOptions(limit: limit, ranking: ranking)
            if let maxVersion { searchOptions.maximumVersion = try EmojiVersionArgument.parse(maxVersion) }
            if let tone {
                guard let skinTone = SkinTone(identifier: tone) else {
                    throw ValidationError(
                        "'\(tone)' is not a skin tone: light, medium-light, medium, medium-dark, dark or 1-5.")
                }
                searchOptions.skinTones = .preferred(skinTone)
            }
            searchOptions.learnedPicks = learned
            let results = search.results(for: text, options: searchOptions)
            if results.isEmpty {
                throw CommandFailure(message: "no emoji matches '\(text)'.", code: .notFound)
            }
            if options.json { return try printJSON(results.map { SearchResultSummary($0, in: localized) }) }
            for result in results {
                var name = result.emoji.map { localized.name(of: $0) } ?? result.item.text
                if case .custom(let emoji) = result.item, !emoji.name.isEmpty { name = emoji.name }
                let matched = result.matches.first.map { "\($0.field): \($0.text)" } ?? ""
                print(
                    "\(result.item.text)\t\(name)\t\(result.relevance)\(matched.isEmpty || matched.hasSuffix(": \(name)") ? "" : "\t\(matched)")"
                )
            }
        }
    }
}

extension Search {
    /// What the store learned for `text` and its custom emoji shown in pickers, or nothing when
    /// there is no store file (searching creates none). A store that cannot be read is named on
    /// standard error and searched without: a damaged file must not stop a search.
    private func storeData(for text: String) throws -> (LearnedPicks?, [CustomEmoji]) {
        if let database, ServeDatabase.namesPostgres(database) {
            throw CommandFailure(
                message: "`moji search` reads the SQLite store: give --database a file, not a postgres:// URL.",
                code: .usage)
        }
        let url = database.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
        guard FileManager.default.fileExists(atPath: url.path) else { return (nil, []) }
        do throws(StoreError) {
            let store = try EmojiStore(url: url)
            return (
                try store.usage.learnedPicks(for: text, limit: limit),
                try store.custom.allEmoji().filter(\.isVisibleInPicker)
            )
        } catch {
            printError("warning: searching without your learned picks and custom emoji: \(error)")
            return (nil, [])
        }
    }
}

extension SearchRanking: ExpressibleByArgument {}
