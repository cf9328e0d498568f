import Foundation
import Moji

extension EmojiStore {
    /// The user's own lists: the pinned items and the named collections.
    public var favorites: Favorites { Favorites(store: self) }

    /// The favorites facet of a store: the pinned list and the collections, in the user's
    /// order. Get it from ``EmojiStore/favorites``.
    public struct Favorites: Sendable {
        let store: EmojiStore

        /// The pinned list: the items the user pinned, in their order. It feeds a picker's
        /// "Favorites" section.
        public func pinned() throws(StoreError) -> [StoreItem] {
            try store.pinned()
        }

        /// Pins an item at `position` (0-based; default: at the end). Pinning a pinned item moves it.
        public func pin(_ item: StoreItem, at position: Int? = nil) throws(StoreError) {
            try store.pin(item, at: position)
        }

        /// Replaces the whole pinned list with `items`, in their order (a repeated item keeps its first
        /// place), in one transaction: another process sees the old list or the new one, never a mix.
        public func setPinned(_ items: [StoreItem]) throws(StoreError) {
            try store.setPinned(items)
        }

        /// Unpins an item; returns whether it was pinned.
        @discardableResult
        public func unpin(_ item: StoreItem) throws(StoreError) -> Bool {
            try store.unpin(item)
        }

        /// Moves a pinned item to `position` (0-based, clamped to the list).
        public func movePinned(_ item: StoreItem, to position: Int) throws(StoreError) {
            try store.movePinned(item, to: position)
        }

        /// Every collection with its items, in the order they were created.
        public func collections() throws(StoreError) -> [EmojiCollection] {
            try store.collections()
        }

        /// The collection with this name (case-insensitive), or nil.
        public func collection(named name: String) throws(StoreError) -> EmojiCollection? {
            try store.collection(named: name)
        }

        /// Creates an empty collection; fails with ``StoreError/collectionExists(_:)`` when the name is taken.
        public func createCollection(named name: String) throws(StoreError) {
            try store.createCollection(named: name)
        }

        /// Deletes a collection and its items; returns whether it existed.
        @discardableResult
        public func deleteCollection(named name: String) throws(StoreError) -> Bool {
            try store.deleteCollection(named: name)
        }

        /// Renames a collection.
        public func renameCollection(_ name: String, to newName: String) throws(StoreError) {
            try store.renameCollection(name, to: newName)
        }

        /// Adds an item at `position` (0-based; default at the end), creating the collection if
        /// needed. An item already there moves.
        public func add(_ item: StoreItem, toCollection name: String, at position: Int? = nil) throws(StoreError) {
            try store.add(item, toCollection: name, at: position)
        }

        /// Removes an item from a collection; returns whether it was there.
        @discardableResult
        public func remove(_ item: StoreItem, fromCollection name: String) throws(StoreError) -> Bool {
            try store.remove(item, fromCollection: name)
        }

        /// Moves an item of a collection to `position` (0-based, clamped).
        public func move(_ item: StoreItem, inCollection name: String, to position: Int) throws(StoreError) {
            try store.move(item, inCollection: name, to: position)
        }
    }
}
