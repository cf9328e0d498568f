import Foundation
import Moji

/// Whichever of a call's work and its deadline ends first: its result is the answer, and the
/// work is cancelled.
final class FirstOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
        var work: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Waits with `continuation`; answers at once if the outcome is known (a caller cancelled already).
    func start(_ continuation: CheckedContinuation<T, any Error>) {
        let known = state.withLock { state -> Result<T, any Error>? in
            if state.result == nil { state.continuation = continuation }
            return state.result
        }
        if let known { continuation.resume(with: known) }
    }

    /// Keeps the work to cancel once there is an answer (at once, if there is one already).
    func own(_ work: Task<Void, Never>) {
        let finished = state.withLock { state in
            state.work = work
            return state.result != nil
        }
        if finished { work.cancel() }
    }

    /// Answers with `result` unless there is an answer already.
    func finish(_ result: Result<T, any Error>) {
        let (continuation, work) = state.withLock {
            state -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?) in
            guard state.result == nil else { return (nil, nil) }
            state.result = result
            defer { state.continuation = nil }
            return (state.continuation, state.work)
        }
        work?.cancel()
        continuation?.resume(with: result)
    }
}
