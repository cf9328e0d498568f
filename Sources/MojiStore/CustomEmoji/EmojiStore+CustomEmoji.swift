import Foundation
import GRDB
import Moji

extension EmojiStore {
    /// The work of `EmojiStore.Custom.addEmoji`.
    func addCustomEmoji(_ emoji: CustomEmoji) throws(StoreError) {
        try saveCustomEmoji(emoji, replacing: false)
    }

    /// The work of `EmojiStore.Custom.saveEmoji`.
    func saveCustomEmoji(_ emoji: CustomEmoji, replacing: Bool) throws(StoreError) {
        guard CustomEmoji.isValidCode(emoji.code) else { throw .invalidCustomCode(emoji.code) }
        if let problem = Self.problem(with: emoji) { throw .invalidCustomEmoji(code: emoji.code, reason: problem) }
        let areas: [StoreArea] = emoji.set == nil ? [.customEmoji] : [.customEmoji, .customSets]
        try write(areas) { db in
            if !replacing,
                try Bool.fetchOne(db, sql: "SELECT 1 FROM customEmoji WHERE code = ?", arguments: [emoji.code]) != nil
            {
                throw StoreError.duplicateCustomCode(emoji.code)
            }
            var emoji = emoji
            var position: Int?
            if let set = emoji.set {
                guard let stored = try Self.storedSetName(set, in: db) else { throw StoreError.unknownCustomSet(set) }
                emoji.set = stored
                position = try Int.fetchOne(
                    db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM customEmoji WHERE setName = ?",
                    arguments: [stored])
            }
            try Self.insertCustomEmoji(emoji, position: position, in: db)
        }
    }

    /// The work of `EmojiStore.Custom.emoji`.
    func customEmoji(code: String) throws(StoreError) -> CustomEmoji? {
        let code = CustomEmoji.normalizedCode(code)
        return try read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.customEmojiColumns) FROM customEmoji WHERE code = ?", arguments: [code]
            )
            .map(Self.customEmoji)
        }
    }

    /// The work of `EmojiStore.Custom.allEmoji`.
    func customEmojis() throws(StoreError) -> [CustomEmoji] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.customEmojiColumns) FROM customEmoji ORDER BY groupName, code")
                .map(Self.customEmoji)
        }
    }

    /// The work of `EmojiStore.Custom.removeEmoji`.
    @discardableResult
    func removeCustomEmoji(code: String) throws(StoreError) -> Bool {
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
        if let set = emoji.set, let problem = CustomSet.problem(inName: set) { return "set name \(problem)" }
        if let image = emoji.cachedImage, let problem = problem(with: image) { return "cached image \(problem)" }
        if let image = emoji.image, let problem = problem(withImageAddress: image) { return "image \(problem)" }
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

    /// What is wrong with an image address, or nil. What sync stores is allowed: an http or https
    /// URL with a host (a forum's, a server's), a file path (a folder set's image) or a pack's
    /// entry name. Any other scheme (`javascript:`, `file:`, `data:`) and a path that climbs out
    /// with `..` are refused: servers and pages hand image addresses to browsers, and files are
    /// opened by path.
    static func problem(withImageAddress address: String) -> String? {
        if let scheme = Self.scheme(of: address) {
            guard scheme == "http" || scheme == "https",
                let host = URLComponents(string: address)?.host, !host.isEmpty
            else {
                return "\(StoreText.quoted(address)) is not an http or https URL with a host, nor a file path"
            }
            return nil
        }
        if address.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return "\(StoreText.quoted(address)) climbs out of its folder with '..'"
        }
        return nil
    }

    /// The scheme of `address` in lower case (`javascript` of `JavaScript:alert(1)`), or nil when
    /// it does not start with one (a path).
    private static func scheme(of address: String) -> String? {
        guard let colon = address.firstIndex(of: ":") else { return nil }
        let scheme = address[..<colon]
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first),
            scheme.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || $0 == "+" || $0 == "-" || $0 == "."
            })
        else { return nil }
        return scheme.lowercased()
    }

    /// The formats a cached image may have (`ImageFormat` of MojiSync).
    static let imageFormats: Set<String> = ["png", "apng", "gif", "jpeg", "webp"]

    /// What is wrong with a cached image's description, or nil.
    static func problem(with image: CustomEmojiImage) -> String? {
        guard CustomEmojiImage.isValidSHA256(image.sha256) else {
            return "hash \(StoreText.quoted(image.sha256)) is not 64 lowercase hexadecimal digits"
        }
        guard imageFormats.contains(image.format) else {
            return "format \(StoreText.quoted(image.format)) is not one of png, apng, gif, jpeg, webp"
        }
        guard image.width > 0, image.height > 0, image.frameCount > 0, image.byteCount > 0 else {
            return
                "size \(image.width)×\(image.height), \(image.frameCount) frames, \(image.byteCount) bytes is not positive"
        }
        return nil
    }

    // MARK: The customEmoji table

    /// Writes one row: keywords as a JSON array, no image as '', no date as now; `position` is
    /// its place in its set.
    static func insertCustomEmoji(_ emoji: CustomEmoji, position: Int? = nil, in db: Database) throws {
        let keywords = String(decoding: try JSONEncoder().encode(emoji.keywords), as: UTF8.self)
        let addedAt = emoji.addedAt ?? Date()
        let image = emoji.cachedImage
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO customEmoji (code, name, keywords, groupName, image, source, addedAt,
                    setName, position, visibleInPicker, imageSHA256, imageFormat, imageWidth, imageHeight,
                    imageFrames, imageBytes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                emoji.code, emoji.name, keywords, emoji.group, emoji.image ?? "", emoji.source,
                addedAt.timeIntervalSince1970, emoji.set, emoji.set == nil ? nil : position,
                emoji.isVisibleInPicker, image?.sha256, image?.format, image?.width, image?.height,
                image?.frameCount, image?.byteCount,
            ])
    }

    /// The columns ``customEmoji(_:)`` reads, cast to their types, so a hand-edited value of
    /// another type reads as a wrong value (that check reports) instead of trapping.
    static let customEmojiColumns = """
        CAST(code AS TEXT) AS code, CAST(name AS TEXT) AS name, CAST(keywords AS TEXT) AS keywords,
        CAST(groupName AS TEXT) AS groupName, CAST(image AS TEXT) AS image, CAST(source AS TEXT) AS source,
        CAST(addedAt AS REAL) AS addedAt, CAST(setName AS TEXT) AS setName, CAST(position AS INTEGER) AS position,
        CAST(visibleInPicker AS INTEGER) AS visibleInPicker, CAST(imageSHA256 AS TEXT) AS imageSHA256,
        CAST(imageFormat AS TEXT) AS imageFormat, CAST(imageWidth AS INTEGER) AS imageWidth,
        CAST(imageHeight AS INTEGER) AS imageHeight, CAST(imageFrames AS INTEGER) AS imageFrames,
        CAST(imageBytes AS INTEGER) AS imageBytes
        """

    /// The columns a file of schema v1 has (a damaged one being salvaged).
    static let customEmojiColumnsV1 = """
        CAST(code AS TEXT) AS code, CAST(name AS TEXT) AS name, CAST(keywords AS TEXT) AS keywords,
        CAST(groupName AS TEXT) AS groupName, CAST(image AS TEXT) AS image, CAST(source AS TEXT) AS source,
        CAST(addedAt AS REAL) AS addedAt
        """

    /// Reads one row of ``customEmojiColumns`` (or ``customEmojiColumnsV1``): what
    /// ``insertCustomEmoji(_:position:in:)`` wrote.
    static func customEmoji(_ row: Row) -> CustomEmoji {
        let keywordText = row["keywords"] as String? ?? ""
        let keywords = (try? JSONDecoder().decode([String].self, from: Data(keywordText.utf8))) ?? []
        let image = row["image"] as String? ?? ""
        return CustomEmoji(
            code: row["code"] as String? ?? "", name: row["name"] as String? ?? "", keywords: keywords,
            group: row["groupName"], image: image.isEmpty ? nil : image, source: row["source"],
            addedAt: (row["addedAt"] as Double?).map(Date.init(timeIntervalSince1970:)), set: row["setName"],
            isVisibleInPicker: (row["visibleInPicker"] as Int?).map { $0 != 0 } ?? true,
            cachedImage: cachedImage(row))
    }

    /// The cached image of a customEmoji row, or nil when its columns are empty.
    static func cachedImage(_ row: Row) -> CustomEmojiImage? {
        guard let sha256 = row["imageSHA256"] as String?, let format = row["imageFormat"] as String?,
            let width = row["imageWidth"] as Int?, let height = row["imageHeight"] as Int?,
            let frames = row["imageFrames"] as Int?, let bytes = row["imageBytes"] as Int?
        else { return nil }
        return CustomEmojiImage(
            sha256: sha256, format: format, width: width, height: height, frameCount: frames, byteCount: bytes)
    }

    /// The name of the set as stored (its case), or nil when there is no such set.
    static func storedSetName(_ name: String, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT name FROM customSet WHERE name = ?", arguments: [name])
    }
}
