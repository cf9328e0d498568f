import Moji

/// What the person picked, handed to the host in ``PickerEvent/picked(_:)``: the items to
/// insert and, from the skin-tone popover, the tones to remember. The picker records nothing:
/// the host records the pick in its history (``PickerHistory/record(_:)``) when it suits it.
///
/// ```swift
/// if case .picked(let pick) = picker.handle(.enter) {
///     insert(pick.text)
///     try store.record(pick)        // the use, and the tones chosen in the popover
/// }
/// ```
public struct EmojiPick: Sendable, Hashable {
    /// The picked items, in order, tones applied (👍🏽).
    public var items: [SearchItem]
    /// Tones chosen in the skin-tone popover, by neutral emoji (one tone, or one per person),
    /// to remember as the preferred tones; empty for a pick from the grid.
    public var skinTones: [Emoji: [SkinTone]]
    /// The search text the pick was made from, for the history to learn from
    /// (``PickerHistorySnapshot/learnedPicks``); nil for a pick from the sections without a search.
    public var query: String?

    /// A pick of `items`, with the tones chosen for them in the popover, if any, made after `query`.
    public init(items: [SearchItem], skinTones: [Emoji: [SkinTone]] = [:], query: String? = nil) {
        self.items = items
        self.skinTones = skinTones
        self.query = query
    }

    /// The picked items as text, one after another: emoji, or `:code:` for custom emoji.
    public var text: String { items.map(\.text).joined() }
}
