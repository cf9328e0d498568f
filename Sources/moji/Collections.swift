import ArgumentParser
import MojiRepresentations
import MojiStore

struct Collections: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collections",
        abstract: "Keep named lists of emoji: create, add, remove, move, rename, delete.",
        subcommands: [
            ListCollections.self, Show.self, Create.self, Add.self, Remove.self, Move.self, Rename.self, Delete.self,
        ],
        defaultSubcommand: ListCollections.self
    )

    struct ListCollections: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the collections with their emoji.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                let collections = try storeCall { () throws(StoreError) in try store.favorites.collections() }
                if options.json {
                    let custom = customEmojiLookup(store)
                    return try printJSON(collections.map { CollectionSummary($0, custom: custom) })
                }
                for collection in collections {
                    print("\(collection.name)\t\(collection.items.map(\.key).joined(separator: " "))")
                }
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one collection, an emoji a line.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                try printCollection(name, store: store, json: options.json)
            }
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an empty collection.")
        @Argument(help: "The new collection's name.") var name: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                try storeCall { () throws(StoreError) in try store.favorites.createCollection(named: name) }
                try printCollection(name, store: store, json: options.json)
            }
        }
    }

    struct Add: ArgumentListCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add emoji to a collection (created if needed).")
        @Argument(help: "The collection's name.") var name: String
        @Argument(help: "Emoji, :shortcodes: or custom :codes:.") var emojis: [String]
        @Option(help: "Position to insert at, from 1; past the end means the end (default: the end).") var at: Int?
        @OptionGroup var options: StoreOptions

        func validate() throws { try Position.validate(at, named: "--at") }

        mutating func appendArguments(_ values: [String]) { emojis += values }

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                try options.insertEach(emojis, at: at, in: store) { item, position throws(StoreError) in
                    try store.favorites.add(item, toCollection: name, at: position)
                }
                try printCollection(name, store: store, json: options.json)
            }
        }
    }

    struct Remove: ArgumentListCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove emoji from a collection.")
        @Argument(help: "The collection's name.") var name: String
        @Argument(help: "Emoji, :shortcodes: or custom :codes:.") var emojis: [String]
        @OptionGroup var options: StoreOptions

        mutating func appendArguments(_ values: [String]) { emojis += values }

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                for text in emojis {
                    let item = try options.item(text, in: store)
                    let removed = try storeCall { () throws(StoreError) in
                        try store.favorites.remove(item, fromCollection: name)
                    }
                    guard removed else {
                        throw CommandFailure(message: "\(item) is not in '\(name)'.", code: .notFound)
                    }
                }
                try printCollection(name, store: store, json: options.json)
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", abstract: "Move an emoji of a collection to a position, from 1.")
        @Argument(help: "The collection's name.") var name: String
        @Argument(help: "The emoji.") var emoji: String
        @Argument(help: "Its new position, from 1; past the end means the end.") var position: Int
        @OptionGroup var options: StoreOptions

        func validate() throws { try Position.validate(position, named: "the position") }

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                let item = try options.item(emoji, in: store)
                try storeCall { () throws(StoreError) in
                    try store.favorites.move(item, inCollection: name, to: position - 1)
                }
                try printCollection(name, store: store, json: options.json)
            }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a collection.")
        @Argument(help: "The current name.") var name: String
        @Argument(help: "The new name.") var newName: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                try storeCall { () throws(StoreError) in try store.favorites.renameCollection(name, to: newName) }
                try printCollection(newName, store: store, json: options.json)
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a collection.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                guard try storeCall({ () throws(StoreError) in try store.favorites.deleteCollection(named: name) })
                else {
                    throw CommandFailure(message: StoreError.collectionNotFound(name).description, code: .notFound)
                }
                if options.json { try printJSON(["deleted": name]) } else { print("deleted \(name)") }
            }
        }
    }
}

private func printCollection(_ name: String, store: EmojiStore, json: Bool) throws {
    guard let collection = try storeCall({ () throws(StoreError) in try store.favorites.collection(named: name) })
    else {
        throw CommandFailure(message: StoreError.collectionNotFound(name).description, code: .notFound)
    }
    let summary = CollectionSummary(collection, custom: customEmojiLookup(store))
    if json { return try printJSON(summary) }
    print(summary.name)
    for (index, item) in summary.items.enumerated() { print("\(index + 1).\t\(item.line)") }
}
