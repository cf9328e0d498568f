import Foundation
import MojiStore
import MojiTestSupport
import Testing
import _ConnectionPoolModule

@testable import MojiPostgres

/// A call's deadline (a task scheduled on NIO's event loops) and the mapping of the pool's own
/// errors, which comes from an underscored product of PostgresNIO: these tests pin what the
/// mapping relies on, so an update of PostgresNIO that changes it fails here.
@Suite("PostgreSQL store, deadlines and pool errors")
struct PostgresDeadlineTests {
    @Test(
        "a call that outlasts its limit ends at the limit as unavailable; one in time gets its answer",
        .enabled(if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired))
    func deadline() async throws {
        let place = try await TestPlace(.postgres)
        do {
            let store = try #require(try await place.open() as? PostgresUserDataStore)
            let start = ContinuousClock.now
            do {
                _ = try await store.bounded(within: .milliseconds(200)) {
                    try await Task.sleep(for: .seconds(30))
                    return 1
                }
                Issue.record("a call past its limit answered")
            } catch let error as StoreError {
                #expect(error.code == .unavailable)
                #expect(error.description.contains("no answer within"), "\(error)")
            }
            // Well under the 30 s the work would take; wide for a loaded machine.
            #expect(ContinuousClock.now - start < .seconds(20))
            // A call that answers in time gets its answer (a wide limit: in a loaded test run the
            // work may wait a while for a thread).
            #expect(try await store.bounded(within: .seconds(60)) { 7 } == 7)
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }

    @Test(
        "the pool's errors are unavailable, saying why",
        .enabled(if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired))
    func poolErrors() async throws {
        let place = try await TestPlace(.postgres)
        do {
            let store = try #require(try await place.open() as? PostgresUserDataStore)
            let cases: [(ConnectionPoolError, String)] = [
                (.connectionCreationCircuitBreakerTripped, "no connection could be made"),
                (.poolShutdown, "the store is closed"), (.requestCancelled, "cancelled"),
            ]
            for (poolError, reason) in cases {
                let error = store.storeError(poolError)
                #expect(error.code == .unavailable, "\(poolError)")
                #expect(error.description.contains(reason), "\(error)")
            }
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }
}
