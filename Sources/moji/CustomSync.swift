import ArgumentParser
import Foundation
import MojiStore
import MojiSync

struct CustomSync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync one custom emoji set with its source now, or every set.",
        discussion: """
            Fetches the listing and the images conditionally (a sync where nothing changed downloads \
            no image bytes) and replaces the set in one transaction; a sync that fails leaves the set \
            and its images as they were. While the listing is unchanged, images the server confirmed \
            in the last hour are not asked for again. A listing that lacks more than half of the set \
            is refused (exit 3) unless --force, which also fetches the listing unconditionally and \
            checks every image. Without a name, \
            syncs every set in turn and exits with the code of the first failure; --json prints an \
            array of reports then, one report object for a named set. Images that fail are listed \
            and exit 0. Exits 1 for an unknown set, 74 when the source cannot be fetched, 5 when \
            another process is syncing the set.
            """ + sharedCustomSetsHelp
    )

    @Argument(help: "The set's name (default: every set).")
    var name: String?

    @Flag(help: "Accept a listing that loses more than half of the set; fetch it again and check every image.")
    var force = false

    @Flag(name: .customLong("dry-run"), help: "Report what would change; download and write nothing.")
    var dryRun = false

    @OptionGroup var options: StoreOptions

    func run() async throws {
        try await reportingFailuresAsync {
            let sharedURL = options.sharedDatabaseURL()
            let store = sharedURL == nil ? try options.openStore() : nil
            let names: [String]
            if let name {
                names = [name]
            } else if let store {
                names = try storeCall { () throws(StoreError) in try store.custom.sets() }.map(\.name)
            } else {
                names = try await withSharedCustomSets(url: sharedURL ?? "") { sync in
                    try await sync.shared.customSetContents().contents.map(\.set.name)
                }
            }
            var reports: [SyncReport] = []
            var firstFailure: CommandFailure?
            for setName in names {
                let bar = dryRun ? nil : SyncProgressBar.forTerminal()
                let result: Result<SyncReport, SyncError>
                if let store {
                    let sync = makeSync(store, progressBar: bar)
                    do throws(SyncError) {
                        result = .success(try await sync.sync(named: setName, force: force, dryRun: dryRun))
                    } catch {
                        result = .failure(error)
                    }
                } else {
                    result = try await withSharedCustomSets(url: sharedURL ?? "", progressBar: bar) {
                        [force, dryRun] sync in
                        do throws(SyncError) {
                            return .success(try await sync.sync(named: setName, force: force, dryRun: dryRun))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                bar?.clear()
                switch result {
                case .success(let report):
                    reports.append(report)
                    if !options.json { printReport(report) }
                case .failure(let error):
                    let failure = commandFailure(error)
                    // A named set fails alone; of several, the others are still synced.
                    if name != nil { throw failure }
                    printError(failure.message)
                    if firstFailure == nil { firstFailure = failure }
                }
            }
            if options.json {
                if name != nil, let report = reports.first { try printJSON(report) } else { try printJSON(reports) }
            } else if names.isEmpty {
                print("no custom sets; `moji custom add` adds one.")
            }
            if let firstFailure { throw ExitCode(firstFailure.code.rawValue) }
        }
    }
}
