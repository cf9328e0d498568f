import Foundation
import GRDB
import Moji
import MojiStore
import Testing

/// A database written by Moji before custom emoji sets (schema v1) opens and upgrades in place.
@Suite("schema upgrade from v1")
struct SchemaUpgradeTests {
    /// What a Moji of schema v1 left in a file: its migration's SQL as shipped, GRDB's record of
    /// it, the mark, WAL mode, a seeded store with two uses and one custom emoji added by hand.
    static let version1 = """
        PRAGMA application_id = 1299147369;
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1');
        CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
        CREATE TABLE clock (id INTEGER PRIMARY KEY CHECK (id = 1), uses INTEGER NOT NULL);
        INSERT INTO clock (id, uses) VALUES (1, 2);
        CREATE TABLE usage (
            item TEXT PRIMARY KEY NOT NULL,
            score REAL NOT NULL,
            scoredAt INTEGER NOT NULL,
            rank REAL,
            useCount INTEGER NOT NULL DEFAULT 0,
            lastUse INTEGER,
            lastUsedAt REAL,
            tones TEXT
        );
        CREATE INDEX usage_rank ON usage(rank) WHERE rank IS NOT NULL;
        CREATE INDEX usage_recent ON usage(lastUse) WHERE lastUse IS NOT NULL;
        CREATE INDEX usage_frequent ON usage(useCount, lastUse) WHERE useCount > 0;
        CREATE TABLE pinned (item TEXT PRIMARY KEY NOT NULL, position INTEGER NOT NULL);
        CREATE TABLE collection (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            createdAt REAL NOT NULL
        );
        CREATE TABLE collectionItem (
            collectionId INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            item TEXT NOT NULL,
            position INTEGER NOT NULL,
            PRIMARY KEY (collectionId, item)
        );
        CREATE TABLE tonePreference (item TEXT PRIMARY KEY NOT NULL, tones TEXT NOT NULL);
        CREATE TABLE customEmoji (
            code TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
            name TEXT NOT NULL,
            keywords TEXT NOT NULL,
            groupName TEXT,
            image TEXT NOT NULL,
            source TEXT,
            addedAt REAL NOT NULL
        );
        CREATE TABLE changeLog (area TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL);
        INSERT INTO changeLog VALUES ('usage', 2), ('pinned', 0), ('collections', 0), ('skinTones', 0),
            ('customEmoji', 1);
        INSERT INTO meta VALUES ('seeded', '1'), ('decay', '0.9');
        INSERT INTO usage (item, score, scoredAt, rank, useCount, lastUse, lastUsedAt) VALUES
            ('🎉', 1.0, 1, ln(1.0) - 1 * ln(0.9), 1, 1, 1700000000),
            (':smith:', 1.0, 2, ln(1.0) - 2 * ln(0.9), 1, 2, 1700000100);
        INSERT INTO customEmoji (code, name, keywords, groupName, image, source, addedAt) VALUES
            ('smith', 'Smith', '["cool"]', 'forum', 'https://example.org/smith.gif', NULL, 1700000000);
        """

    /// A file holding ``version1``, closed.
    static func version1File() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: version1)
        }
        try queue.close()
        return directory
    }

    @Test("a v1 file is older than this Moji: check calls it healthy with schema v1")
    func checkBeforeUpgrade() throws {
        let directory = try Self.version1File()
        let health = EmojiStore.check(at: directory.databaseURL)
        #expect(health.condition == .healthy)
        #expect(health.schemaVersion == "v1")
    }

    @Test("opening a v1 file adds the v2, v3 and v4 tables and columns, with defaults for the rows it has")
    func upgrade() throws {
        let directory = try Self.version1File()
        let store = try EmojiStore(url: directory.databaseURL)
        #expect(EmojiStore.check(at: directory.databaseURL).schemaVersion == "v4")
        #expect(try store.hasAPITokens() == false)
        #expect(EmojiStore.check(at: directory.databaseURL).condition == .healthy)

        // The hand-added row: no set, shown in pickers, no cached image; all v1 fields kept.
        let smith = try #require(try store.custom.emoji(code: ":SMITH:"))
        #expect(smith.set == nil)
        #expect(smith.isVisibleInPicker)
        #expect(smith.cachedImage == nil)
        #expect(smith.name == "Smith" && smith.keywords == ["cool"] && smith.group == "forum")
        #expect(smith.image == "https://example.org/smith.gif")
        #expect(smith.addedAt == Date(timeIntervalSince1970: 1_700_000_000))

        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        let (visible, columns, areas) = try queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT visibleInPicker FROM customEmoji WHERE code = 'smith'"),
                try db.columns(in: "customEmoji").map(\.name),
                try String.fetchAll(db, sql: "SELECT area FROM changeLog ORDER BY area")
            )
        }
        try queue.close()
        #expect(visible == 1)
        #expect(
            columns.suffix(9) == [
                "setName", "position", "visibleInPicker", "imageSHA256", "imageFormat", "imageWidth", "imageHeight",
                "imageFrames", "imageBytes",
            ])
        #expect(areas.contains("customSets"))

        // Usage survived, and the upgraded file takes sets, with the hand-added code its own.
        #expect(try store.usage.recent().map(\.item.key) == [":smith:", "🎉"])
        try store.custom.addSet(CustomSet(name: "forum", source: .init(kind: .folder, location: "/srv/smilies")))
        let conflicts = try store.replaceCustomSetEmoji(
            named: "forum", with: [CustomEmoji(code: "Smith"), CustomEmoji(code: "frown")],
            validators: HTTPValidators(), imageValidators: [], at: Date())
        #expect(conflicts == [CustomSetConflict(code: "Smith", owner: nil)])
        #expect(try store.custom.emoji(inSet: "forum").map(\.code) == ["frown"])
        #expect(try store.custom.emoji(code: "smith")?.set == nil)
    }

    @Test("the v1 schema in this test is the one v1 ships")
    func fixtureMatchesMigration() throws {
        // Each statement of the v1 migration, as the current source has it, appears here verbatim
        // (modulo indentation): v1 is never edited, so this fails if either drifts.
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/MojiStore/Schema/StoreSchema.swift"),
            encoding: .utf8)
        let start = try #require(source.range(of: "registerMigration(\"v1\")"))
        let end = try #require(source.range(of: "registerMigration(\"v2\")"))
        let migration = String(source[start.upperBound..<end.lowerBound])
        func squeezed(_ text: String) -> String {
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let fixture = squeezed(Self.version1)
        let statements = migration.components(separatedBy: "CREATE ").dropFirst().map { part in
            squeezed("CREATE " + (part.components(separatedBy: ";").first ?? ""))
        }
        #expect(statements.count == 12)
        for statement in statements { #expect(fixture.contains(statement), "\(statement)") }
    }
}
