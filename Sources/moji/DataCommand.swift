import ArgumentParser
import Foundation
import MojiCatalogUpdate
import MojiSync

/// `moji data`: the catalog in use, and fresh catalogs without a release.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Update the emoji catalog without a new Moji release, see which is in use, roll back.",
        discussion: """
            Updated catalogs live in $MOJI_HOME/catalogs, else $XDG_DATA_HOME/moji/catalogs, else \
            ~/.local/share/moji/catalogs. Moji uses the newest valid catalog among the bundled one \
            and the updated one, never one older than the bundled one; MOJI_CATALOG=bundled pins \
            the bundled one. Exits 3 for a published catalog that is damaged or does not load, 5 \
            when another update holds the lock, 74 when the source cannot be fetched or a file \
            cannot be written; the catalog in use is then unchanged.
            """,
        subcommands: [DataStatus.self, DataUpdate.self, DataRollback.self, DataSources.self],
        defaultSubcommand: DataStatus.self
    )
}

/// The exit code and message of a failed update: the same kind of failure as elsewhere in `moji`.
func commandFailure(_ error: CatalogUpdateError) -> CommandFailure {
    let code: ExitCode =
        switch error {
        case .unreachable, .cannotWrite: .ioFailure
        case .unknownManifestFormat, .malformedManifest, .tooLarge, .wrongSize, .wrongHash, .catalogDoesNotLoad,
            .buildFailed:
            .invalidInput
        case .busy: .storeFailure
        case .nothingToRollBackTo: .notFound
        case .noSources: .usage
        }
    return CommandFailure(message: error.description, code: code)
}

/// Runs an update step, turning its error into the command's failure.
func catalogCall<T>(_ body: () async throws(CatalogUpdateError) -> T) async throws -> T {
    do throws(CatalogUpdateError) {
        return try await body()
    } catch {
        throw commandFailure(error)
    }
}
