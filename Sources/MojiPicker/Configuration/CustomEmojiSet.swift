import Moji

/// A named set of custom emoji (a forum's smilies, a team's pack) shown as one picker section.
///
/// ```swift
/// let forum = CustomEmojiSet(id: "forum", title: "Forum", emoji: [CustomEmoji(code: "frogout", name: "frog out")])
/// ```
public struct CustomEmojiSet: Sendable, Hashable, Identifiable {
    /// A stable identifier, unique among the sets.
    public var id: String
    /// The section title, as the person should read it.
    public var title: String
    /// The custom emoji, in the order to show them.
    public var emoji: [CustomEmoji]

    public init(id: String, title: String, emoji: [CustomEmoji]) {
        self.id = id
        self.title = title
        self.emoji = emoji
    }
}
