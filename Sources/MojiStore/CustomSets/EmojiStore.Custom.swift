import Foundation
import Moji

extension EmojiStore {
    /// Custom emoji: those added one by one, and the sets imported from the web (a forum's smilies,
    /// a Mastodon instance, a Slack export, a pack or a folder), read and added here and kept
    /// current by MojiSync's `CustomSetSync`.
    public var custom: Custom { Custom(store: self) }

    /// The custom-emoji facet of a store. Get it from ``EmojiStore/custom``.
    public struct Custom: Sendable {
        let store: EmojiStore

        /// Adds a custom emoji; fails with ``StoreError/duplicateCustomCode(_:)`` when its code is taken.
        public func addEmoji(_ emoji: CustomEmoji) throws(StoreError) {
            try store.addCustomEmoji(emoji)
        }

        /// Adds or, with `replacing`, overwrites the custom emoji with the same code (in any case).
        /// One without ``/Moji/CustomEmoji/addedAt`` is stamped with the current date. One with a
        /// ``/Moji/CustomEmoji/set`` joins that set at its end (its next sync replaces it); the set must
        /// exist (``StoreError/unknownCustomSet(_:)``).
        public func saveEmoji(_ emoji: CustomEmoji, replacing: Bool) throws(StoreError) {
            try store.saveCustomEmoji(emoji, replacing: replacing)
        }

        /// The custom emoji with this code (case-insensitive, colons optional), or nil.
        public func emoji(code: String) throws(StoreError) -> CustomEmoji? {
            try store.customEmoji(code: code)
        }

        /// Every custom emoji, by group then code.
        public func allEmoji() throws(StoreError) -> [CustomEmoji] {
            try store.customEmojis()
        }

        /// Removes the custom emoji with this code; returns whether there was one. Its usage stays.
        @discardableResult
        public func removeEmoji(code: String) throws(StoreError) -> Bool {
            try store.removeCustomEmoji(code: code)
        }

        /// Adds a custom emoji set, empty until its first sync; stamps ``CustomSet/addedAt`` when it
        /// has none.
        ///
        /// - Throws: ``StoreError/duplicateCustomSet(_:)`` when a set has the name (in any case),
        ///   ``StoreError/invalidCustomSet(name:reason:)`` for a name, source or interval the rules of
        ///   ``CustomSet`` refuse.
        public func addSet(_ set: CustomSet) throws(StoreError) {
            try store.addCustomSet(set)
        }

        /// Every custom emoji set, by name.
        public func sets() throws(StoreError) -> [CustomSet] {
            try store.customSets()
        }

        /// The set with this name (in any case), or nil.
        public func set(named name: String) throws(StoreError) -> CustomSet? {
            try store.customSet(named: name)
        }

        /// Removes the set and its emoji; returns whether there was one. The usage of its codes stays,
        /// so a code that comes back (the set added again, or the code added by hand) has its
        /// history back. Cached images are left to the image cache's pruning.
        @discardableResult
        public func removeSet(named name: String) throws(StoreError) -> Bool {
            try store.removeCustomSet(named: name)
        }

        /// The set's emoji in the source's order.
        ///
        /// - Throws: ``StoreError/unknownCustomSet(_:)`` when there is no such set.
        public func emoji(inSet name: String) throws(StoreError) -> [CustomEmoji] {
            try store.customEmojis(inSet: name)
        }

        /// The SHA-256 of every stored custom emoji's cached image: what the image cache must keep.
        public func referencedImageHashes() throws(StoreError) -> Set<String> {
            try store.referencedImageHashes()
        }

        /// Every custom set with its emoji in order, by set name.
        public func setContents() throws(StoreError) -> [CustomSetContent] {
            try store.customSetContents()
        }
    }
}
