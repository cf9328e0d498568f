import Foundation
import Moji
import MojiPostgres
import MojiStore
import MojiTestSupport
import PostgresNIO
import Testing

/// The implementations the conformance suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// SQLite always; PostgreSQL when a server is there (``PostgresTestCluster`` says why not, on
    /// standard error and in the skipped test "a PostgreSQL server runs for the conformance suite").
    static let testable: [StoreKind] = PostgresTestCluster.availability.url == nil ? [.sqlite] : [.sqlite, .postgres]
}

/// A fresh, empty place for one test: a temporary folder for SQLite, a database of its own on the
/// PostgreSQL server (so tests that list every token do not see each other's). Open stores on it
/// with ``open(decay:)``; ``remove()`` closes them and removes the place.
final class TestPlace: Sendable {
    let kind: StoreKind
    let folder: URL
    let database: String
    private let stores = Locked<[any UserDataStore]>([])

    init(_ kind: StoreKind) async throws {
        self.kind = kind
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moji-conformance-\(UUID().uuidString)", isDirectory: true)
        database = "moji_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if kind == .postgres { try await Self.admin("CREATE DATABASE \(database)") }
    }

    /// A store on this place; two calls give two instances, as two servers would have.
    func open(decay: Double? = nil, learnedPickLimit: Int? = nil) async throws -> any UserDataStore {
        var configuration = StoreConfiguration()
        if let decay { configuration.decay = decay }
        if let learnedPickLimit { configuration.learnedPickLimit = learnedPickLimit }
        let store: any UserDataStore
        switch kind {
        case .sqlite:
            let mainURL = folder.appendingPathComponent(StoreLocation.fileName)
            let main = Result { () throws(StoreError) in try EmojiStore(url: mainURL, configuration: configuration) }
            store = SQLiteUserDataStore(mainStore: main, mainStoreURL: mainURL, configuration: configuration)
        case .postgres:
            // A long bound: the whole suite runs hundreds of tests on two cores, some blocking
            // threads for seconds, and the pool's run task shares the cooperative pool with them.
            store = try await PostgresUserDataStore(
                configuration: try Self.configuration(database: database), storeConfiguration: configuration,
                timeout: .seconds(120))
        }
        stores.withLock { $0.append(store) }
        return store
    }

    /// A reference SQLite store at a file of its own, for what the same calls give on one EmojiStore.
    func reference(_ name: String = "reference", configuration: StoreConfiguration = StoreConfiguration()) throws
        -> EmojiStore
    {
        try EmojiStore(url: folder.appendingPathComponent("\(name).sqlite"), configuration: configuration)
    }

    func remove() async {
        for store in stores.withLock({ $0 }) { await store.close() }
        try? FileManager.default.removeItem(at: folder)
        if kind == .postgres { try? await Self.admin("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }
    }

    static func configuration(database: String) throws -> PostgresClient.Configuration {
        guard let url = PostgresTestCluster.availability.url else {
            throw PostgresTestFailure.noServer(PostgresTestCluster.availability.reason)
        }
        var configuration = try PostgresUserDataStore.clientConfiguration(url: url)
        configuration.database = database
        configuration.tls = .disable
        return configuration
    }

    /// Runs one statement on the server's `moji` database (CREATE/DROP DATABASE cannot run in a transaction).
    private static func admin(_ sql: String) async throws {
        let client = try configuration(database: "moji")
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: client.host ?? "127.0.0.1", port: client.port ?? 5432, username: client.username,
                password: client.password, database: client.database, tls: .disable),
            id: 1, logger: Logger(label: "moji.tests"))
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "moji.tests"))
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

enum PostgresTestFailure: Error {
    case noServer(String)
}
