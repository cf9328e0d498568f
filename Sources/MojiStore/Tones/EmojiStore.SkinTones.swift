import Foundation
import Moji

extension EmojiStore {
    /// The user's skin tones: a default, and a choice per emoji that overrides it.
    public var skinTones: SkinTones { SkinTones(store: self) }

    /// The skin-tone facet of a store. Get it from ``EmojiStore/skinTones``.
    public struct SkinTones: Sendable {
        let store: EmojiStore

        /// Remembers the tones to show an emoji with: one tone, or one per person for multi-person
        /// emoji (🧑‍🤝‍🧑 → `[.light, .dark]`). An empty list forgets the preference.
        ///
        /// - Throws: ``StoreError/unsupportedSkinTones(emoji:tones:personCount:)`` when Unicode has
        ///   no such sequence.
        public func setPreferred(_ tones: [SkinTone], for emoji: Emoji) throws(StoreError) {
            try store.setPreferredSkinTones(tones, for: emoji)
        }

        /// The tones preferred for this emoji, or nil when none were set (the default tone applies).
        public func preferred(for emoji: Emoji) throws(StoreError) -> [SkinTone]? {
            try store.preferredSkinTones(for: emoji)
        }

        /// Every per-emoji preference, keyed by neutral emoji.
        public func preferences() throws(StoreError) -> [StoreItem: [SkinTone]] {
            try store.skinTonePreferences()
        }

        /// Sets the tone for every emoji without a preference of its own; nil for neutral.
        public func setDefault(_ tone: SkinTone?) throws(StoreError) {
            try store.setDefaultSkinTone(tone)
        }

        /// The global default tone, or nil for neutral.
        public func defaultTone() throws(StoreError) -> SkinTone? {
            try store.defaultSkinTone()
        }

        /// The emoji as the user wants to see it: a toned emoji as given; a neutral one with its
        /// preferred tones, else the default tone, else neutral.
        ///
        /// ```swift
        /// try store.skinTones.setDefault(.medium)
        /// try store.skinTones.resolved(wave)        // 👋🏽
        /// ```
        public func resolved(_ emoji: Emoji) throws(StoreError) -> Emoji {
            try store.resolved(emoji)
        }
    }
}
