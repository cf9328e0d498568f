import Foundation
import Logging
import Moji
import MojiStore
import MojiTestSupport
import PostgresNIO
import Testing

@testable import MojiPostgres

/// The reason a call that timed out gives when no connection could be made. The pool says why an
/// attempt failed only in its "Connection creation failed" log line, which
/// ``ConnectionFailureRecorder`` reads: the first test pins that line on a real server, so an
/// update of PostgresNIO that words it otherwise fails here; the second checks what a call tells
/// its caller, without the timing of a real failure.
@Suite("PostgreSQL store, why a connection failed")
struct ConnectionFailureTests {
    @Test(
        "the pool's log line of a failed connection attempt gives the recorder its reason (pinned)",
        .enabled(if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired))
    func recorderReadsThePoolsLine() async throws {
        let lastFailure = Locked<(reason: String, at: ContinuousClock.Instant)?>(nil)
        var logger = Logger(label: "moji.tests")
        logger.logLevel = .error
        logger.handler = ConnectionFailureRecorder(inner: logger.handler, lastFailure: lastFailure)
        // A database the server does not have: every attempt fails at start-up.
        let client = PostgresClient(
            configuration: try TestPlace.configuration(database: "moji_no_such_database"), backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            // A query makes the pool try to connect.
            group.addTask { _ = try? await client.query("SELECT 1") }
            // No deadline of a call here: in a full test run on two cores this took 104 s once.
            let start = ContinuousClock.now
            while lastFailure.withLock({ $0 }) == nil, ContinuousClock.now - start < .seconds(600) {
                try await Task.sleep(for: .milliseconds(20))
            }
            group.cancelAll()
        }
        let failure = try #require(lastFailure.withLock { $0 }, "no failed connection attempt was recorded")
        #expect(failure.reason.contains("moji_no_such_database"), "\(failure.reason)")
    }

    @Test(
        "a call that times out says why the last recent connection attempt failed, and its work never starts late",
        .enabled(if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired))
    func timeoutTellsTheReason() async throws {
        let place = try await TestPlace(.postgres)
        do {
            // No group ever runs this store's pool: every call waits for it until its deadline.
            let store = try await PostgresUserDataStore(
                configuration: try TestPlace.configuration(database: place.database), timeout: .seconds(60),
                runner: .serviceGroup)
            let started = Locked(false)
            let reason = #"FATAL: password authentication failed for user "moji""#
            for (age, told) in [(Duration.zero, true), (.seconds(30), false)] {
                store.lastConnectionFailure.withLock { $0 = (reason: reason, at: .now - age) }
                do {
                    _ = try await store.bounded(within: .milliseconds(200)) {
                        started.withLock { $0 = true }
                        return 1
                    }
                    Issue.record("a call on a pool that never runs answered")
                } catch let error as StoreError {
                    #expect(error.code == .unavailable)
                    #expect(error.description.contains("no answer within"), "\(error)")
                    // A failure older than a few timeouts may not be why this call failed.
                    #expect(
                        error.description.contains("the last connection attempt failed: \(reason)") == told, "\(error)")
                }
            }
            // Cancelled at its deadline while it waited for the pool, the work does not start after.
            try await Task.sleep(for: .milliseconds(300))
            #expect(!started.withLock { $0 })
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }
}
