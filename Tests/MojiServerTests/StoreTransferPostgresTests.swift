import Foundation
import Moji
import MojiStore
import MojiTestSupport
import Testing

/// `moji store export --user` and `moji store import --user` as a person runs them, moving a user
/// of `moji serve` between its SQLite files and a real PostgreSQL server.
@Suite(
    "moji store export and import with PostgreSQL",
    .enabled(
        if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired,
        Comment(rawValue: "PostgreSQL cases skipped: \(PostgresTestCluster.availability.reason)")))
struct StoreTransferPostgresTests {
    static func read(_ url: URL) throws -> StoreExport {
        try StoreExport(jsonData: try Data(contentsOf: url), path: url.path)
    }

    /// Everything but when it was exported.
    static func sameData(_ one: StoreExport, _ other: StoreExport) -> Bool {
        var other = other
        other.exportedAt = one.exportedAt
        return one == other
    }

    @Test("a user moves from users/NAME.sqlite to PostgreSQL and back with the same data")
    func moveBothWays() async throws {
        let database = try ServePostgresTests.sharedURL()
        try await ServeTokenCommandTests.withHome { home in
            let user = ServePostgresTests.freshUser()
            // The user's file where `moji serve` keeps it on SQLite, beside the store in MOJI_HOME.
            let users = home.appendingPathComponent("users", isDirectory: true)
            try FileManager.default.createDirectory(at: users, withIntermediateDirectories: true)
            let store = try EmojiStore(url: users.appendingPathComponent("\(user).sqlite"))
            for key in ["🎉", "👍🏽", "🎉", "🧑🏻‍🤝‍🧑🏿", "🔥", "🎉", "😂"] { try store.usage.recordUse(of: StoreItem(key: key)) }
            try store.favorites.pin(StoreItem(key: "🐈"))
            try store.favorites.pin(StoreItem(key: "🔥"), at: 0)
            try store.favorites.add(StoreItem(key: "👍"), toCollection: "Work")
            try store.skinTones.setDefault(.dark)
            try store.skinTones.setPreferred([.medium], for: try #require(EmojiCatalog.shared.emoji(for: "👋")))
            try store.close()

            let fromSQLite = home.appendingPathComponent("a.json")
            let exported = try await ServeTokenCommandTests.moji(
                ["store", "export", "--user", user, "-o", fromSQLite.path], home: home)
            #expect(exported.status == 0, "\(exported.errors)")
            let imported = try await ServeTokenCommandTests.moji(
                ["store", "import", fromSQLite.path, "--user", user, "--database", database], home: home)
            #expect(imported.status == 0, "\(imported.errors)")
            #expect(imported.output.contains("imported"), "\(imported.output)")

            let fromPostgres = home.appendingPathComponent("b.json")
            let again = try await ServeTokenCommandTests.moji(
                ["store", "export", "--user", user, "--database", database, "-o", fromPostgres.path], home: home)
            #expect(again.status == 0, "\(again.errors)")
            let first = try Self.read(fromSQLite)
            let second = try Self.read(fromPostgres)
            #expect(Self.sameData(first, second))
            #expect(second.usage.first { $0.item.key == "🎉" }?.useCount == 3)
            #expect(second.pinned.map(\.key) == ["🔥", "🐈"])
            #expect(second.collections.map(\.name) == ["Work"])
            #expect(second.skinTones["👋"] == ["medium"] && second.defaultSkinTone == "dark")

            // Back into SQLite, as another user's file.
            let other = ServePostgresTests.freshUser()
            let back = try await ServeTokenCommandTests.moji(
                ["store", "import", fromPostgres.path, "--user", other], home: home)
            #expect(back.status == 0, "\(back.errors)")
            #expect(FileManager.default.fileExists(atPath: users.appendingPathComponent("\(other).sqlite").path))
            let roundTrip = home.appendingPathComponent("c.json")
            let last = try await ServeTokenCommandTests.moji(
                ["store", "export", "--user", other, "-o", roundTrip.path], home: home)
            #expect(last.status == 0, "\(last.errors)")
            #expect(Self.sameData(second, try Self.read(roundTrip)))
        }
    }

    @Test("PostgreSQL without --user, an unknown SQLite user or a bad name fail with what to do")
    func mistakes() async throws {
        let database = try ServePostgresTests.sharedURL()
        try await ServeTokenCommandTests.withHome { home in
            let noUser = try await ServeTokenCommandTests.moji(["store", "export", "--database", database], home: home)
            #expect(noUser.status == 64)
            #expect(noUser.errors.contains("--user NAME"), "\(noUser.errors)")
            let unknown = try await ServeTokenCommandTests.moji(
                ["store", "export", "--user", "nobody-here"], home: home)
            #expect(unknown.status == 1)
            #expect(unknown.errors.contains("nobody-here has no data"), "\(unknown.errors)")
            let badName = try await ServeTokenCommandTests.moji(
                ["store", "export", "--user", "../etc", "--database", database], home: home)
            #expect(badName.status == 64, "\(badName.errors)")
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("users").path))
        }
    }
}
