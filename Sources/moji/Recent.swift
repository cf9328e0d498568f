import ArgumentParser
import MojiRepresentations
import MojiStore

struct Recent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recent", abstract: "Show the emoji you used most recently, each once.")

    @Option(help: "How many to show, 1 or more (default 36).")
    var limit: Int?

    @OptionGroup var options: StoreOptions

    func validate() throws { try Position.validateLimit(limit) }

    func run() throws {
        try reportingFailures {
            let store = try options.openStore()
            let entries = try storeCall { () throws(StoreError) in try store.usage.recent(limit: limit) }
            try printEntries(entries, store: store, json: options.json)
        }
    }
}

/// Prints usage entries as lines or JSON.
func printEntries(_ entries: [UsageEntry], store: EmojiStore, json: Bool) throws {
    let custom = customEmojiLookup(store)
    let summaries = entries.map { UsageSummary($0, custom: custom) }
    if json { return try printJSON(summaries) }
    for summary in summaries { print(summary.line) }
}
