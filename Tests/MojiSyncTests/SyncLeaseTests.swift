import Foundation
import Moji
import MojiStore
import MojiTestSupport
import Testing

@testable import MojiSync

/// The renewal loop of a sync's claim, on a clock the test moves: no test here waits in real time
/// for a renewal.
@Suite("sync lease")
struct SyncLeaseTests {
    /// What a lease's renewals were answered with, and how many were asked.
    final class Renewals: Sendable {
        let answers = Locked<[Result<Bool, StoreError>]>([])
        let asked = Locked(0)

        /// The next renewal's answer (true when none is queued).
        func next() throws(StoreError) -> Bool {
            asked.withLock { $0 += 1 }
            let answer = answers.withLock { $0.isEmpty ? Result.success(true) : $0.removeFirst() }
            return try answer.get()
        }
    }

    @Test("a lease renews every third of its duration, and not before")
    func cadence() async throws {
        let clock = ManualClock()
        let renewals = Renewals()
        let lease = SyncLease(name: "forum", duration: 60, clock: clock) { () throws(StoreError) in
            try renewals.next()
        }
        defer { lease.end() }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(19))
        #expect(renewals.asked.withLock { $0 } == 0)
        clock.advance(by: .seconds(1))
        #expect(await clock.waitForSleepers(1))
        #expect(renewals.asked.withLock { $0 } == 1)
        clock.advance(by: .seconds(20))
        #expect(await clock.waitForSleepers(1))
        #expect(renewals.asked.withLock { $0 } == 2)
        try await lease.confirm()
        #expect(renewals.asked.withLock { $0 } == 3, "confirm asks the store once more")
    }

    @Test("a renewal that finds another owner loses the lease: renewals stop and confirm throws")
    func lost() async throws {
        let clock = ManualClock()
        let renewals = Renewals()
        renewals.answers.withLock { $0 = [.success(false)] }
        let lease = SyncLease(name: "forum", duration: 30, clock: clock) { () throws(StoreError) in
            try renewals.next()
        }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(10))
        // The loop ends instead of sleeping again.
        for _ in 0..<1000 where renewals.asked.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(20))
        #expect(clock.sleeperCount == 0)
        await #expect(throws: SyncError.leaseLost("forum")) { try await lease.confirm() }
        #expect(renewals.asked.withLock { $0 } == 1, "a lost lease is not asked about again")
    }

    @Test("a store that cannot answer a renewal keeps the lease, and is asked again at the next turn")
    func storeFailure() async throws {
        let clock = ManualClock()
        let renewals = Renewals()
        renewals.answers.withLock { $0 = [.failure(.unavailable(database: "test", reason: "down"))] }
        let lease = SyncLease(name: "forum", duration: 30, clock: clock) { () throws(StoreError) in
            try renewals.next()
        }
        defer { lease.end() }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(10))
        #expect(await clock.waitForSleepers(1), "it sleeps until the next turn")
        #expect(renewals.asked.withLock { $0 } == 1)
        clock.advance(by: .seconds(10))
        #expect(await clock.waitForSleepers(1))
        #expect(renewals.asked.withLock { $0 } == 2)
        try await lease.confirm()
    }

    @Test("ending a lease stops its renewals at once")
    func end() async throws {
        let clock = ManualClock()
        let renewals = Renewals()
        let lease = SyncLease(name: "forum", duration: 30, clock: clock) { () throws(StoreError) in
            try renewals.next()
        }
        #expect(await clock.waitForSleepers(1))
        lease.end()
        for _ in 0..<1000 where clock.sleeperCount > 0 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(60))
        try await Task.sleep(for: .milliseconds(20))
        #expect(renewals.asked.withLock { $0 } == 0)
    }
}
