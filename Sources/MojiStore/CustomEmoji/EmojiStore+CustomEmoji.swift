import Foundation
import GRDB
import Moji

extension EmojiStore {
    /// Adds a custom emoji; fails with ``StoreError/duplicateCustomCode(_:)`` when its code is taken.
    public func addCustomEmoji(_ emoji: CustomEmoji) throws(StoreError) {
        try saveCustomEmoji(emoji, replacing: false)
    }

    /// Adds or, with `replacing`, overwrites the custom emoji with the same code (in any case).
    /// One without ``/Moji/CustomEmoji/addedAt`` is stamped with the current date.
    public func saveCustomEmoji(_ emoji: CustomEmoji, replacing: Bool) throws(StoreError) {
        guard CustomEmoji.isValidCode(emoji.code) else { throw .invalidCustomCode(emoji.code) }
        if let problem = Self.problem(with: emoji) { throw .invalidCustomEmoji(code: emoji.code, reason: problem) }
        try write([.customEmoji]) { db in
            if !replacing,
                try Bool.fetchOne(db, sql: "SELECT 1 FROM customEmoji WHERE code = ?", arguments: [emoji.code]) != nil
            {
                throw StoreError.duplicateCustomCode(emoji.code)
            }
            try Self.insertCustomEmoji(emoji, in: db)
        }
    }

    /// The custom emoji with this code (case-insensitive, colons optional), or nil.
    public func customEmoji(code: String) throws(StoreError) -> CustomEmoji? {
        let code = CustomEmoji.normalizedCode(code)
        return try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM customEmoji WHERE code = ?", arguments: [code])
                .map(Self.customEmoji)
        }
    }

    /// Every custom emoji, by group then code.
    public func customEmojis() throws(StoreError) -> [CustomEmoji] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM customEmoji ORDER BY groupName, code").map(Self.customEmoji)
        }
    }

    /// Removes the custom emoji with this code; returns whether there was one. Its usage stays.
    @discardableResult
    public func removeCustomEmoji(code: String) throws(StoreError) -> Bool {
        let code = CustomEmoji.normalizedCode(code)
        return try write([.customEmoji]) { db in
            try db.execute(sql: "DELETE FROM customEmoji WHERE code = ?", arguments: [code])
            return db.changesCount > 0
        }
    }

    /// The most keywords a custom emoji may have.
    public static let maximumCustomKeywordCount = 100

    /// What keeps a custom emoji out of the store, or nil: an invalid code, or a name, keyword,
    /// group, image or source that breaks the rules of ``StoreText``.
    static func problem(with emoji: CustomEmoji) -> String? {
        guard CustomEmoji.isValidCode(emoji.code), emoji.code.count <= StoreText.maximumLength else {
            return "code \(StoreText.quoted(emoji.code)) is not valid: use letters, digits, '_', '-' or '+', "
                + "without spaces or colons"
        }
        if let problem = StoreText.problem(in: emoji.name, allowsEmpty: true) { return "name \(problem)" }
        if emoji.keywords.count > maximumCustomKeywordCount {
            return "keyword list is longer than \(maximumCustomKeywordCount)"
        }
        for keyword in emoji.keywords {
            if let problem = StoreText.problem(in: keyword) { return "keyword \(StoreText.quoted(keyword)) \(problem)" }
        }
        if let group = emoji.group, let problem = StoreText.problem(in: group) { return "group \(problem)" }
        for (field, value) in [("image", emoji.image), ("source", emoji.source)] {
            if let value,
                let problem = StoreText.problem(
                    in: value, allowsEmpty: true,
                    maximumLength: StoreText.maximumReferenceLength)
            {
                return "\(field) \(problem)"
            }
        }
        return nil
    }

    // MARK: The customEmoji table

    /// Writes one row: keywords as a JSON array, no image as '', no date as now.
    static func insertCustomEmoji(_ emoji: CustomEmoji, in db: Database) throws {
        let keywords = String(decoding: try JSONEncoder().encode(emoji.keywords), as: UTF8.self)
        let addedAt = emoji.addedAt ?? Date()
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO customEmoji (code, name, keywords, groupName, image, source, addedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                emoji.code, emoji.name, keywords, emoji.group, emoji.image ?? "", emoji.source,
                addedAt.timeIntervalSince1970,
            ])
    }

    /// Reads one row written by ``insertCustomEmoji(_:in:)``.
    static func customEmoji(_ row: Row) -> CustomEmoji {
        let keywords = (try? JSONDecoder().decode([String].self, from: Data((row["keywords"] as String).utf8))) ?? []
        let image: String = row["image"]
        return CustomEmoji(
            code: row["code"], name: row["name"], keywords: keywords, group: row["groupName"],
            image: image.isEmpty ? nil : image, source: row["source"],
            addedAt: Date(timeIntervalSince1970: row["addedAt"]))
    }
}
