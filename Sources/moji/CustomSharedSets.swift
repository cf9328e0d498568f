import Foundation
import MojiPostgres
import MojiStore
import MojiSync

extension StoreOptions {
    /// The PostgreSQL database whose custom sets `moji custom add|sync|remove|sets` work on: a
    /// `postgres://` URL in `--database`, else in `MOJI_DATABASE_URL`, as `moji serve` takes it;
    /// nil for the SQLite store.
    func sharedDatabaseURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if case .postgres(let url) = ServeDatabase(option: database, environment: environment) { return url }
        return nil
    }
}

/// Connects to the PostgreSQL database at `url`, runs `body` with the sync engine for its shared
/// custom sets (images into this environment's cache) and closes the connection.
func withSharedCustomSets<T: Sendable>(
    url: String, progressBar: SyncProgressBar? = nil,
    _ body: @Sendable (SharedCustomSetSync) async throws -> T
) async throws -> T {
    var progress: (@Sendable (SyncProgress) -> Void)?
    if let progressBar { progress = { progressBar.update($0) } }
    let postgres = try await ServeDatabase.openPostgres(url: url, connections: 2, timeout: 10)
    let sync = SharedCustomSetSync(
        shared: postgres, cache: ImageCache(directory: ImageCache.defaultDirectory()), progress: progress)
    do {
        let result = try await body(sync)
        await postgres.close()
        return result
    } catch let error as StoreError {
        await postgres.close()
        throw CommandFailure(storeError: error)
    } catch {
        await postgres.close()
        throw error
    }
}

extension CommandFailure {
    /// The failure ``storeCall(_:)`` makes of `error`: the same exit code as everywhere.
    init(storeError error: StoreError) {
        do {
            try storeCall { () throws(StoreError) in throw error }
            self.init(message: error.description, code: .storeFailure)
        } catch let failure as CommandFailure {
            self = failure
        } catch {
            self.init(message: "\(error)", code: .storeFailure)
        }
    }
}

/// What `--database` says in the help of the custom set commands that take PostgreSQL.
let sharedCustomSetsHelp =
    " With a postgres:// URL in --database or $MOJI_DATABASE_URL, works on the custom sets that the "
    + "`moji serve --database postgres://…` instances share: they mirror the change within seconds, "
    + "and each fetches the images into its own cache."
