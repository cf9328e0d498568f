import GRDB

/// The database schema, built by GRDB migrations; a migration, once shipped, never changes.
///
/// Items are keyed by text: a Unicode emoji is stored as its exact character (`👍🏽`), a custom
/// emoji as `:code:` (see ``StoreItem``). Scores decay lazily (see `ScoreDecay`).
///
/// ```
/// meta(key TEXT PK, value TEXT)
///     decay          the decay the scores were computed with
///     seeded         "1" once the default frequent emoji were seeded
///     seedRuns       left by earlier versions (a count for a test); nothing reads it
///     defaultTone    the global default skin tone, e.g. "medium"
/// clock(id = 1, uses INTEGER)
///     the global use counter: +1 per recorded use, in the same transaction
/// usage(item TEXT PK,             neutral emoji or :code:
///       score REAL,               score as of use number `scoredAt`
///       scoredAt INTEGER,         clock value when `score` was written
///       rank REAL NULL,           ln(score) - scoredAt * ln(decay): orders by current score
///       useCount INTEGER,         real uses (0 for a seeded default)
///       lastUse INTEGER NULL,     clock value of the last use: orders recents
///       lastUsedAt REAL NULL,     seconds since 1970 of the last use
///       tones TEXT NULL)          tones of the last use, e.g. "light,dark"
///     index usage_rank(rank) WHERE rank IS NOT NULL                 orders frequent()
///     index usage_recent(lastUse) WHERE lastUse IS NOT NULL          orders recent()
///     index usage_frequent(useCount, lastUse) WHERE useCount > 0     orders mostUsed() (an older name)
/// pinned(item TEXT PK, position INTEGER UNIQUE)       the user's pinned list, in order
/// collection(id INTEGER PK, name TEXT UNIQUE NOCASE, createdAt REAL)
/// collectionItem(collectionId → collection ON DELETE CASCADE, item TEXT, position INTEGER,
///                PK(collectionId, item))
/// tonePreference(item TEXT PK, tones TEXT)            neutral emoji → "light" or "light,dark"
/// customEmoji(code TEXT PK NOCASE, name TEXT, keywords TEXT (JSON array), groupName TEXT NULL,
///             image TEXT ('' for none), source TEXT NULL, addedAt REAL)
/// changeLog(area TEXT PK, version INTEGER)             +1 per committed change of an area
///
/// v2: custom emoji sets
/// customSet(name TEXT PK NOCASE, kind TEXT, location TEXT, refreshInterval REAL, addedAt REAL,
///           syncedAt, attemptedAt, retryAfter REAL NULL, lastError TEXT NULL,
///           etag, lastModified TEXT NULL,         the listing's validators
///           syncOwner TEXT NULL, syncLockedUntil REAL NULL)   the refresh lock
/// customEmoji + setName TEXT NULL NOCASE (NULL: added by hand), position INTEGER NULL (order in
///             its set), visibleInPicker INTEGER (default 1), imageSHA256, imageFormat TEXT NULL,
///             imageWidth, imageHeight, imageFrames, imageBytes INTEGER NULL   (the cached image)
///     index customEmoji_set(setName, position) WHERE setName IS NOT NULL
/// imageValidator(url TEXT PK, etag, lastModified TEXT NULL, sha256, format TEXT,
///                width, height, frames, bytes INTEGER, checkedAt REAL)       per image URL
///
/// v3: API tokens of `moji serve` (never exported: see ``EmojiStore/addAPIToken(user:hash:label:at:)``)
/// apiToken(id TEXT PK, user TEXT, hash TEXT UNIQUE (SHA-256 hex of the token), label TEXT NULL,
///          createdAt REAL, lastUsedAt REAL NULL)
///
/// v4: search that learns from picks (see `EmojiStore+LearnedPicks.swift`)
/// learnedPick(query TEXT,           the query folded (LearnedPicks.normalizedQuery)
///             item TEXT,            neutral emoji or :code:, as usage keys it
///             score REAL, scoredAt INTEGER, rank REAL NULL,   decayed with the usage clock, as usage
///             PK(query, item)) WITHOUT ROWID    a typed prefix is a range of the key
///     index learnedPick_rank(rank)                  the lowest leave first past the limit
/// ```
///
/// ## The mark
/// Moji marks its files with `PRAGMA application_id = 0x4D6F6A69` (the ASCII letters "Moji"),
/// so `file(1)` and Moji itself tell them from other SQLite files. A database with tables of
/// its own and no mark belongs to another program and is never touched
/// (``StoreError/foreignDatabase(path:tables:)``); one without the mark that holds only Moji's
/// tables was made by an earlier Moji and is marked when opened for writing.
enum StoreSchema {
    /// The `application_id` of every Moji database: "Moji" in ASCII.
    static let applicationID: Int32 = 0x4D6F_6A69

    /// The tables Moji creates (GRDB's migration table included).
    static let tables: Set<String> = [
        "grdb_migrations", "meta", "clock", "usage", "pinned", "collection", "collectionItem", "tonePreference",
        "customEmoji", "changeLog", "customSet", "imageValidator", "apiToken", "learnedPick",
    ]

    /// What opening finds in a database file, read without writing.
    struct State {
        /// Tables of another program, when the file is not Moji's; nil for a Moji file (or an empty one).
        var foreignTables: [String]?
        /// Written by a newer Moji.
        var isNewer: Bool
        /// Every migration applied: the file can be read as it is.
        var isMigrated: Bool
        /// Nothing to write before use: marked, migrated, in WAL mode, seeded, scored with `decay`.
        var isCurrent: Bool
    }

    /// Reads the state of the database without writing to it.
    static func state(_ db: Database, decay: Double) throws -> State {
        let mark = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
        let others = tables.filter { !Self.tables.contains($0) }
        if mark != applicationID, mark != 0 || !others.isEmpty {
            return State(
                foreignTables: others.isEmpty ? tables : others, isNewer: false, isMigrated: false,
                isCurrent: false)
        }
        let migrator = Self.migrator
        let isNewer = try migrator.hasBeenSuperseded(db)
        let isMigrated = try !isNewer && migrator.hasCompletedMigrations(db)
        guard isMigrated, mark == applicationID else {
            return State(foreignTables: nil, isNewer: isNewer, isMigrated: isMigrated, isCurrent: false)
        }
        let journal = try String.fetchOne(db, sql: "PRAGMA journal_mode")
        let seeded = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'seeded'") != nil
        let isCurrent = try journal == "wal" && seeded && ScoreDecay.storedDecay(db) == decay
        return State(foreignTables: nil, isNewer: false, isMigrated: true, isCurrent: isCurrent)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                    CREATE TABLE clock (id INTEGER PRIMARY KEY CHECK (id = 1), uses INTEGER NOT NULL);
                    INSERT INTO clock (id, uses) VALUES (1, 0);
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
                    """)
            for area in StoreArea.allCases {
                try db.execute(sql: "INSERT INTO changeLog (area, version) VALUES (?, 0)", arguments: [area.rawValue])
            }
        }
        migrator.registerMigration("v2") { db in
            // Rows of v1 become emoji added by hand: no set, shown in pickers, no cached image.
            try db.execute(
                sql: """
                    CREATE TABLE customSet (
                        name TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
                        kind TEXT NOT NULL,
                        location TEXT NOT NULL,
                        refreshInterval REAL NOT NULL,
                        addedAt REAL NOT NULL,
                        syncedAt REAL,
                        attemptedAt REAL,
                        retryAfter REAL,
                        lastError TEXT,
                        etag TEXT,
                        lastModified TEXT,
                        syncOwner TEXT,
                        syncLockedUntil REAL
                    );
                    ALTER TABLE customEmoji ADD COLUMN setName TEXT COLLATE NOCASE;
                    ALTER TABLE customEmoji ADD COLUMN position INTEGER;
                    ALTER TABLE customEmoji ADD COLUMN visibleInPicker INTEGER NOT NULL DEFAULT 1;
                    ALTER TABLE customEmoji ADD COLUMN imageSHA256 TEXT;
                    ALTER TABLE customEmoji ADD COLUMN imageFormat TEXT;
                    ALTER TABLE customEmoji ADD COLUMN imageWidth INTEGER;
                    ALTER TABLE customEmoji ADD COLUMN imageHeight INTEGER;
                    ALTER TABLE customEmoji ADD COLUMN imageFrames INTEGER;
                    ALTER TABLE customEmoji ADD COLUMN imageBytes INTEGER;
                    CREATE INDEX customEmoji_set ON customEmoji(setName, position) WHERE setName IS NOT NULL;
                    CREATE TABLE imageValidator (
                        url TEXT PRIMARY KEY NOT NULL,
                        etag TEXT,
                        lastModified TEXT,
                        sha256 TEXT NOT NULL,
                        format TEXT NOT NULL,
                        width INTEGER NOT NULL,
                        height INTEGER NOT NULL,
                        frames INTEGER NOT NULL,
                        bytes INTEGER NOT NULL,
                        checkedAt REAL NOT NULL
                    );
                    """)
            // v1 wrote a row per area it knew; a file made by v1 lacks the new area's. (v1 reads
            // StoreArea.allCases, so a file created now already has it.)
            try db.execute(sql: "INSERT OR IGNORE INTO changeLog (area, version) VALUES ('customSets', 0)")
        }
        migrator.registerMigration("v3") { db in
            // Only hashes: a copy of the file gives nobody a token. The hash is the lookup key.
            try db.execute(
                sql: """
                    CREATE TABLE apiToken (
                        id TEXT PRIMARY KEY NOT NULL,
                        user TEXT NOT NULL,
                        hash TEXT NOT NULL UNIQUE,
                        label TEXT,
                        createdAt REAL NOT NULL,
                        lastUsedAt REAL
                    );
                    """)
        }
        migrator.registerMigration("v4") { db in
            // Keyed by the folded query first, so the pairs of every query that starts with a
            // typed prefix are one range of the primary key (`query >= ? AND query < ?`).
            try db.execute(
                sql: """
                    CREATE TABLE learnedPick (
                        query TEXT NOT NULL,
                        item TEXT NOT NULL,
                        score REAL NOT NULL,
                        scoredAt INTEGER NOT NULL,
                        rank REAL,
                        PRIMARY KEY (query, item)
                    ) WITHOUT ROWID;
                    CREATE INDEX learnedPick_rank ON learnedPick(rank);
                    """)
        }
        return migrator
    }
}
