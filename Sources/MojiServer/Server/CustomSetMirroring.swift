import Foundation
import Logging
import Moji
import MojiStore
import MojiSync
import ServiceLifecycle

/// Mirrors the custom sets of a shared database (PostgreSQL) into the server's store while it
/// runs: a service of the server's ServiceGroup that asks for the database's version every
/// `interval` (2 s by default) and replaces the store's sets when it moved. Everything that
/// serves custom emoji reads the store and follows its change versions, so `/v1/custom`, search
/// and `:code:` text follow within about one interval. Images the instance's cache lacks are
/// fetched beside it (``/MojiSync/CustomSetMirror/fetchMissingImages(at:)``).
///
/// While the database does not answer, the store keeps the sets it mirrored last: the server
/// says so once on standard error, retries every interval, and says when it mirrors again.
struct CustomSetMirroring: Service {
    let mirror: CustomSetMirror
    let interval: Duration
    /// What times the waits between updates.
    let clock: any Clock<Duration>
    let logger: Logger
    /// Ends when the server's first mirror, before it listens, is done: the service starts then.
    var startsAfter: AsyncStream<Void>?

    func run() async throws {
        if let startsAfter {
            await cancelWhenGracefulShutdown {
                for await _ in startsAfter {}
            }
        }
        var failing = false
        // The start mirrored once already; its images are fetched first.
        var needsImages = true
        var images: Task<Void, Never>?
        let imagesDone = Locked(true)
        defer { images?.cancel() }
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let mirror = self.mirror
            let outcome = await cancelWhenGracefulShutdown { () async -> Result<Bool, StoreError> in
                do throws(StoreError) { return .success(try await mirror.update()) } catch { return .failure(error) }
            }
            if case .success(true) = outcome { needsImages = true }
            // Beside the mirror, so slow image servers never delay the next change; while a run
            // is under way, the next starts once it is done.
            if needsImages, imagesDone.withLock({ $0 }) {
                imagesDone.withLock { $0 = false }
                images = Task {
                    await mirror.fetchMissingImages()
                    imagesDone.withLock { $0 = true }
                }
                needsImages = false
            }
            switch outcome {
            case .failure(let error):
                if !failing {
                    let message =
                        "moji serve: the custom sets cannot be mirrored from \(mirror.shared.databaseName); "
                        + "serving the ones mirrored last, retrying every \(interval): \(error)"
                    logger.warning("\(message)")
                }
                failing = true
            case .success:
                if failing { logger.notice("moji serve: the custom sets are mirrored again.") }
                failing = false
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
