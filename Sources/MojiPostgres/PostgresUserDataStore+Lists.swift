import Foundation
import Moji
import MojiStore
import PostgresNIO

/// Pinned items and collections: ordered lists rewritten whole under the user's row lock, as the
/// SQLite store rewrites them (lists are short, so renumbering is simpler than gaps).
extension PostgresUserDataStore {
    // MARK: Pinned

    public func pinned(for user: String) async throws(StoreError) -> [StoreItem] {
        try await ensureUser(user)
        return try await run { client, logger in
            try await Self.items(
                try await client.query(
                    "SELECT item FROM moji_pinned WHERE user_name = \(user) ORDER BY position", logger: logger))
        }
    }

    public func pin(_ item: StoreItem, at position: Int?, for user: String) async throws(StoreError) {
        try await withUserTransaction(user) { connection, logger in
            var items = try await OrderedItems.pinned(user).read(connection, logger)
            items.removeAll { $0 == item }
            items.insert(item, at: EmojiStore.clamped(position, count: items.count))
            try await OrderedItems.pinned(user).replace(with: items, connection, logger)
        }
    }

    public func setPinned(_ items: [StoreItem], for user: String) async throws(StoreError) {
        var unique: [StoreItem] = []
        for item in items where !unique.contains(item) { unique.append(item) }
        try await withUserTransaction(user) { [unique] connection, logger in
            try await OrderedItems.pinned(user).replace(with: unique, connection, logger)
        }
    }

    @discardableResult
    public func unpin(_ item: StoreItem, for user: String) async throws(StoreError) -> Bool {
        try await withUserTransaction(user) { connection, logger in
            var items = try await OrderedItems.pinned(user).read(connection, logger)
            guard let index = items.firstIndex(of: item) else { return false }
            items.remove(at: index)
            try await OrderedItems.pinned(user).replace(with: items, connection, logger)
            return true
        }
    }

    // MARK: Collections

    public func collections(for user: String) async throws(StoreError) -> [EmojiCollection] {
        try await ensureUser(user)
        return try await run { client, logger in
            let rows = try await client.query(
                """
                SELECT c.name, i.item FROM moji_collection c LEFT JOIN moji_collection_item i ON i.collection_id = c.id
                WHERE c.user_name = \(user) ORDER BY c.id, i.position
                """, logger: logger)
            var collections: [EmojiCollection] = []
            for try await (name, item) in rows.decode((String, String?).self) {
                if collections.last?.name != name { collections.append(EmojiCollection(name: name)) }
                if let item { collections[collections.count - 1].items.append(StoreItem(key: item)) }
            }
            return collections
        }
    }

    public func collection(named name: String, for user: String) async throws(StoreError) -> EmojiCollection? {
        try await ensureUser(user)
        return try await run { client, logger in
            let rows = try await client.query(
                "SELECT id, name FROM moji_collection WHERE user_name = \(user) AND name_key = \(Self.nameKey(name))",
                logger: logger)
            var found: (id: Int, name: String)?
            for try await row in rows.decode((Int, String).self) { found = row }
            guard let found else { return nil }
            return EmojiCollection(
                name: found.name,
                items: try await Self.items(
                    try await client.query(
                        "SELECT item FROM moji_collection_item WHERE collection_id = \(found.id) ORDER BY position",
                        logger: logger)))
        }
    }

    public func createCollection(named name: String, for user: String) async throws(StoreError) {
        try EmojiStore.validateCollectionName(name)
        try await withUserTransaction(user) { connection, logger in
            if try await Self.collectionID(name, user, connection, logger) != nil {
                throw StoreError.collectionExists(name)
            }
            try await Self.insertCollection(name, user, connection, logger)
        }
    }

    @discardableResult
    public func deleteCollection(named name: String, for user: String) async throws(StoreError) -> Bool {
        try await withUserTransaction(user) { connection, logger in
            let rows = try await connection.query(
                """
                DELETE FROM moji_collection WHERE user_name = \(user) AND name_key = \(Self.nameKey(name)) RETURNING 1
                """, logger: logger)
            var deleted = false
            for try await _ in rows { deleted = true }
            return deleted
        }
    }

    public func add(_ item: StoreItem, toCollection name: String, at position: Int?, for user: String)
        async throws(StoreError)
    {
        try await withUserTransaction(user) { connection, logger in
            let id: Int
            if let existing = try await Self.collectionID(name, user, connection, logger) {
                id = existing
            } else {
                try EmojiStore.validateCollectionName(name)
                id = try await Self.insertCollection(name, user, connection, logger)
            }
            var items = try await OrderedItems.collection(id).read(connection, logger)
            items.removeAll { $0 == item }
            items.insert(item, at: EmojiStore.clamped(position, count: items.count))
            try await OrderedItems.collection(id).replace(with: items, connection, logger)
        }
    }

    @discardableResult
    public func remove(_ item: StoreItem, fromCollection name: String, for user: String) async throws(StoreError)
        -> Bool
    {
        try await withUserTransaction(user) { connection, logger in
            guard let id = try await Self.collectionID(name, user, connection, logger) else {
                throw StoreError.collectionNotFound(name)
            }
            var items = try await OrderedItems.collection(id).read(connection, logger)
            guard let index = items.firstIndex(of: item) else { return false }
            items.remove(at: index)
            try await OrderedItems.collection(id).replace(with: items, connection, logger)
            return true
        }
    }

    /// What names are compared by: SQLite's `COLLATE NOCASE` folds ASCII letters only, and so does this.
    static func nameKey(_ name: String) -> String {
        String(
            decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private static func collectionID(
        _ name: String, _ user: String, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> Int? {
        let rows = try await connection.query(
            "SELECT id FROM moji_collection WHERE user_name = \(user) AND name_key = \(nameKey(name))", logger: logger)
        for try await id in rows.decode(Int.self) { return id }
        return nil
    }

    @discardableResult
    private static func insertCollection(
        _ name: String, _ user: String, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> Int {
        let rows = try await connection.query(
            """
            INSERT INTO moji_collection (user_name, name, name_key, created_at)
            VALUES (\(user), \(name), \(nameKey(name)), \(Date().timeIntervalSince1970)) RETURNING id
            """, logger: logger)
        for try await id in rows.decode(Int.self) { return id }
        throw StoreError.database(database: "PostgreSQL", reason: "INSERT … RETURNING id returned no row")
    }

    fileprivate static func items(_ rows: PostgresRowSequence) async throws -> [StoreItem] {
        var items: [StoreItem] = []
        for try await key in rows.decode(String.self) { items.append(StoreItem(key: key)) }
        return items
    }
}

/// A list of items kept in order by a `position` column: a user's pinned list, or one collection's
/// items. Both are read in order and replaced whole, so positions stay 0, 1, 2, … with no gaps.
private struct OrderedItems {
    /// The table and the column that names the list's owner (trusted names, never input).
    let table: String
    let ownerColumn: String
    let owner: any PostgresEncodable & Sendable

    static func pinned(_ user: String) -> OrderedItems {
        OrderedItems(table: "moji_pinned", ownerColumn: "user_name", owner: user)
    }

    static func collection(_ id: Int) -> OrderedItems {
        OrderedItems(table: "moji_collection_item", ownerColumn: "collection_id", owner: id)
    }

    func read(_ connection: PostgresConnection, _ logger: Logger) async throws -> [StoreItem] {
        try await PostgresUserDataStore.items(
            try await connection.query(
                "SELECT item FROM \(unescaped: table) WHERE \(unescaped: ownerColumn) = \(owner) ORDER BY position",
                logger: logger))
    }

    func replace(with items: [StoreItem], _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.query(
            "DELETE FROM \(unescaped: table) WHERE \(unescaped: ownerColumn) = \(owner)", logger: logger)
        for (position, item) in items.enumerated() {
            try await connection.query(
                """
                INSERT INTO \(unescaped: table) (\(unescaped: ownerColumn), item, position)
                VALUES (\(owner), \(item.key), \(position))
                """, logger: logger)
        }
    }
}
