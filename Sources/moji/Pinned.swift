import ArgumentParser
import MojiRepresentations
import MojiStore

struct Pinned: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinned",
        abstract: "Show, pin, unpin or reorder your pinned emoji.",
        discussion: """
            The pinned list keeps the emoji you choose, in your order; the picker shows it as \
            Favorites. `moji frequent` shows the emoji you use most, by usage score.
            """,
        subcommands: [ListPinned.self, Add.self, Remove.self, Move.self],
        defaultSubcommand: ListPinned.self
    )

    struct ListPinned: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Show the pinned emoji, in order.")

        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                try printPinned(store, json: options.json)
            }
        }
    }

    struct Add: ArgumentListCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Pin emoji (at the end, or at a position).")

        @Argument(help: "Emoji, :shortcodes: or custom :codes:.")
        var emojis: [String]

        @Option(help: "Position to pin at, from 1; past the end means the end (default: the end).")
        var at: Int?

        @OptionGroup var options: StoreOptions

        func validate() throws { try Position.validate(at, named: "--at") }

        mutating func appendArguments(_ values: [String]) { emojis += values }

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                try options.insertEach(emojis, at: at, in: store) { item, position throws(StoreError) in
                    try store.favorites.pin(item, at: position)
                }
                try printPinned(store, json: options.json)
            }
        }
    }

    struct Remove: ArgumentListCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Unpin emoji.")

        @Argument(help: "Emoji, :shortcodes: or custom :codes:.")
        var emojis: [String]

        @OptionGroup var options: StoreOptions

        mutating func appendArguments(_ values: [String]) { emojis += values }

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                for text in emojis {
                    let item = try options.item(text, in: store)
                    guard try storeCall({ () throws(StoreError) in try store.favorites.unpin(item) }) else {
                        throw CommandFailure(
                            message: "\(item) is not pinned; `moji pinned` lists the pinned ones.", code: .notFound)
                    }
                }
                try printPinned(store, json: options.json)
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", abstract: "Move a pinned emoji to a position, from 1.")

        @Argument(help: "The pinned emoji.")
        var emoji: String

        @Argument(help: "Its new position, from 1; past the end means the end.")
        var position: Int

        @OptionGroup var options: StoreOptions

        func validate() throws { try Position.validate(position, named: "the position") }

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                let item = try options.item(emoji, in: store)
                try storeCall { () throws(StoreError) in try store.favorites.movePinned(item, to: position - 1) }
                try printPinned(store, json: options.json)
            }
        }
    }
}

/// Prints the pinned list, numbered from 1.
private func printPinned(_ store: EmojiStore, json: Bool) throws {
    let pinned = try storeCall { () throws(StoreError) in try store.favorites.pinned() }
    let summaries = pinned.map { StoreItemSummary($0, custom: customEmojiLookup(store)) }
    if json { return try printJSON(summaries) }
    for (index, summary) in summaries.enumerated() { print("\(index + 1).\t\(summary.line)") }
}
