import Foundation
import Logging
import MojiStore
import MojiSync
import ServiceLifecycle

/// Keeps the custom sets current while the server runs: a service of the server's ServiceGroup
/// that syncs the sets that are due at start and then every check interval.
///
/// The rules are MojiSync's, as for `moji pick`'s background refresh
/// (``/MojiSync/CustomSetSync/refreshDueSets(at:)``): only sets past their refresh interval and not
/// held off by `Retry-After` or a failure backoff, each under its sync lock, so another process
/// syncing a set is left to it. With a shared database (PostgreSQL), the sets and their locks are
/// the database's (``/MojiSync/SharedCustomSetSync/refreshDueSets(at:)``): of all instances, one
/// syncs a due set and publishes it for the others. A failure is logged to standard error and the
/// server keeps serving; graceful shutdown cancels a sync in flight, which leaves its set as it
/// was (a set is replaced in one transaction).
struct CustomSetRefresher: Service {
    let refreshDueSets: @Sendable () async -> [String: Result<SyncReport, SyncError>]
    let interval: Duration
    /// What times the waits between checks.
    let clock: any Clock<Duration>
    let metrics: ServerMetrics?
    let logger: Logger

    init(sync: CustomSetSync, interval: Duration, metrics: ServerMetrics? = nil, logger: Logger) {
        refreshDueSets = { await sync.refreshDueSets() }
        self.interval = interval
        clock = sync.clock
        self.metrics = metrics
        self.logger = logger
    }

    init(shared: SharedCustomSetSync, interval: Duration, metrics: ServerMetrics? = nil, logger: Logger) {
        refreshDueSets = { await shared.refreshDueSets() }
        self.interval = interval
        clock = shared.clock
        self.metrics = metrics
        self.logger = logger
    }

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let refresh = refreshDueSets
            let results = await cancelWhenGracefulShutdown { await refresh() }
            for (name, result) in results.sorted(by: { $0.key < $1.key }) {
                if case .success = result { metrics?.recordSync(succeeded: true) }
                if case .failure(let error) = result {
                    metrics?.recordSync(succeeded: false)
                    logger.warning("moji serve: the custom set \(name) could not be refreshed: \(error)")
                }
            }
            do {
                let (interval, clock) = (self.interval, self.clock)
                try await cancelWhenGracefulShutdown { try await clock.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

}
