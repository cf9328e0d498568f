import ArgumentParser
import MojiStore

struct Favorites: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Show your favorites, and pin, unpin or reorder the ones you keep by hand.",
        discussion: "Pinned favorites come first, in your order; then the emoji you use most, by usage score.",
        subcommands: [ListFavorites.self, Add.self, Remove.self, Move.self],
        defaultSubcommand: ListFavorites.self
    )

    struct ListFavorites: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show pinned favorites, then favorites by usage score.")

        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                let pinned = try storeCall { () throws(StoreError) in try store.pinnedFavorites() }
                let scored = try storeCall { () throws(StoreError) in try store.favorites() }
                if options.json {
                    struct Output: Encodable { var pinned: [ItemSummary]; var scored: [ItemSummary] }
                    return try printJSON(Output(pinned: pinned.map(ItemSummary.init), scored: scored.map(ItemSummary.init)))
                }
                for (index, item) in pinned.enumerated() { print("\(index + 1).\t\(ItemSummary(item).line)") }
                if !pinned.isEmpty && !scored.isEmpty { print("") }
                for entry in scored { print(ItemSummary(entry).line) }
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Pin emoji as favorites (at the end, or at a position).")

        @Argument(help: "Emoji, :shortcodes: or custom :codes:.")
        var emojis: [String]

        @Option(help: "Position to pin at, from 1 (default: the end).")
        var at: Int?

        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                for (offset, text) in emojis.enumerated() {
                    let item = try options.item(text, in: store)
                    try storeCall { () throws(StoreError) in try store.pinFavorite(item, at: at.map { $0 - 1 + offset }) }
                }
                try printPinned(store, json: options.json)
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Unpin favorites.")

        @Argument(help: "Emoji, :shortcodes: or custom :codes:.")
        var emojis: [String]

        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                for text in emojis {
                    let item = try options.item(text, in: store)
                    guard try storeCall({ () throws(StoreError) in try store.unpinFavorite(item) }) else {
                        throw CommandFailure(message: "\(item) is not pinned; `moji favorites` lists the pinned ones.", code: .notFound)
                    }
                }
                try printPinned(store, json: options.json)
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a pinned favorite to a position, from 1.")

        @Argument(help: "The pinned emoji.")
        var emoji: String

        @Argument(help: "Its new position, from 1.")
        var position: Int

        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                let item = try options.item(emoji, in: store)
                try storeCall { () throws(StoreError) in try store.movePinnedFavorite(item, to: position - 1) }
                try printPinned(store, json: options.json)
            }
        }
    }
}

/// Prints the pinned favorites after a change.
private func printPinned(_ store: EmojiStore, json: Bool) throws {
    let pinned = try storeCall { () throws(StoreError) in try store.pinnedFavorites() }
    if json { return try printJSON(pinned.map(ItemSummary.init)) }
    for (index, item) in pinned.enumerated() { print("\(index + 1).\t\(ItemSummary(item).line)") }
}
