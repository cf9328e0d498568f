import ArgumentParser
import Foundation
import Moji
import MojiStore
import MojiSync

struct Custom: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "custom",
        abstract: "Import custom emoji sets (forums, Mastodon, Slack, packs, folders) and keep them in sync.",
        discussion: """
            A set is imported by `moji custom add`, refreshed by `moji custom sync` (and by `moji pick` \
            when it is older than its interval; MOJI_NO_REFRESH=1 turns that off), and removed by \
            `moji custom remove`. Images are kept in $MOJI_HOME/images, else $XDG_CACHE_HOME/moji/images, \
            else ~/.cache/moji/images (`moji custom cache`). Exit codes of add and sync: 1 unknown set \
            or code, 3 a source that is not a usable listing or that lost more than half of the set \
            (`--force` accepts it), 5 the store, 64 the command line (a bad name or source, a set \
            that exists), 74 a source that cannot be fetched. Images that fail leave only their code \
            out (or keep its previous image): the set is imported, the command exits 0 and lists them.
            """,
        subcommands: [
            CustomAdd.self, CustomSync.self, CustomList.self, CustomShow.self, CustomRemove.self, CustomSets.self,
            CustomCache.self,
        ]
    )
}

/// The sync engine for the store these options open, with the image cache of this environment
/// and a progress bar on standard error when it is a terminal.
func makeSync(_ store: EmojiStore, progressBar: SyncProgressBar?) -> CustomSetSync {
    var progress: (@Sendable (SyncProgress) -> Void)?
    if let progressBar { progress = { progressBar.update($0) } }
    return CustomSetSync(
        store: store, cache: ImageCache(directory: ImageCache.defaultDirectory()), progress: progress)
}

/// The failure a ``SyncError`` exits with: unknown set 1, an unusable or suspicious listing 3
/// (`--force` accepts a set that loses more than half), another process syncing (or taking over
/// a stalled sync) or the store 5,
/// a set that exists 64, a source that cannot be fetched 74.
func commandFailure(_ error: SyncError) -> CommandFailure {
    switch error {
    case .unknownSet: CommandFailure(message: error.description, code: .notFound)
    case .setExists: CommandFailure(message: error.description, code: .usage)
    case .listing: CommandFailure(message: error.description, code: .ioFailure)
    case .source, .tooManyVanishing: CommandFailure(message: error.description, code: .invalidInput)
    case .busy, .leaseLost: CommandFailure(message: error.description, code: .storeFailure)
    case .store(let storeError): storeFailure(storeError)
    }
}

/// The failure ``storeCall(_:)`` makes of a store error, so its exit code is the same everywhere.
private func storeFailure(_ error: StoreError) -> CommandFailure {
    do {
        try storeCall { () throws(StoreError) in throw error }
    } catch let failure as CommandFailure {
        return failure
    } catch {}
    return CommandFailure(message: error.description, code: .storeFailure)
}

/// Prints a sync report: a summary line on standard output, then each failed image and skipped
/// entry on standard error (as warnings: the set was imported all the same).
func printReport(_ report: SyncReport) {
    let verb = report.dryRun ? "would add" : "added"
    let head = report.dryRun ? "\(report.set) (dry run)" : report.set
    print(
        "\(head): \(verb) \(report.added.count), removed \(report.removed.count), changed \(report.changed.count), "
            + "unchanged \(report.unchanged), failed \(report.failed.count), skipped \(report.skipped.count); "
            + "\(report.imageRequests) image requests, \(report.imageBytes) bytes")
    for failure in report.failed { printError("\(report.set): image failed: \(failure)") }
    for skipped in report.skipped { printError("\(report.set): skipped \(skipped.entry): \(skipped.reason)") }
}

/// An ISO 8601 date for the listings, or "never".
func isoDate(_ date: Date?) -> String? {
    date.map { ISO8601DateFormatter().string(from: $0) }
}
