import Foundation
import MojiStore
import MojiSync
import ServiceLifecycle

/// Keeps the store's custom sets current while the server runs: a service of the server's
/// ServiceGroup that syncs the sets that are due at start and then every check interval.
///
/// The rules are MojiSync's, as for `moji pick`'s background refresh
/// (``/MojiSync/CustomSetSync/refreshDueSets(at:)``): only sets past their refresh interval and not
/// held off by `Retry-After` or a failure backoff, each under the store's sync lock, so another
/// `moji` process syncing a set is left to it. A failure is logged to standard error and the
/// server keeps serving; graceful shutdown cancels a sync in flight, which leaves its set as it
/// was (a set is replaced in one transaction).
struct CustomSetRefresher: Service {
    let sync: CustomSetSync
    let interval: Duration

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let sync = self.sync
            let results = await cancelWhenGracefulShutdown { await sync.refreshDueSets() }
            for (name, result) in results.sorted(by: { $0.key < $1.key }) {
                if case .failure(let error) = result {
                    Self.log("moji serve: the custom set \(name) could not be refreshed: \(error)")
                }
            }
            do {
                let interval = self.interval
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

    private static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
