import Foundation
import Moji
import MojiStore
import PostgresNIO

/// The custom sets every instance shares: the canonical copy that each `moji serve` mirrors into
/// its own store, and that `moji custom add|sync|remove --database postgres://…` and the
/// instances' background refresh write.
///
/// Sets and emoji are kept as MojiStore's JSON (``/MojiStore/CustomSet``,
/// ``/Moji/CustomEmoji``), so both databases keep exactly the same fields. Every write first
/// locks the one row of `moji_custom_version` and moves it: writers of custom data apply one
/// after another (they are rare), and a reader that shares that lock sees one moment. The version
/// moves to a random value, as users' versions do, so a database restored from an older copy never
/// comes back to a version an instance has mirrored with other sets.
extension PostgresUserDataStore: SharedCustomSetStore {
    public func customSetsVersion() async throws(StoreError) -> Int {
        try await run { client, logger in
            let rows = try await client.query("SELECT version FROM moji_custom_version WHERE id = 1", logger: logger)
            for try await version in rows.decode(Int.self) { return version }
            return 0
        }
    }

    public func customSetContents() async throws(StoreError) -> (version: Int, contents: [CustomSetContent]) {
        let rows = try await run { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                // Shares the writers' lock: no publish lands between the reads below.
                var version = 0
                for try await value in try await connection.query(
                    "SELECT version FROM moji_custom_version WHERE id = 1 FOR SHARE", logger: logger
                ).decode(Int.self) {
                    version = value
                }
                var sets: [(key: String, content: String)] = []
                for try await (key, content) in try await connection.query(
                    "SELECT name_key, content FROM moji_custom_set ORDER BY name_key", logger: logger
                ).decode((String, String).self) {
                    sets.append((key, content))
                }
                var emoji: [String: [String]] = [:]
                for try await (key, content) in try await connection.query(
                    "SELECT set_key, content FROM moji_custom_emoji ORDER BY set_key, position", logger: logger
                ).decode((String, String).self) {
                    emoji[key, default: []].append(content)
                }
                return (version, sets, emoji)
            }
        }
        let decoder = JSONDecoder()
        var contents: [CustomSetContent] = []
        for (key, text) in rows.1 {
            do {
                let set = try decoder.decode(CustomSet.self, from: Data(text.utf8))
                let emoji = try (rows.2[key] ?? []).map { try decoder.decode(CustomEmoji.self, from: Data($0.utf8)) }
                contents.append(CustomSetContent(set: set, emoji: emoji))
            } catch {
                throw .database(database: databaseName, reason: "the custom set \(key) cannot be read: \(error)")
            }
        }
        return (rows.0, contents)
    }

    public func publishCustomSet(_ content: CustomSetContent, adding: Bool) async throws(StoreError)
        -> [CustomSetConflict]
    {
        let name = content.set.name
        let setKey = Self.key(name)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var set = content.set
        if set.addedAt == nil { set.addedAt = Date() }
        let setText: String
        var entries: [(key: String, code: String, content: String)] = []
        do {
            setText = String(decoding: try encoder.encode(set), as: UTF8.self)
            for var emoji in content.emoji {
                emoji.set = name
                entries.append(
                    (Self.key(emoji.code), emoji.code, String(decoding: try encoder.encode(emoji), as: UTF8.self)))
            }
        } catch {
            throw .invalidCustomSet(name: name, reason: "it cannot be encoded: \(error)")
        }
        let outcome = try await run { [entries] client, logger in
            try await client.withTransaction(logger: logger) { connection -> Result<[CustomSetConflict], StoreError> in
                try await connection.query(
                    "SELECT version FROM moji_custom_version WHERE id = 1 FOR UPDATE", logger: logger)
                var existing = false
                for try await _ in try await connection.query(
                    "SELECT 1 FROM moji_custom_set WHERE name_key = \(setKey)", logger: logger)
                {
                    existing = true
                }
                if adding, existing { return .failure(.duplicateCustomSet(name)) }
                if !adding, !existing { return .failure(.unknownCustomSet(name)) }
                // Codes of other sets stay theirs, as in one SQLite store.
                var owners: [String: String] = [:]
                for try await (code, owner) in try await connection.query(
                    """
                    SELECT emoji.code_key, owner.name FROM moji_custom_emoji AS emoji
                    JOIN moji_custom_set AS owner ON owner.name_key = emoji.set_key
                    WHERE emoji.set_key <> \(setKey)
                    """, logger: logger
                ).decode((String, String).self) {
                    owners[code] = owner
                }
                try await connection.query(
                    """
                    INSERT INTO moji_custom_set (name_key, name, content) VALUES (\(setKey), \(name), \(setText))
                    ON CONFLICT (name_key) DO UPDATE SET name = EXCLUDED.name, content = EXCLUDED.content
                    """, logger: logger)
                try await connection.query("DELETE FROM moji_custom_emoji WHERE set_key = \(setKey)", logger: logger)
                var conflicts: [CustomSetConflict] = []
                var written = Set<String>()
                var keys: [String] = []
                var texts: [String] = []
                for entry in entries {
                    if let owner = owners[entry.key] {
                        conflicts.append(CustomSetConflict(code: entry.code, owner: owner))
                    } else if !written.insert(entry.key).inserted {
                        conflicts.append(CustomSetConflict(code: entry.code, owner: name))
                    } else {
                        keys.append(entry.key)
                        texts.append(entry.content)
                    }
                }
                let positions = Array(0..<keys.count)
                // One statement for the whole set, however large.
                try await connection.query(
                    """
                    INSERT INTO moji_custom_emoji (code_key, set_key, position, content)
                    SELECT code_key, \(setKey), position, content
                    FROM unnest(\(keys)::text[], \(positions)::bigint[], \(texts)::text[]) AS entry(code_key, position, content)
                    """, logger: logger)
                try await connection.query(
                    "UPDATE moji_custom_version SET version = \(unescaped: PostgresSchema.randomVersion) WHERE id = 1",
                    logger: logger)
                return .success(conflicts)
            }
        }
        return try outcome.get()
    }

    @discardableResult
    public func removeCustomSet(named name: String) async throws(StoreError) -> Bool {
        let setKey = Self.key(name)
        return try await run { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT version FROM moji_custom_version WHERE id = 1 FOR UPDATE", logger: logger)
                var removed = false
                for try await _ in try await connection.query(
                    "DELETE FROM moji_custom_set WHERE name_key = \(setKey) RETURNING 1", logger: logger)
                {
                    removed = true
                }
                if removed {
                    try await connection.query(
                        "UPDATE moji_custom_version SET version = \(unescaped: PostgresSchema.randomVersion) WHERE id = 1",
                        logger: logger)
                }
                return removed
            }
        }
    }

    public func claimCustomSetSync(named name: String, owner: String, until: Date, now: Date) async throws(StoreError)
        -> Bool
    {
        let setKey = Self.key(name)
        let (until, now) = (until.timeIntervalSince1970, now.timeIntervalSince1970)
        let claimed = try await run { client, logger -> Bool? in
            // One statement: PostgreSQL's row lock makes one of two instances that claim at once win.
            let rows = try await client.query(
                """
                UPDATE moji_custom_set SET sync_owner = \(owner), sync_locked_until = \(until)
                WHERE name_key = \(setKey) AND (sync_owner IS NULL OR sync_owner = \(owner)
                    OR sync_locked_until IS NULL OR sync_locked_until <= \(now))
                RETURNING 1
                """, logger: logger)
            for try await _ in rows { return true }
            for try await _ in try await client.query(
                "SELECT 1 FROM moji_custom_set WHERE name_key = \(setKey)", logger: logger)
            {
                return false
            }
            return nil
        }
        guard let claimed else { throw .unknownCustomSet(name) }
        return claimed
    }

    public func releaseCustomSetSync(named name: String, owner: String) async throws(StoreError) {
        let setKey = Self.key(name)
        try await run { client, logger in
            try await client.query(
                """
                UPDATE moji_custom_set SET sync_owner = NULL, sync_locked_until = NULL
                WHERE name_key = \(setKey) AND sync_owner = \(owner)
                """, logger: logger)
        }
    }

    /// A name or code as the keys compare them: case-insensitive, as MojiSync compares codes.
    static func key(_ text: String) -> String { text.lowercased() }
}
