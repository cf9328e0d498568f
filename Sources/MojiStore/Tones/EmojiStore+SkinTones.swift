import GRDB
import Moji

extension EmojiStore {
    /// The work of `EmojiStore.SkinTones.setPreferred`.
    func setPreferredSkinTones(_ tones: [SkinTone], for emoji: Emoji) throws(StoreError) {
        let base = emoji.neutral
        if !tones.isEmpty {
            let fits = tones.count == 1 || tones.count == base.personCount
            guard fits, base.withSkinTones(tones) != nil else {
                throw .unsupportedSkinTones(emoji: base.character, tones: tones, personCount: base.personCount)
            }
        }
        try write([.skinTones]) { db in
            if tones.isEmpty {
                try db.execute(sql: "DELETE FROM tonePreference WHERE item = ?", arguments: [base.character])
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO tonePreference (item, tones) VALUES (?, ?)
                        ON CONFLICT(item) DO UPDATE SET tones = excluded.tones
                        """, arguments: [base.character, Self.toneText(tones)])
            }
        }
    }

    /// The work of `EmojiStore.SkinTones.preferred`.
    func preferredSkinTones(for emoji: Emoji) throws(StoreError) -> [SkinTone]? {
        let key = emoji.neutral.character
        return try read { db in
            try String.fetchOne(db, sql: "SELECT tones FROM tonePreference WHERE item = ?", arguments: [key]).map(
                Self.parseTones)
        }
    }

    /// The work of `EmojiStore.SkinTones.preferences`.
    func skinTonePreferences() throws(StoreError) -> [StoreItem: [SkinTone]] {
        try read { db in
            var preferences: [StoreItem: [SkinTone]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT item, tones FROM tonePreference") {
                preferences[StoreItem(key: row["item"])] = Self.parseTones(row["tones"])
            }
            return preferences
        }
    }

    /// The work of `EmojiStore.SkinTones.setDefault`.
    func setDefaultSkinTone(_ tone: SkinTone?) throws(StoreError) {
        try write([.skinTones]) { db in
            if let tone {
                try db.execute(
                    sql:
                        "INSERT INTO meta (key, value) VALUES ('defaultTone', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [tone.identifier])
            } else {
                try db.execute(sql: "DELETE FROM meta WHERE key = 'defaultTone'")
            }
        }
    }

    /// The work of `EmojiStore.SkinTones.defaultTone`.
    func defaultSkinTone() throws(StoreError) -> SkinTone? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'defaultTone'").flatMap(
                SkinTone.init(identifier:))
        }
    }

    /// The work of `EmojiStore.SkinTones.resolved`.
    func resolved(_ emoji: Emoji) throws(StoreError) -> Emoji {
        guard !emoji.hasSkinTones, emoji.supportsSkinTones else { return emoji }
        if let tones = try preferredSkinTones(for: emoji), let toned = emoji.withSkinTones(tones) { return toned }
        if let tone = try defaultSkinTone(), let toned = emoji.withSkinTone(tone) { return toned }
        return emoji
    }
}
