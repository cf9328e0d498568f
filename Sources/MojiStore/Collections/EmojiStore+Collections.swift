import Foundation
import GRDB

extension EmojiStore {
    /// The work of `EmojiStore.Favorites.collections`.
    func collections() throws(StoreError) -> [EmojiCollection] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name FROM collection ORDER BY id").map { row in
                EmojiCollection(
                    name: row["name"],
                    items: try Self.orderedItems(db, table: "collectionItem", filter: ("collectionId", row["id"])))
            }
        }
    }

    /// The work of `EmojiStore.Favorites.collection`.
    func collection(named name: String) throws(StoreError) -> EmojiCollection? {
        try read { db in
            guard
                let row = try Row.fetchOne(db, sql: "SELECT id, name FROM collection WHERE name = ?", arguments: [name])
            else {
                return nil
            }
            return EmojiCollection(
                name: row["name"],
                items: try Self.orderedItems(db, table: "collectionItem", filter: ("collectionId", row["id"])))
        }
    }

    /// The work of `EmojiStore.Favorites.createCollection`.
    func createCollection(named name: String) throws(StoreError) {
        try Self.validateCollectionName(name)
        try write([.collections]) { db in
            if try Self.collectionID(named: name, in: db) != nil { throw StoreError.collectionExists(name) }
            try db.execute(
                sql: "INSERT INTO collection (name, createdAt) VALUES (?, ?)",
                arguments: [name, Date().timeIntervalSince1970])
        }
    }

    /// The work of `EmojiStore.Favorites.deleteCollection`.
    @discardableResult
    func deleteCollection(named name: String) throws(StoreError) -> Bool {
        try write([.collections]) { db in
            try db.execute(sql: "DELETE FROM collection WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    /// The work of `EmojiStore.Favorites.renameCollection`.
    func renameCollection(_ name: String, to newName: String) throws(StoreError) {
        try Self.validateCollectionName(newName)
        try write([.collections]) { db in
            guard let id = try Self.collectionID(named: name, in: db) else { throw StoreError.collectionNotFound(name) }
            if let other = try Self.collectionID(named: newName, in: db), other != id {
                throw StoreError.collectionExists(newName)
            }
            try db.execute(sql: "UPDATE collection SET name = ? WHERE id = ?", arguments: [newName, id])
        }
    }

    /// The work of `EmojiStore.Favorites.add`.
    func add(_ item: StoreItem, toCollection name: String, at position: Int? = nil) throws(StoreError) {
        try write([.collections]) { db in
            let id: Int64
            if let existing = try Self.collectionID(named: name, in: db) {
                id = existing
            } else {
                try Self.validateCollectionName(name)
                try db.execute(
                    sql: "INSERT INTO collection (name, createdAt) VALUES (?, ?)",
                    arguments: [name, Date().timeIntervalSince1970])
                id = db.lastInsertedRowID
            }
            var items = try Self.orderedItems(db, table: "collectionItem", filter: ("collectionId", id))
            items.removeAll { $0 == item }
            items.insert(item, at: Self.clamped(position, count: items.count))
            try Self.replaceOrderedItems(items, db: db, table: "collectionItem", filter: ("collectionId", id))
        }
    }

    /// The work of `EmojiStore.Favorites.remove`.
    @discardableResult
    func remove(_ item: StoreItem, fromCollection name: String) throws(StoreError) -> Bool {
        try write([.collections]) { db in
            guard let id = try Self.collectionID(named: name, in: db) else { throw StoreError.collectionNotFound(name) }
            var items = try Self.orderedItems(db, table: "collectionItem", filter: ("collectionId", id))
            guard let index = items.firstIndex(of: item) else { return false }
            items.remove(at: index)
            try Self.replaceOrderedItems(items, db: db, table: "collectionItem", filter: ("collectionId", id))
            return true
        }
    }

    /// The work of `EmojiStore.Favorites.move`.
    func move(_ item: StoreItem, inCollection name: String, to position: Int) throws(StoreError) {
        try write([.collections]) { db in
            guard let id = try Self.collectionID(named: name, in: db) else { throw StoreError.collectionNotFound(name) }
            var items = try Self.orderedItems(db, table: "collectionItem", filter: ("collectionId", id))
            guard let index = items.firstIndex(of: item) else {
                throw StoreError.itemNotFound(item, list: "the collection '\(name)'")
            }
            items.remove(at: index)
            items.insert(item, at: Self.clamped(position, count: items.count))
            try Self.replaceOrderedItems(items, db: db, table: "collectionItem", filter: ("collectionId", id))
        }
    }

    /// Throws ``StoreError/invalidCollectionName(_:reason:)`` for a name that is empty, longer
    /// than ``StoreText/maximumLength`` or holds a control character.
    package static func validateCollectionName(_ name: String) throws(StoreError) {
        if let problem = StoreText.problem(in: name) { throw .invalidCollectionName(name, reason: problem) }
    }

    static func collectionID(named name: String, in db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM collection WHERE name = ?", arguments: [name])
    }
}
