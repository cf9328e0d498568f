import Moji

/// Where a picker's host keeps what the person used and picked: the one protocol for usage
/// data, picks and skin-tone preferences.
///
/// The picker reads it (``pickerSnapshot()``) when it opens and when the host calls
/// ``EmojiPicker/reloadHistory()``, and never writes it: the host records each
/// ``EmojiPick`` with ``record(_:)``, on whatever thread and at whatever time suits it.
/// `MojiStore`'s `EmojiStore` conforms through `MojiStorePicker`; an app can plug in its own
/// (a server, a test double).
///
/// ```swift
/// final class Memory: PickerHistory, @unchecked Sendable {
///     var picks: [SearchItem] = []
///     func pickerSnapshot() throws -> PickerHistorySnapshot { PickerHistorySnapshot(recent: picks.reversed()) }
///     func record(_ pick: EmojiPick) throws { picks += pick.items }
/// }
/// ```
///
/// ## Topics
///
/// ### Reading
///
/// - ``pickerSnapshot()``
///
/// ### Writing
///
/// - ``record(_:)``
public protocol PickerHistory: Sendable {
    /// Everything the picker shows from the history, read in one go, so drawing never waits on
    /// storage.
    func pickerSnapshot() throws -> PickerHistorySnapshot

    /// Records a pick: one use of each item, tones included as picked (👍🏽), the tones
    /// chosen in the popover (``EmojiPick/skinTones``) as the preferred ones, and, when the pick
    /// followed a search (``EmojiPick/query``), that query, so search learns from it.
    func record(_ pick: EmojiPick) throws
}

/// What a ``PickerHistory`` knows, as the picker needs it: the lists of its sections, the
/// preferred skin tones and the usage scores that rank search results.
public struct PickerHistorySnapshot: Sendable {
    /// The frequent list: the most used items by usage score, best first, tones as last used
    /// (the "Frequently Used" section).
    public var frequent: [SearchItem]
    /// The pinned list: the items the person pinned, in their order (the "Favorites" section).
    public var pinned: [SearchItem]
    /// The most recently used items, most recent first.
    public var recent: [SearchItem]
    /// Preferred tones by neutral emoji: one tone, or one per person.
    public var skinTones: [Emoji: [SkinTone]]
    /// The tone for emoji without a preference of their own; nil for neutral.
    public var defaultSkinTone: SkinTone?
    /// Usage scores (neutral emoji or `:code:`, see ``/Moji/UsageScores/key(of:)``), for ranking results.
    public var usage: UsageScores
    /// What the person picked after each query: search shows it first for that query and its
    /// prefixes (``/Moji/SearchOptions/learnedPicks``), looked up in memory on every keystroke.
    public var learnedPicks: LearnedPickHistory

    /// A snapshot of these lists, preferences, scores and learned picks; empty by default.
    public init(
        frequent: [SearchItem] = [], pinned: [SearchItem] = [], recent: [SearchItem] = [],
        skinTones: [Emoji: [SkinTone]] = [:], defaultSkinTone: SkinTone? = nil,
        usage: UsageScores = UsageScores([:]), learnedPicks: LearnedPickHistory = LearnedPickHistory()
    ) {
        self.frequent = frequent
        self.pinned = pinned
        self.recent = recent
        self.skinTones = skinTones
        self.defaultSkinTone = defaultSkinTone
        self.usage = usage
        self.learnedPicks = learnedPicks
    }

    /// `emoji` as the person wants to see it: a toned emoji as given; a neutral one with its
    /// preferred tones, else the default tone, else neutral.
    ///
    /// A toned sequence can be newer than its neutral emoji (🤝 is Emoji 3.0, 🤝🏽 14.0): with a
    /// `maximumVersion` (what the screen draws), a tone newer than it is not applied, so hiding
    /// what cannot be drawn also holds for the person's tones.
    public func displayed(_ emoji: Emoji, maximumVersion: EmojiVersion? = nil) -> Emoji {
        guard !emoji.hasSkinTones, emoji.supportsSkinTones else { return emoji }
        func drawable(_ toned: Emoji?) -> Emoji? {
            guard let toned else { return nil }
            return maximumVersion.map { toned.version <= $0 } ?? true ? toned : nil
        }
        if let tones = skinTones[emoji.neutral], let toned = drawable(emoji.withSkinTones(SkinTone.normalized(tones))) {
            return toned
        }
        if let tone = defaultSkinTone, let toned = drawable(emoji.withSkinTone(tone)) { return toned }
        return emoji
    }
}
