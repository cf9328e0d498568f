import GRDB
import Moji

extension EmojiStore {
    /// The work of `EmojiStore.Favorites.pinned`.
    func pinned() throws(StoreError) -> [StoreItem] {
        try read { db in try Self.orderedItems(db, table: "pinned", filter: nil) }
    }

    /// The work of `EmojiStore.Favorites.pin`.
    func pin(_ item: StoreItem, at position: Int? = nil) throws(StoreError) {
        try write([.pinned]) { db in
            var items = try Self.orderedItems(db, table: "pinned", filter: nil)
            items.removeAll { $0 == item }
            items.insert(item, at: Self.clamped(position, count: items.count))
            try Self.replaceOrderedItems(items, db: db, table: "pinned", filter: nil)
        }
    }

    /// The work of `EmojiStore.Favorites.setPinned`.
    func setPinned(_ items: [StoreItem]) throws(StoreError) {
        var unique: [StoreItem] = []
        for item in items where !unique.contains(item) { unique.append(item) }
        try write([.pinned]) { db in try Self.replaceOrderedItems(unique, db: db, table: "pinned", filter: nil) }
    }

    /// The work of `EmojiStore.Favorites.unpin`.
    @discardableResult
    func unpin(_ item: StoreItem) throws(StoreError) -> Bool {
        try write([.pinned]) { db in
            var items = try Self.orderedItems(db, table: "pinned", filter: nil)
            guard let index = items.firstIndex(of: item) else { return false }
            items.remove(at: index)
            try Self.replaceOrderedItems(items, db: db, table: "pinned", filter: nil)
            return true
        }
    }

    /// The work of `EmojiStore.Favorites.movePinned`.
    func movePinned(_ item: StoreItem, to position: Int) throws(StoreError) {
        try write([.pinned]) { db in
            var items = try Self.orderedItems(db, table: "pinned", filter: nil)
            guard let index = items.firstIndex(of: item) else {
                throw StoreError.itemNotFound(item, list: "the pinned list")
            }
            items.remove(at: index)
            items.insert(item, at: Self.clamped(position, count: items.count))
            try Self.replaceOrderedItems(items, db: db, table: "pinned", filter: nil)
        }
    }

    // MARK: Ordered lists (pins and collections share them)

    package static func clamped(_ position: Int?, count: Int) -> Int {
        guard let position else { return count }
        return min(max(position, 0), count)
    }

    /// The items of an ordered table, optionally restricted by `filter` (column, value).
    static func orderedItems(_ db: Database, table: String, filter: (String, Int64)?) throws -> [StoreItem] {
        if let (column, value) = filter {
            return try String.fetchAll(
                db, sql: "SELECT item FROM \(table) WHERE \(column) = ? ORDER BY position",
                arguments: [value]
            ).map(StoreItem.init(key:))
        }
        return try String.fetchAll(db, sql: "SELECT item FROM \(table) ORDER BY position").map(StoreItem.init(key:))
    }

    /// Rewrites an ordered list; lists are short, so renumbering is simpler than gaps.
    static func replaceOrderedItems(_ items: [StoreItem], db: Database, table: String, filter: (String, Int64)?) throws
    {
        if let (column, value) = filter {
            try db.execute(sql: "DELETE FROM \(table) WHERE \(column) = ?", arguments: [value])
            for (position, item) in items.enumerated() {
                try db.execute(
                    sql: "INSERT INTO \(table) (\(column), item, position) VALUES (?, ?, ?)",
                    arguments: [value, item.key, position])
            }
        } else {
            try db.execute(sql: "DELETE FROM \(table)")
            for (position, item) in items.enumerated() {
                try db.execute(
                    sql: "INSERT INTO \(table) (item, position) VALUES (?, ?)", arguments: [item.key, position])
            }
        }
    }
}
