import Foundation
import Moji

/// The deadlines of a store's calls under way, watched by one task that sleeps until the earliest.
///
/// A call that must answer within its timeout needs something to end it when the database does
/// not. A timer task per call cost more than the call's own work on a busy server (a task to
/// start, a timer to arm, a wake-up to cancel it); here a call only adds and removes an entry.
/// The watch wakes at the earliest deadline, or after ``longestWait`` to see the entries added
/// meanwhile, so a deadline is noticed at most a few milliseconds late, or up to ``longestWait``
/// late for one closer than that when it was added; an idle store wakes four times a second.
final class CallDeadlines: Sendable {
    /// The longest the watch sleeps without looking at the entries again.
    static let longestWait: Duration = .milliseconds(250)

    private struct Entry {
        var deadline: ContinuousClock.Instant
        var expire: @Sendable () -> Void
    }

    private let state = Locked<(next: UInt64, entries: [UInt64: Entry])>((0, [:]))
    private let watch: Task<Void, Never>

    init() {
        let state = state
        watch = Task.detached {
            while !Task.isCancelled {
                let now = ContinuousClock.now
                let (expired, earliest) = state.withLock { state in
                    let due = state.entries.filter { $0.value.deadline <= now }
                    for key in due.keys { state.entries.removeValue(forKey: key) }
                    return (due.values.map(\.expire), state.entries.values.map(\.deadline).min())
                }
                for expire in expired { expire() }
                let wake = min(earliest ?? now + Self.longestWait, now + Self.longestWait)
                try? await Task.sleep(until: max(wake, now + .milliseconds(1)), clock: .continuous)
            }
        }
    }

    deinit { watch.cancel() }

    /// Calls `expire` once `deadline` has passed, unless ``remove(_:)`` comes first.
    func add(at deadline: ContinuousClock.Instant, expire: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            state.next += 1
            state.entries[state.next] = Entry(deadline: deadline, expire: expire)
            return state.next
        }
    }

    /// Forgets a deadline: its call has answered.
    func remove(_ key: UInt64) {
        state.withLock { _ = $0.entries.removeValue(forKey: key) }
    }

    /// Stops the watch (the store is closing); deadlines left are not watched any more.
    func stop() { watch.cancel() }
}

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
