import Foundation
import MojiStore
import PostgresNIO

/// The tables of ``PostgresUserDataStore`` and their versioned migrations.
///
/// ```
/// moji_schema_version (version, applied_at)        one row per migration applied
/// moji_meta           (key, value)                  'decay'
/// moji_user           (user_name, uses, default_tone, version)   uses = the user's clock
/// moji_usage          (user_name, item, score, scored_at, rank, use_count, last_use, last_used_at, tones)
/// moji_pinned         (user_name, item, position)
/// moji_collection     (id, user_name, name, name_key, created_at)
/// moji_collection_item (collection_id, item, position)
/// moji_tone_preference (user_name, item, tones)
/// moji_api_token      (id, user_name, hash, label, created_at, last_used_at)
/// moji_custom_set     (name_key, name, content, sync_owner, sync_locked_until)   content: CustomSet as JSON
/// moji_custom_emoji   (code_key, set_key, position, content)                      content: CustomEmoji as JSON
/// moji_custom_version (id = 1, version)                                           moves with every custom change
/// moji_learned_pick   (user_name, query COLLATE "C", item, score, scored_at, rank)  picks learned after queries
/// ```
///
/// The columns mirror the SQLite store's, per user: `score`, `scored_at` and `rank` follow the
/// lazy decay of MojiStore, and times are seconds since 1970 as `double precision`, as in SQLite.
public enum PostgresSchema {
    /// The migrations, in order, each a list of statements (the extended protocol takes one at a
    /// time); the version of each is its position from 1. Never edit one that shipped: add another.
    static let migrations: [[String]] = [
        statements(
            """
            CREATE TABLE moji_meta (key text PRIMARY KEY, value text NOT NULL);
            CREATE TABLE moji_user (
                user_name text PRIMARY KEY,
                uses bigint NOT NULL DEFAULT 0,
                default_tone text
            );
            CREATE TABLE moji_usage (
                user_name text NOT NULL REFERENCES moji_user ON DELETE CASCADE,
                item text NOT NULL,
                score double precision NOT NULL,
                scored_at bigint NOT NULL,
                rank double precision,
                use_count bigint NOT NULL DEFAULT 0,
                last_use bigint,
                last_used_at double precision,
                tones text,
                PRIMARY KEY (user_name, item)
            );
            CREATE INDEX moji_usage_rank ON moji_usage (user_name, rank DESC) WHERE rank IS NOT NULL;
            CREATE INDEX moji_usage_recent ON moji_usage (user_name, last_use DESC) WHERE last_use IS NOT NULL;
            CREATE TABLE moji_pinned (
                user_name text NOT NULL REFERENCES moji_user ON DELETE CASCADE,
                item text NOT NULL,
                position integer NOT NULL,
                PRIMARY KEY (user_name, item)
            );
            CREATE TABLE moji_collection (
                id bigserial PRIMARY KEY,
                user_name text NOT NULL REFERENCES moji_user ON DELETE CASCADE,
                name text NOT NULL,
                name_key text NOT NULL,
                created_at double precision NOT NULL,
                UNIQUE (user_name, name_key)
            );
            CREATE TABLE moji_collection_item (
                collection_id bigint NOT NULL REFERENCES moji_collection ON DELETE CASCADE,
                item text NOT NULL,
                position integer NOT NULL,
                PRIMARY KEY (collection_id, item)
            );
            CREATE TABLE moji_tone_preference (
                user_name text NOT NULL REFERENCES moji_user ON DELETE CASCADE,
                item text NOT NULL,
                tones text NOT NULL,
                PRIMARY KEY (user_name, item)
            );
            CREATE TABLE moji_api_token (
                id text PRIMARY KEY,
                user_name text NOT NULL,
                hash text NOT NULL UNIQUE,
                label text,
                created_at double precision NOT NULL,
                last_used_at double precision
            );
            """),
        // 2: a version per user that every change of the user's data moves, so recording a use can
        // write without a transaction: it writes only if the version is still the one it started
        // from (see PostgresUserDataStore.recordUse). Versions are random, not counted: a user row
        // created again, or restored from an older copy, never comes back to a version that an
        // instance remembers with other data. The trigger moves the version of any update that
        // does not (an instance of an older Moji during a rolling upgrade, a hand edit), so no
        // change can slip past a use's check.
        [
            "ALTER TABLE moji_user ADD COLUMN version bigint NOT NULL DEFAULT 0",
            "ALTER TABLE moji_user ALTER COLUMN version SET DEFAULT \(randomVersion)",
            """
            CREATE FUNCTION moji_user_move_version() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.version = OLD.version THEN
                    NEW.version := \(randomVersion);
                END IF;
                RETURN NEW;
            END
            $$
            """,
            """
            CREATE TRIGGER moji_user_move_version BEFORE UPDATE ON moji_user
            FOR EACH ROW EXECUTE FUNCTION moji_user_move_version()
            """,
        ],
        // 3: custom sets shared by every instance (PostgresCustomSets.swift): the set's record and each
        // emoji as MojiStore's JSON, keyed by the case-folded name and code; the sync claim; and one
        // counter that every change moves, which instances poll to mirror the sets.
        statements(
            """
            CREATE TABLE moji_custom_set (
                name_key text PRIMARY KEY,
                name text NOT NULL,
                content text NOT NULL,
                sync_owner text,
                sync_locked_until double precision
            );
            CREATE TABLE moji_custom_emoji (
                code_key text PRIMARY KEY,
                set_key text NOT NULL REFERENCES moji_custom_set ON DELETE CASCADE,
                position bigint NOT NULL,
                content text NOT NULL
            );
            CREATE INDEX moji_custom_emoji_order ON moji_custom_emoji (set_key, position);
            CREATE TABLE moji_custom_version (
                id integer PRIMARY KEY CHECK (id = 1),
                version bigint NOT NULL
            );
            INSERT INTO moji_custom_version (id, version) VALUES (1, 0)
            """),
        // 4: search that learns from picks, per user, as SQLite's learnedPick table: the pairs of
        // every query that starts with a typed prefix are one range of the primary key. The query
        // compares in "C" (byte) order, as SQLite's, whatever the database's collation, so the
        // range `query >= prefix AND query < upper bound` holds exactly the queries with that prefix.
        statements(
            """
            CREATE TABLE moji_learned_pick (
                user_name text NOT NULL REFERENCES moji_user ON DELETE CASCADE,
                query text COLLATE "C" NOT NULL,
                item text NOT NULL,
                score double precision NOT NULL,
                scored_at bigint NOT NULL,
                rank double precision,
                PRIMARY KEY (user_name, query, item)
            );
            CREATE INDEX moji_learned_pick_rank ON moji_learned_pick (user_name, rank)
            """),
    ]

    /// A random version in SQL (random() gives 52 bits: two versions of one user meet by chance
    /// about once in 2⁵² changes).
    static let randomVersion = "floor(random() * 9.0e18)::bigint"

    /// A new random version, as Swift makes one for the statement that records a use.
    static func newVersion() -> Int { Int.random(in: 1...Int.max) }

    /// The statements of a script whose statements contain no `;` of their own.
    private static func statements(_ script: String) -> [String] {
        script.split(separator: ";").map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// The newest schema version this Moji knows.
    public static var currentVersion: Int { migrations.count }

    /// The key of the advisory lock that migrations run under: "Moji" in ASCII, as SQLite's application id.
    static let advisoryLockKey: Int64 = 0x4D6F_6A69

    /// Applies the missing migrations, each at most once however many instances start together.
    ///
    /// Everything runs in one transaction that first takes a transaction-level advisory lock: a
    /// second instance waits for the first to commit, then finds every version applied. The lock is
    /// released with the transaction, even when the connection dies.
    static func migrate(_ client: PostgresClient, logger: Logger, database: String) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(advisoryLockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS moji_schema_version (
                    version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var applied = 0
            let rows = try await connection.query(
                "SELECT COALESCE(MAX(version), 0)::integer FROM moji_schema_version", logger: logger)
            for try await version in rows.decode(Int.self) { applied = version }
            guard applied <= currentVersion else { throw StoreError.newerSchema(database: database) }
            for (index, statements) in migrations.enumerated() where index + 1 > applied {
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO moji_schema_version (version) VALUES (\(index + 1))", logger: logger)
            }
        }
    }
}
