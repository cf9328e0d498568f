/// What ``EmojiStore/check(at:)`` found.
public struct StoreHealth: Sendable, Hashable, Codable {
    /// The database file.
    public var path: String
    /// Whether the file exists (a missing file is healthy: it is created on first use).
    public var exists: Bool
    /// Whether the file opens, passes `PRAGMA integrity_check` and has a schema this Moji reads.
    public var isHealthy: Bool
    /// What is wrong, one sentence each; empty when healthy.
    public var problems: [String]
    /// The last migration applied, e.g. `v1`.
    public var schemaVersion: String?
    /// Uses recorded, ever.
    public var totalUses: Int?
    /// Items with usage.
    public var items: Int?
    /// Rows holding values out of range (see ``EmojiStore/invalidRows()``); repair fixes them in place.
    public var invalidRows: [InvalidRow] = []
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
