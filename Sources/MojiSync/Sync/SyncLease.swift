import Foundation
import Moji
import MojiStore

/// A process's claim on syncing one set, renewed while the sync runs: one loop for the local
/// store (``CustomSetSync``) and the shared one (``SharedCustomSetSync``).
///
/// The claim is short (``SyncOptions/lockDuration``) so that one left by a process that died
/// runs out soon. A process that stalls longer than that (suspended, swapped out) can find on
/// waking that another process took the set: its renewal then finds the claim held by that owner.
/// From then on the lease is lost, and ``confirm()``, which a sync calls just before it writes,
/// throws, so the stalled sync writes nothing over the other's work.
final class SyncLease: Sendable {
    /// Claims the set again for this owner: true while it still holds the claim (or takes it back
    /// unopposed), false when another owner holds it; throws when the store cannot say.
    typealias Renew = @Sendable () async throws(StoreError) -> Bool

    private let name: String
    private let renew: Renew
    private let lost = Locked(false)
    private let renewal: Task<Void, Never>

    /// Starts renewing a claim just taken on `name`, every third of `duration` seconds of
    /// `clock`.
    init(
        name: String, duration: TimeInterval, clock: any Clock<Duration> = ContinuousClock(),
        renew: @escaping Renew
    ) {
        self.name = name
        self.renew = renew
        let lost = lost
        let interval = Duration.seconds(max(duration, 0.03) / 3)
        renewal = Task {
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { break }
                guard !Task.isCancelled else { break }
                // A store that cannot answer now is asked again at the next turn; only an answer
                // naming another owner loses the lease.
                if (try? await renew()) == false {
                    lost.withLock { $0 = true }
                    break
                }
            }
        }
    }

    deinit { renewal.cancel() }

    /// Throws ``SyncError/leaseLost(_:)`` unless this process still holds the claim, asking the
    /// store once more: call it right before writing what the sync found.
    func confirm() async throws(SyncError) {
        if lost.withLock({ $0 }) { throw .leaseLost(name) }
        let held: Bool
        do { held = try await renew() } catch { throw .store(error) }
        guard held else {
            lost.withLock { $0 = true }
            throw .leaseLost(name)
        }
    }

    /// Stops renewing (the sync is over; releasing the claim is the caller's).
    func end() { renewal.cancel() }
}
