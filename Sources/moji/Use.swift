import ArgumentParser
import MojiRepresentations
import MojiStore

struct Use: ArgumentListCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract: "Record that you used an emoji: it rises in frequent, recent and most-used.",
        discussion: """
            A toned emoji (👍🏽) counts for its neutral base and remembers the tone. Each emoji \
            is recorded as its own use, in the order given; once all are recorded, a line per emoji \
            gives its score and uses as they stand then (each use lowers the others' scores a little). \
            With --query, search learns that you picked the emoji after that text: `moji search` \
            then shows it first for the text and for what starts it (`moji store forget-queries` \
            forgets it).
            """
    )

    @Argument(help: "Emoji, :shortcodes:, hex code points or custom :codes:.")
    var emojis: [String]

    @Option(help: ArgumentHelp("Record the whole list this many times.", visibility: .hidden))
    var `repeat`: Int = 1

    @Option(help: "The search text you picked the emoji after, e.g. \"hola\" (at most 256 characters).")
    var query: String?

    @OptionGroup var options: StoreOptions

    mutating func appendArguments(_ values: [String]) { emojis += values }

    func run() throws {
        try reportingFailures {
            let store = try options.openStore()
            let items = try emojis.map { try options.item($0, in: store) }
            var recorded: [UsageSummary] = []
            let custom = customEmojiLookup(store)
            // The hidden --repeat (for tests of many writers) reports each use as it commits.
            let streams = `repeat` > 1
            var latest: [StoreItem: UsageEntry] = [:]
            var order: [StoreItem] = []
            for _ in 0..<max(`repeat`, 1) {
                for item in items {
                    let entry = try storeCall { () throws(StoreError) in
                        try store.usage.recordUse(of: item, query: query)
                    }
                    if latest.updateValue(entry, forKey: entry.item) == nil { order.append(entry.item) }
                    guard streams else { continue }
                    let summary = UsageSummary(entry, custom: custom)
                    if options.json { recorded.append(summary) } else { try printFlushed(summary.line) }
                }
            }
            if !streams {
                // Read back once all are in: a score printed before the next use was recorded
                // would already be out of date.
                for item in order {
                    let current =
                        try storeCall { () throws(StoreError) in try store.usage.entry(for: item) } ?? latest[item]
                    guard let current else { continue }
                    let summary = UsageSummary(current, custom: custom)
                    if options.json { recorded.append(summary) } else { try printFlushed(summary.line) }
                }
            }
            if options.json { try printJSON(recorded) }
        }
    }
}
