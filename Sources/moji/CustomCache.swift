import ArgumentParser
import Foundation
import MojiStore
import MojiSync

struct CustomCache: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show the size of the custom emoji image cache; prune it or cap its size.",
        discussion: """
            The cache is $MOJI_HOME/images, else $XDG_CACHE_HOME/moji/images, else \
            ~/.cache/moji/images. --prune removes the images no set or custom emoji references; \
            --max-size removes unreferenced ones, least recently used first, until the cache fits \
            (referenced images are never removed, so it may stay larger). Images written or used in \
            the last --grace seconds (default 3600) are kept either way: a sync running in another \
            process stores its images before the set references them. Exits 74 when the cache \
            cannot be read or changed.
            """)

    @Flag(help: "Remove images no custom emoji references.")
    var prune = false

    @Option(
        name: .customLong("max-size"),
        help: ArgumentHelp("Evict unreferenced images, oldest use first, to fit this size.", valueName: "MB"))
    var maxSize: Double?

    @Option(help: ArgumentHelp("Keep unreferenced images younger than this (default 3600).", valueName: "seconds"))
    var grace: Double?

    @OptionGroup var options: StoreOptions

    func validate() throws {
        if let maxSize, !(maxSize.isFinite && maxSize >= 0 && maxSize <= 1_000_000) {
            throw ValidationError("--max-size must be a number of megabytes from 0 to 1000000.")
        }
        if let grace, !(grace.isFinite && grace >= 0 && grace <= 365 * 86_400) {
            throw ValidationError("--grace must be a number of seconds of 0 or more, at most a year.")
        }
    }

    struct Summary: Encodable {
        var directory: String
        var files: Int
        var bytes: Int
        var removedFiles: Int?
        var removedBytes: Int?
    }

    func run() throws {
        try reportingFailures {
            let cache = ImageCache(
                directory: ImageCache.defaultDirectory(), gracePeriod: grace ?? ImageCache.defaultGracePeriod)
            var removed: ImageCacheSummary?
            if prune || maxSize != nil {
                let store = try options.openStore()
                let referenced = try storeCall { () throws(StoreError) in try store.custom.referencedImageHashes() }
                var total = ImageCacheSummary()
                do {
                    if prune {
                        let pruned = try cache.prune(keeping: referenced)
                        total.files += pruned.files
                        total.bytes += pruned.bytes
                    }
                    if let maxSize {
                        let evicted = try cache.evict(toFit: Int(maxSize * 1_000_000), keeping: referenced)
                        total.files += evicted.files
                        total.bytes += evicted.bytes
                    }
                } catch {
                    throw CommandFailure(message: "the image cache: \(error)", code: .ioFailure)
                }
                removed = total
            }
            let summary: ImageCacheSummary
            do { summary = try cache.summary() } catch {
                throw CommandFailure(message: "the image cache: \(error)", code: .ioFailure)
            }
            let result = Summary(
                directory: cache.directory.path, files: summary.files, bytes: summary.bytes,
                removedFiles: removed?.files, removedBytes: removed?.bytes)
            if options.json { return try printJSON(result) }
            if let removed { print("removed \(removed.files) images, \(SyncProgressBar.size(removed.bytes))") }
            print("\(cache.directory.path)\t\(summary.files) images, \(SyncProgressBar.size(summary.bytes))")
        }
    }
}
