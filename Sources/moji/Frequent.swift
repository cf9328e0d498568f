import ArgumentParser
import MojiStore

struct Frequent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frequent",
        abstract: "Show the emoji you use most, by usage score: the picker's Frequently Used.",
        discussion: """
            Each use decays every score by 0.9 and adds 1 to the emoji used, so recent use counts \
            most. A new database starts with a dozen common emoji, which your first use outranks.
            """)

    @OptionGroup var options: StoreOptions

    func run() throws {
        try reportingFailures {
            let store = try options.openStore()
            let entries = try storeCall { () throws(StoreError) in try store.usage.frequent() }
            try printEntries(entries, store: store, json: options.json)
        }
    }
}
