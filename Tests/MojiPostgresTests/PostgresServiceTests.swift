import Foundation
import Logging
import MojiPostgres
import MojiStore
import MojiTestSupport
import ServiceLifecycle
import Testing

/// A store whose connection pool a service group runs (``PostgresUserDataStore/ClientRunner/serviceGroup``,
/// as `moji serve` does): it migrates on a connection of its own at start, its calls wait for the
/// group, and the pool stops with the group.
@Suite("PostgreSQL store run by a service group")
struct PostgresServiceTests {
    @Test(
        "calls wait for the group to run the pool, answer while it runs, and fail once it stopped",
        .enabled(if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired))
    func runByServiceGroup() async throws {
        let place = try await TestPlace(.postgres)
        do {
            let store = try await PostgresUserDataStore(
                configuration: try TestPlace.configuration(database: place.database), timeout: .seconds(60),
                runner: .serviceGroup)
            #expect(store.runner == .serviceGroup)
            // Migrated already: the schema is there before any group runs the pool.
            #expect(
                try await PostgresStoreTests.query(place, "SELECT key FROM moji_meta WHERE key = 'decay'") == ["decay"])

            // A call made before the group runs the pool waits for it, then answers.
            let early = Task { try await store.recordUse(of: StoreItem(key: "🎉"), for: "ada") }
            try await Task.sleep(for: .milliseconds(300))
            let group = ServiceGroup(
                configuration: ServiceGroupConfiguration(services: [store], logger: Logger(label: "moji.tests")))
            let running = Task { try await group.run() }
            #expect(try await early.value.useCount == 1)
            #expect(try await store.frequent(for: "ada", limit: nil).first?.item.key == "🎉")

            // The pool runs once: a second run returns at once.
            try await store.run()

            // Stopped with the group: later calls fail.
            await group.triggerGracefulShutdown()
            try await running.value
            await #expect(throws: StoreError.self) { try await store.frequent(for: "ada", limit: nil) }
            // A store no group runs fails its calls at their deadline: ConnectionFailureTests (with a
            // short limit on one call, which opening such a store on a loaded machine may outlast).
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }
}
