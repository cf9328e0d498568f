import Foundation
import Moji
import MojiStore
import PostgresNIO

extension PostgresUserDataStore {
    public func defaultSkinTone(for user: String) async throws(StoreError) -> SkinTone? {
        try await ensureUser(user)
        return try await run { client, logger in
            let rows = try await client.query(
                "SELECT default_tone FROM moji_user WHERE user_name = \(user)", logger: logger)
            for try await tone in rows.decode(String?.self) { return tone.flatMap(SkinTone.init(identifier:)) }
            return nil
        }
    }

    public func setDefaultSkinTone(_ tone: SkinTone?, for user: String) async throws(StoreError) {
        try await withUserTransaction(user) { connection, logger in
            try await connection.query(
                "UPDATE moji_user SET default_tone = \(tone?.identifier) WHERE user_name = \(user)", logger: logger)
        }
    }

    public func skinTonePreferences(for user: String) async throws(StoreError) -> [StoreItem: [SkinTone]] {
        try await ensureUser(user)
        return try await run { client, logger in
            let rows = try await client.query(
                "SELECT item, tones FROM moji_tone_preference WHERE user_name = \(user)", logger: logger)
            var preferences: [StoreItem: [SkinTone]] = [:]
            for try await (item, tones) in rows.decode((String, String).self) {
                preferences[StoreItem(key: item)] = EmojiStore.parseTones(tones)
            }
            return preferences
        }
    }

    /// As ``/MojiStore/EmojiStore/SkinTones/setPreferred(_:for:)``: one tone, or one per person, and only
    /// tones Unicode has a sequence for.
    public func setPreferredSkinTones(_ tones: [SkinTone], for emoji: Emoji, user: String) async throws(StoreError) {
        let base = emoji.neutral
        if !tones.isEmpty {
            let fits = tones.count == 1 || tones.count == base.personCount
            guard fits, base.withSkinTones(tones) != nil else {
                throw .unsupportedSkinTones(emoji: base.character, tones: tones, personCount: base.personCount)
            }
        }
        let key = base.character
        let toneText = EmojiStore.toneText(tones)
        try await withUserTransaction(user) { connection, logger in
            if tones.isEmpty {
                try await connection.query(
                    "DELETE FROM moji_tone_preference WHERE user_name = \(user) AND item = \(key)", logger: logger)
            } else {
                try await connection.query(
                    """
                    INSERT INTO moji_tone_preference (user_name, item, tones) VALUES (\(user), \(key), \(toneText))
                    ON CONFLICT (user_name, item) DO UPDATE SET tones = excluded.tones
                    """, logger: logger)
            }
        }
    }
}
