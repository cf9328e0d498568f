import Moji

/// Where a picker reads what the person used and writes what they pick: the one protocol for
/// usage data, picks and skin-tone preferences.
///
/// `MojiStore`'s `EmojiStore` conforms; an app can plug in its own (a server, a test double).
///
/// ```swift
/// final class Memory: PickerHistory, @unchecked Sendable {
///     var picks: [SearchItem] = []
///     func pickerSnapshot() throws -> PickerHistorySnapshot { PickerHistorySnapshot(recent: picks.reversed()) }
///     func recordPick(of item: SearchItem) throws { picks.append(item) }
///     func setPreferredSkinTones(_ tones: [SkinTone], for emoji: Emoji) throws {}
/// }
/// ```
///
/// ## Topics
/// - Reading: ``pickerSnapshot()``
/// - Writing: ``recordPick(of:)``, ``setPreferredSkinTones(_:for:)``
public protocol PickerHistory: Sendable {
    /// Everything the picker shows from the history, read in one go when the picker opens and
    /// after each pick, so drawing never waits on storage.
    func pickerSnapshot() throws -> PickerHistorySnapshot

    /// Records that `item` was picked, tones included as picked (👍🏽).
    func recordPick(of item: SearchItem) throws

    /// Remembers the tones to show `emoji` with from now on: one tone, or one per person.
    func setPreferredSkinTones(_ tones: [SkinTone], for emoji: Emoji) throws
}

/// What a ``PickerHistory`` knows, as the picker needs it: the lists of its sections, the
/// preferred skin tones and the usage scores that rank search results.
public struct PickerHistorySnapshot: Sendable {
    /// The most used items by score, best first, tones as last used.
    public var frequentlyUsed: [SearchItem]
    /// The items the person marked as favorites, in their order.
    public var favorites: [SearchItem]
    /// The most recently used items, most recent first.
    public var recent: [SearchItem]
    /// Preferred tones by neutral emoji: one tone, or one per person.
    public var skinTones: [Emoji: [SkinTone]]
    /// The tone for emoji without a preference of their own; nil for neutral.
    public var defaultSkinTone: SkinTone?
    /// Usage scores keyed by ``SearchItem/text`` (neutral emoji or `:code:`), for ranking results.
    public var usage: UsageScores

    public init(frequentlyUsed: [SearchItem] = [], favorites: [SearchItem] = [], recent: [SearchItem] = [],
                skinTones: [Emoji: [SkinTone]] = [:], defaultSkinTone: SkinTone? = nil,
                usage: UsageScores = UsageScores([:])) {
        self.frequentlyUsed = frequentlyUsed
        self.favorites = favorites
        self.recent = recent
        self.skinTones = skinTones
        self.defaultSkinTone = defaultSkinTone
        self.usage = usage
    }

    /// `emoji` as the person wants to see it: a toned emoji as given; a neutral one with its
    /// preferred tones, else the default tone, else neutral.
    public func displayed(_ emoji: Emoji) -> Emoji {
        guard !emoji.hasSkinTones, emoji.supportsSkinTones else { return emoji }
        if let tones = skinTones[emoji.neutral], let toned = emoji.withSkinTones(SkinTone.normalized(tones)) { return toned }
        if let tone = defaultSkinTone, let toned = emoji.withSkinTone(tone) { return toned }
        return emoji
    }
}
