import ArgumentParser
import MojiStore

struct Frequent: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "frequent", abstract: "Show the emoji you used most often (the more recent first among equals).")

    @Option(help: "How many to show (default 36).")
    var limit: Int?

    @OptionGroup var options: StoreOptions

    func run() throws {
        try reportingFailures {
            let store = try options.openStore()
            let entries = try storeCall { () throws(StoreError) in try store.frequent(limit: limit) }
            try printEntries(entries, json: options.json)
        }
    }
}
