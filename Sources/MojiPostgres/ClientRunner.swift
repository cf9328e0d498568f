import Foundation
import Moji

extension PostgresUserDataStore {
    /// Who runs a store's connection pool (a `PostgresClient`, which serves no query until it
    /// runs).
    public enum ClientRunner: Sendable, Equatable {
        /// The store, in a task of its own, from its start to ``PostgresUserDataStore/close()``:
        /// for a command, a script or a test.
        case store
        /// A service group that runs the store as a `Service` with the server it serves, starting
        /// its pool with the server and stopping it last: `moji serve`. Calls made before the group
        /// runs it wait for it, within their deadline.
        case serviceGroup
    }
}

/// A gate that opens once: ``wait()`` returns at once after ``open()``, and before it waits for
/// it or for its task's cancellation.
final class OneShotGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    /// Opens the gate and lets every waiter go.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open, or at once when the task is cancelled (the caller's
    /// deadline passed: what it waited for is no longer wanted).
    func wait() async {
        let id = state.withLock { state -> Int? in
            guard !state.isOpen else { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
