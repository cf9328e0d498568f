import Foundation
import GRDB
import Moji

/// A custom set with its emoji in the source's order: what a shared database holds of a set,
/// and what MojiSync's `CustomSetMirror` mirrors into a store.
public struct CustomSetContent: Sendable, Hashable, Codable {
    /// The set's record: source and sync state.
    public var set: CustomSet
    /// Its emoji, in order; each ``/Moji/CustomEmoji/set`` is the set's name.
    public var emoji: [CustomEmoji]

    public init(set: CustomSet, emoji: [CustomEmoji]) {
        self.set = set
        self.emoji = emoji
    }
}

extension EmojiStore {
    /// The work of `EmojiStore.Custom.setContents`.
    func customSetContents() throws(StoreError) -> [CustomSetContent] {
        try read { db in
            let sets = try Self.fetchCustomSets(db)
            var emoji: [String: [CustomEmoji]] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT \(Self.customEmojiColumns) FROM customEmoji WHERE setName IS NOT NULL "
                    + "ORDER BY position, code")
            {
                let entry = Self.customEmoji(row)
                emoji[(entry.set ?? "").lowercased(), default: []].append(entry)
            }
            return sets.map { CustomSetContent(set: $0, emoji: emoji[$0.name.lowercased()] ?? []) }
        }
    }

    /// Makes the store's custom sets exactly `contents`, in one transaction: sets and set emoji
    /// not in it go, the others are written as given (sync state included; refresh locks are
    /// cleared). Custom emoji added by hand stay, unless a set's emoji has their code: the
    /// mirrored data wins. Usage is not touched.
    ///
    /// This is how a `moji serve` instance mirrors the custom sets that a shared database (such
    /// as PostgreSQL) holds: readers see the old sets or the new ones, never a mix, and the
    /// store's change versions move, so everything that watches them (search, the server's
    /// caches) follows.
    ///
    /// - Throws: ``StoreError/invalidCustomSet(name:reason:)`` or
    ///   ``StoreError/invalidCustomEmoji(code:reason:)`` for content the store refuses: nothing is
    ///   written.
    package func replaceCustomSets(with contents: [CustomSetContent]) throws(StoreError) {
        for content in contents {
            if let problem = content.set.problem {
                throw .invalidCustomSet(name: content.set.name, reason: problem)
            }
            for entry in content.emoji {
                var checked = entry
                checked.set = nil
                if let problem = Self.problem(with: checked) {
                    throw .invalidCustomEmoji(code: entry.code, reason: problem)
                }
            }
        }
        try write([.customSets, .customEmoji]) { db in
            try db.execute(sql: "DELETE FROM customEmoji WHERE setName IS NOT NULL")
            try db.execute(sql: "DELETE FROM customSet")
            for content in contents {
                try Self.insertCustomSet(content.set, in: db)
                for (position, entry) in content.emoji.enumerated() {
                    var entry = entry
                    entry.set = content.set.name
                    // INSERT OR REPLACE: a hand-added emoji with the code gives way.
                    try Self.insertCustomEmoji(entry, position: position, in: db)
                }
            }
        }
    }
}
