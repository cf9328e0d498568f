/// A Unicode emoji group, such as Smileys & Emotion, with a stable identifier.
///
/// Identifiers are emojibase's keys (`smileys-emotion`, `people-body`, …); the order is CLDR's.
/// Localized names come from ``LocalizedCatalog/name(of:)-(EmojiGroup)``.
public struct EmojiGroup: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The stable identifier, e.g. `food-drink`.
    public let identifier: String
    /// The name in emoji-test.txt, e.g. `Food & Drink`.
    public let unicodeName: String
    /// The position in CLDR order, from 0.
    public let index: Int

    public var id: String { identifier }
    public var description: String { identifier }
}

/// A Unicode emoji subgroup, such as `face-smiling`, within its group.
public struct EmojiSubgroup: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The stable identifier from emoji-test.txt, e.g. `face-smiling`.
    public let identifier: String
    /// The group this subgroup belongs to.
    public let group: EmojiGroup
    /// The position in CLDR order across all subgroups, from 0.
    public let index: Int

    public var id: String { identifier }
    public var description: String { identifier }
}
