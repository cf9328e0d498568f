import Foundation
import MojiPostgres
import MojiStore
import MojiTestSupport
import PostgresNIO
import Testing

/// What only the PostgreSQL store has: URLs, its migrations, and what it refuses.
@Suite("PostgreSQL store")
struct PostgresStoreTests {
    static let hasServer = PostgresTestCluster.availability.url != nil

    @Test("a postgres:// URL gives host, port, user, password and database; others are refused")
    func databaseURLs() throws {
        let configuration = try PostgresUserDataStore.clientConfiguration(
            url: "postgres://ada:s3cret@db.local:6543/moji")
        #expect(configuration.host == "db.local" && configuration.port == 6543)
        #expect(
            configuration.username == "ada" && configuration.password == "s3cret" && configuration.database == "moji")
        #expect(try PostgresUserDataStore.clientConfiguration(url: "postgresql://ada@db").port == 5432)
        #expect(
            throws: StoreError.invalidDatabaseURL("mysql://ada:…@db/moji", reason: "it must start with postgres://")
        ) {
            try PostgresUserDataStore.clientConfiguration(url: "mysql://ada:pw@db/moji")
        }
        #expect(throws: StoreError.self) { try PostgresUserDataStore.clientConfiguration(url: "postgres://db/moji") }
    }

    @Test("a port past 65535 or a broken percent escape is refused at once, the password still hidden")
    func malformedURLs() throws {
        // Before: both were taken, and the first connection failed after its 5 s timeout.
        for (text, reason) in [
            ("postgres://ada@127.0.0.1:99999/moji", "port 99999"),
            ("postgres://ada:se%ZZcret@127.0.0.1/moji", "has a % that is not"),
            ("postgres://a%G1da@127.0.0.1/moji", "has a % that is not"),
            ("postgres://ada@127.0.0.1/mo%zji", "has a % that is not"),
        ] {
            do {
                _ = try PostgresUserDataStore.clientConfiguration(url: text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.description.contains(reason), "\(error.description)")
                #expect(!error.description.contains("cret"))
            }
        }
        #expect(try PostgresUserDataStore.clientConfiguration(url: "postgres://ada:p%25w@h:65535/d").password == "p%w")
    }

    @Test("a password never shows in an error, whatever it holds; an unknown sslmode is refused")
    func passwordsAndTLSModes() throws {
        // Unencoded / : @ in a password: not a URL, and the message keeps only the user.
        for (text, shown) in [
            ("postgres://moji:se/cret@localhost/db", "postgres://moji:…@localhost/db"),
            ("postgres://moji:a:b/c@localhost/db", "postgres://moji:…@localhost/db"),
            ("moji:pw@localhost/db", "moji:…@localhost/db"),
        ] {
            do {
                _ = try PostgresUserDataStore.clientConfiguration(url: text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.description.contains(shown), "\(error.description)")
                #expect(!error.description.contains("cret") && !error.description.contains("pw@"))
                #expect(!error.description.contains("a:b"))
            }
        }
        #expect(PostgresUserDataStore.redacted("postgres://u:p@s@s@h/d") == "postgres://u:…@h/d")
        #expect(PostgresUserDataStore.redacted("postgres://u@h/d") == "postgres://u@h/d")
        for mode in ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] {
            #expect(throws: Never.self) {
                try PostgresUserDataStore.clientConfiguration(url: "postgres://u@h/d?sslmode=\(mode)")
            }
        }
        #expect(throws: StoreError.self) {
            try PostgresUserDataStore.clientConfiguration(url: "postgres://u@h/d?sslmode=requre")
        }
    }

    @Test("instances starting together apply each migration once", .enabled(if: hasServer))
    func migrationsOnce() async throws {
        let place = try await TestPlace(.postgres)
        async let a = place.open()
        async let b = place.open()
        async let c = place.open()
        _ = try await [a, b, c]
        let versions = try await Self.query(place, "SELECT version::text FROM moji_schema_version ORDER BY version")
        #expect(versions == (1...PostgresSchema.currentVersion).map(String.init))
        await place.remove()
    }

    @Test(
        "a database scored with another decay is refused, saying rescaling is not supported yet",
        .enabled(if: hasServer))
    func otherDecay() async throws {
        let place = try await TestPlace(.postgres)
        _ = try await place.open(decay: 0.9)
        do {
            _ = try await place.open(decay: 0.5)
            Issue.record("opened with another decay")
        } catch let error as StoreError {
            guard error.code == .unsupported, let operation = error.subject else { throw error }
            #expect(operation.contains("rescaling"))
            #expect(error.description.contains("not supported on PostgreSQL database"))
        }
        await place.remove()
    }

    @Test("a user whose row was deleted behind the store's back is created again, not refused", .enabled(if: hasServer))
    func deletedUserRow() async throws {
        let place = try await TestPlace(.postgres)
        let store = try await place.open()
        try await store.recordUse(of: StoreItem(key: "🎉"), for: "ada")
        _ = try await Self.query(place, "DELETE FROM moji_user WHERE user_name = 'ada'")
        // The store still believes ada exists; her next use must not fail on the missing row.
        try await store.recordUse(of: StoreItem(key: "🚀"), for: "ada")
        let recent = try await store.recent(for: "ada", limit: nil)
        #expect(recent.map(\.item.key) == ["🚀"])
        await place.remove()
    }

    @Test(
        "a change that does not move the version (an older Moji, a hand edit) is still seen by a use from memory",
        .enabled(if: hasServer))
    func changeWithoutVersion() async throws {
        let place = try await TestPlace(.postgres)
        let store = try await place.open()
        let party = StoreItem(key: "🎉")
        // The second use is written from what the store remembers of ada.
        try await store.recordUse(of: party, for: "ada")
        try await store.recordUse(of: party, for: "ada")
        // A use as a Moji without versions records it: the clock and the row, version untouched.
        _ = try await Self.query(place, "UPDATE moji_user SET uses = uses + 1 WHERE user_name = 'ada'")
        _ = try await Self.query(
            place,
            "UPDATE moji_usage SET use_count = 3, scored_at = 3, last_use = 3 WHERE user_name = 'ada' AND item = '🎉'")
        let entry = try await store.recordUse(of: party, for: "ada")
        #expect(entry.useCount == 4 && entry.lastUse == 4, "the use wrote over the change it did not see")
        await place.remove()
    }

    @Test(
        "a user row created again never brings back a version an instance remembers with other data",
        .enabled(if: hasServer))
    func recreatedUserRow() async throws {
        let place = try await TestPlace(.postgres)
        let first = try await place.open()
        let second = try await place.open()
        let party = StoreItem(key: "🎉")
        for _ in 0..<3 { try await first.recordUse(of: party, for: "eve") }
        _ = try await Self.query(place, "DELETE FROM moji_user WHERE user_name = 'eve'")
        // As many changes as before, on a row made anew: counted versions would be where the first
        // instance remembers them, with the old 🎉.
        for _ in 0..<3 { try await second.recordUse(of: StoreItem(key: "🚀"), for: "eve") }
        let entry = try await first.recordUse(of: party, for: "eve")
        #expect(entry.useCount == 1 && entry.lastUse == 4)
        await place.remove()
    }

    /// The first column of every row of `sql` on the place's database, as text.
    static func query(_ place: TestPlace, _ sql: String) async throws -> [String] {
        let client = PostgresClient(
            configuration: try TestPlace.configuration(database: place.database),
            backgroundLogger: Logger(label: "moji.tests"))
        return try await withThrowingTaskGroup(of: [String]?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            var values: [String] = []
            let rows = try await client.query(PostgresQuery(unsafeSQL: sql))
            for try await value in rows.decode(String.self) { values.append(value) }
            group.cancelAll()
            return values
        }
    }
}

/// A server that goes away: calls fail with `unavailable` (a 503 for the routes), not hang.
@Suite("PostgreSQL store, server gone")
struct PostgresServerGoneTests {
    @Test(
        "with its server stopped, a call fails as unavailable within the store's timeout",
        .enabled(if: PostgresStoreTests.hasServer), .timeLimit(.minutes(2)))
    func serverStopped() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("script/postgres-test-cluster").path
        let started = try await ChildProcess.run(
            "/bin/bash", [script, "start", "--owner-pid", "\(ProcessInfo.processInfo.processIdentifier)"],
            environment: ProcessInfo.processInfo.environment)
        let printed = String(decoding: started.output, as: UTF8.self).split(separator: "\n")
        let url = try #require(printed.first { $0.hasPrefix("MOJI_TEST_POSTGRES_URL=") }?.split(separator: "=").last)
        let folder = try #require(printed.first { $0.hasPrefix("MOJI_TEST_POSTGRES_DIR=") }?.split(separator: "=").last)
        var configuration = try PostgresUserDataStore.clientConfiguration(url: String(url))
        configuration.tls = .disable
        configuration.options.connectTimeout = .seconds(3)
        // The schema is made first with a generous bound: a fresh cluster on a machine running the
        // whole suite took more than 30 s for it. Then a short bound, to see it end the call;
        // while the server runs, a loaded machine may exceed it now and then, so a use gets a few tries.
        let setUp = try await PostgresUserDataStore(configuration: configuration, timeout: .seconds(120))
        _ = try await setUp.recordUse(of: StoreItem(key: "🎉"), for: "kim")
        await setUp.close()
        var opened: PostgresUserDataStore?
        for _ in 0..<6 where opened == nil {
            guard let store = try? await PostgresUserDataStore(configuration: configuration, timeout: .seconds(5))
            else {
                continue
            }
            if (try? await store.recordUse(of: StoreItem(key: "🎉"), for: "kim")) != nil {
                opened = store
            } else {
                await store.close()
            }
        }
        let store = try #require(opened, "no use recorded in six tries of 5 s while the server ran")
        _ = try await ChildProcess.run(
            "/bin/bash", [script, "stop", String(folder)], environment: ProcessInfo.processInfo.environment)
        do {
            try await store.recordUse(of: StoreItem(key: "🎉"), for: "kim")
            Issue.record("a use was recorded with the server stopped")
        } catch {
            guard error.code == .unavailable else {
                Issue.record("expected unavailable, got \(error)")
                await store.close()
                return
            }
        }
        await store.close()
    }
}
