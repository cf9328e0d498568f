import Foundation

/// A clock that moves only when a test advances it: code given it sleeps until ``advance(by:)``
/// passes its deadline, so a test of renewals, retries or expiries takes no real time and does
/// not depend on how loaded the machine is.
///
/// ```swift
/// let clock = ManualClock()
/// let lease = SyncLease(name: "forum", duration: 60, clock: clock) { … }
/// await clock.waitForSleepers(1)   // the lease sleeps until its first renewal
/// clock.advance(by: .seconds(20))  // and renews now
/// ```
public final class ManualClock: Clock, @unchecked Sendable {
    /// A point of the clock's time: how far it has been advanced.
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    // Guarded by `lock` (hence @unchecked Sendable).
    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var cancelled: Set<UInt64> = []
    private var nextID: UInt64 = 0

    public init() {}

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }

    /// How many sleeps wait for the clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case wait, wake, cancel }
                let outcome = lock.withLock { () -> Outcome in
                    if cancelled.remove(id) != nil { return .cancel }
                    if deadline <= current { return .wake }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .wait
                }
                switch outcome {
                case .wait: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
                    // Not waiting yet: the sleep sees this when it starts to.
                    cancelled.insert(id)
                    return nil
                }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration` and wakes every sleep whose deadline it reaches.
    public func advance(by duration: Duration) {
        let due = lock.withLock { () -> [Sleeper] in
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (in real time, a millisecond at a time, for at most `seconds`) until `count` sleeps
    /// wait for the clock; false when they never did.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, seconds: Double = 30) async -> Bool {
        let start = ContinuousClock.now
        while sleeperCount < count {
            if ContinuousClock.now - start > .seconds(seconds) { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
