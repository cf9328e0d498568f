/// What ``EmojiStore/check(at:)`` found.
public struct StoreHealth: Sendable, Hashable, Codable {
    /// The database file.
    public var path: String
    /// Whether a file exists at the path (it may still be ``StoreCondition/notCreated``: empty).
    public var exists: Bool
    /// What state the database is in; each state has its own remedy.
    public var condition: StoreCondition
    /// Whether Moji can use the database as it is: ``StoreCondition/healthy`` or
    /// ``StoreCondition/notCreated``.
    public var isHealthy: Bool
    /// What is wrong, one sentence each; empty when healthy.
    public var problems: [String]
    /// The last migration applied, e.g. `v1`.
    public var schemaVersion: String?
    /// Uses recorded, ever.
    public var totalUses: Int?
    /// Items with usage.
    public var items: Int?
    /// Rows holding values out of range (see ``EmojiStore/Maintenance/invalidRows()``); repair fixes them in place.
    public var invalidRows: [InvalidRow] = []

    init(path: String) {
        self.path = path
        exists = false
        condition = .notCreated
        isHealthy = true
        problems = []
    }
}

/// The state of a database file, as ``EmojiStore/check(at:)`` tells them apart.
///
/// Only ``damaged`` is a matter for ``EmojiStore/repair(at:configuration:)``: every other state
/// either needs nothing or needs something repair cannot do, so repair leaves it untouched.
public enum StoreCondition: String, Sendable, Hashable, Codable {
    /// No file yet, an empty file or a SQLite file without tables (a first start was interrupted):
    /// the store is created on first use.
    case notCreated
    /// It opens, passes `PRAGMA integrity_check`, has Moji's schema and can be written.
    case healthy
    /// Intact as far as it could be read, but the file or its directory cannot be written:
    /// make them writable; nothing needs repairing.
    case readOnly
    /// Written by a newer Moji, whose schema this version does not read: upgrade Moji.
    case newerSchema
    /// It could not be read for a reason outside the file's content: no space left, an I/O
    /// error, no permission to read, another process holding it, or not a regular file.
    case unavailable
    /// A SQLite database of another program (it has tables, none of them Moji's).
    case foreign
    /// Intact, but rows hold values out of range (``StoreHealth/invalidRows``), as a hand-edited
    /// database leaves them: repair fixes them in place (clamps values, drops unusable rows) and
    /// moves nothing aside.
    case invalidRows
    /// Garbage, truncated, failing the integrity check or missing Moji's tables: repair moves it
    /// aside and starts a new one with whatever could be read.
    case damaged
}

/// What ``EmojiStore/repair(at:configuration:)`` did.
public struct StoreRepair: Sendable, Hashable, Codable {
    /// The health before the repair.
    public var before: StoreHealth
    /// Where the damaged files were moved (database, then its -wal and -shm); empty when the
    /// database was healthy and left alone.
    public var movedAside: [String]
    /// Whether user data could be read from the damaged file and was carried into the new one.
    public var salvaged: Bool
    /// What was fixed in place when the only problems were rows out of range; nil otherwise.
    public var rows: RowRepair?
}
