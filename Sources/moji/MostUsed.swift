import ArgumentParser
import MojiStore

struct MostUsed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "most-used",
        abstract: "Show the emoji you used most often, ever, by count (the more recent first among equals).",
        discussion: "Counts never decay; `moji frequent` ranks by usage score, which favours recent use.")

    @Option(help: "How many to show, 1 or more (default 36).")
    var limit: Int?

    @OptionGroup var options: StoreOptions

    func validate() throws { try Position.validateLimit(limit) }

    func run() throws {
        try reportingFailures {
            let store = try options.openStore()
            let entries = try storeCall { () throws(StoreError) in try store.usage.mostUsed(limit: limit) }
            try printEntries(entries, store: store, json: options.json)
        }
    }
}
