import ArgumentParser
import Foundation
import Moji
import MojiRepresentations
import MojiStore
import MojiSync

struct CustomList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the custom emoji of one set, or of every set.",
        discussion: """
            A line per emoji: set, :code:, name, group, size (WxH), format, and `hidden` for those a \
            set hides from pickers (they still convert in text). Exits 1 for an unknown set.
            """ + sharedCustomSetsHelp)

    @Argument(help: "The set's name (default: every set).")
    var name: String?

    @OptionGroup var options: StoreOptions

    func run() async throws {
        try await reportingFailuresAsync {
            let emoji: [CustomEmoji]
            if let url = options.sharedDatabaseURL() {
                let contents = try await withSharedCustomSets(url: url) { sync in
                    try await sync.shared.customSetContents().contents
                }
                if let name {
                    guard let content = contents.first(where: { $0.set.name.lowercased() == name.lowercased() }) else {
                        throw CommandFailure(message: SyncError.unknownSet(name).description, code: .notFound)
                    }
                    emoji = content.emoji
                } else {
                    emoji = contents.flatMap(\.emoji)
                }
                let lines = emoji.map { CustomEmojiLine($0, cache: nil) }
                if options.json { return try printJSON(lines) }
                for line in lines { print(line.text) }
                return
            }
            let store = try options.openStore()
            if let name {
                guard try storeCall({ () throws(StoreError) in try store.custom.set(named: name) }) != nil else {
                    throw CommandFailure(message: SyncError.unknownSet(name).description, code: .notFound)
                }
                emoji = try storeCall { () throws(StoreError) in try store.custom.emoji(inSet: name) }
            } else {
                let sets = try storeCall { () throws(StoreError) in try store.custom.sets() }
                emoji = try sets.flatMap { set in
                    try storeCall { () throws(StoreError) in try store.custom.emoji(inSet: set.name) }
                }
            }
            let lines = emoji.map { CustomEmojiLine($0, cache: nil) }
            if options.json { return try printJSON(lines) }
            for line in lines { print(line.text) }
        }
    }
}

struct CustomShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one custom emoji with every field and its cached image file.",
        discussion: "Exits 1 when no custom emoji has the code.")

    @Argument(help: "The custom emoji's :code: (colons optional).")
    var code: String

    @OptionGroup var options: StoreOptions

    func run() throws {
        try reportingFailures {
            let store = try options.openStore()
            guard let emoji = try storeCall({ () throws(StoreError) in try store.custom.emoji(code: code) })
            else {
                throw CommandFailure(
                    message: "no custom emoji has the code '\(code)'; `moji custom list` lists them.", code: .notFound)
            }
            let line = CustomEmojiLine(emoji, cache: ImageCache(directory: ImageCache.defaultDirectory()))
            if options.json { return try printJSON(line) }
            print("code\t:\(line.code):")
            print("name\t\(line.name)")
            if !line.keywords.isEmpty { print("keywords\t\(line.keywords.joined(separator: ", "))") }
            if let group = line.group { print("group\t\(group)") }
            print("set\t\(line.set ?? "(added by hand)")")
            if line.hidden { print("picker\thidden (still converts in text)") }
            if let image = line.image { print("image\t\(image)") }
            if let source = line.source { print("source\t\(source)") }
            if let format = line.format, let width = line.width, let height = line.height {
                let frames = line.frames ?? 1
                print(
                    "format\t\(format), \(width)x\(height), \(frames) frame\(frames == 1 ? "" : "s"), \(line.bytes ?? 0) bytes"
                )
            }
            if let sha256 = line.sha256 { print("sha256\t\(sha256)") }
            if let file = line.cachedFile {
                print("cached\t\(file)\(line.cached == true ? "" : " (missing: `moji custom sync` fetches it)")")
            }
            if let addedAt = line.addedAt { print("added\t\(addedAt)") }
        }
    }
}

struct CustomRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a custom emoji set and its emoji; their usage history stays.",
        discussion: """
            The usage of its codes stays in the store, so if a code comes back (the set added again), \
            its history comes back with it. Images stay in the cache until `moji custom cache --prune`. \
            Exits 1 for an unknown set.
            """ + sharedCustomSetsHelp)

    @Argument(help: "The set's name.")
    var name: String

    @OptionGroup var options: StoreOptions

    func run() async throws {
        try await reportingFailuresAsync {
            let count: Int
            if let url = options.sharedDatabaseURL() {
                let removed = try await withSharedCustomSets(url: url) { [name] sync -> Result<Int, SyncError> in
                    do throws(SyncError) { return .success(try await sync.remove(named: name)) } catch {
                        return .failure(error)
                    }
                }
                switch removed {
                case .success(let removedCount): count = removedCount
                case .failure(let error): throw commandFailure(error)
                }
            } else {
                let store = try options.openStore()
                let exists = try storeCall { () throws(StoreError) in try store.custom.set(named: name) } != nil
                count =
                    exists
                    ? try storeCall { () throws(StoreError) in try store.custom.emoji(inSet: name) }.count : 0
                guard exists, try storeCall({ () throws(StoreError) in try store.custom.removeSet(named: name) })
                else {
                    throw CommandFailure(message: SyncError.unknownSet(name).description, code: .notFound)
                }
            }
            if options.json {
                struct Removed: Encodable {
                    var removed: String
                    var emoji: Int
                }
                return try printJSON(Removed(removed: name, emoji: count))
            }
            print(
                "removed \(name) and its \(count) emoji; their usage history stays in the store. "
                    + "`moji custom cache --prune` frees their images.")
        }
    }
}

struct CustomSets: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sets",
        abstract: "List the custom emoji sets: source, emoji count, last sync, last error, whether due.",
        discussion: sharedCustomSetsHelp)

    @OptionGroup var options: StoreOptions

    func run() async throws {
        try await reportingFailuresAsync {
            let now = Date()
            let summaries: [CustomSetStatus]
            if let url = options.sharedDatabaseURL() {
                summaries = try await withSharedCustomSets(url: url) { sync in
                    try await sync.shared.customSetContents().contents.map {
                        CustomSetStatus($0.set, emojiCount: $0.emoji.count, now: now)
                    }
                }
            } else {
                let store = try options.openStore()
                let sets = try storeCall { () throws(StoreError) in try store.custom.sets() }
                summaries = try sets.map { set in
                    CustomSetStatus(
                        set,
                        emojiCount: try storeCall { () throws(StoreError) in
                            try store.custom.emoji(inSet: set.name)
                        }
                        .count,
                        now: now)
                }
            }
            if options.json { return try printJSON(summaries) }
            if summaries.isEmpty { return print("no custom sets; `moji custom add` adds one.") }
            for summary in summaries {
                var line = "\(summary.name)\t\(summary.source.kind)\t\(summary.source.location ?? "")"
                line += "\t\(summary.emojiCount) emoji\tsynced \(isoDate(summary.syncedAt) ?? "never")"
                line += summary.due ? "\tdue" : "\tnot due"
                if let error = summary.lastError { line += "\tlast error: \(error)" }
                print(line)
            }
        }
    }
}

/// A custom emoji as `custom list` and `custom show` print it.
struct CustomEmojiLine: Encodable {
    var set: String?
    var code: String
    var name: String
    var keywords: [String]
    var group: String?
    var hidden: Bool
    var image: String?
    var source: String?
    var addedAt: String?
    var format: String?
    var width: Int?
    var height: Int?
    var frames: Int?
    var bytes: Int?
    var sha256: String?
    /// Only for `show`: the cached file's path, and whether it is there.
    var cachedFile: String?
    var cached: Bool?

    init(_ emoji: CustomEmoji, cache: ImageCache?) {
        set = emoji.set
        code = emoji.code
        name = emoji.name
        keywords = emoji.keywords
        group = emoji.group
        hidden = !emoji.isVisibleInPicker
        image = emoji.image
        source = emoji.source
        addedAt = isoDate(emoji.addedAt)
        if let image = emoji.cachedImage {
            format = image.format
            width = image.width
            height = image.height
            frames = image.frameCount
            bytes = image.byteCount
            sha256 = image.sha256
            if let cache {
                cachedFile = cache.fileURL(for: image).path
                cached = cache.contains(image)
            }
        }
    }

    /// set, :code:, name, group, WxH, format, hidden.
    var text: String {
        let size = width.flatMap { width in height.map { "\(width)x\($0)" } } ?? "-"
        var line = "\(set ?? "-")\t:\(code):\t\(name)\t\(group ?? "-")\t\(size)\t\(format ?? "-")"
        if hidden { line += "\thidden" }
        return line
    }
}
