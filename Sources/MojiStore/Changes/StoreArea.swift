/// A part of the store that changes on its own, for ``EmojiStore/changes(in:pollingInterval:)``.
public enum StoreArea: String, Sendable, Hashable, CaseIterable, Codable {
    /// Scores and counts behind the frequent, recent and most-used lists: every recorded use,
    /// `clearAll`, `clearScore`.
    case usage
    /// The pinned list and its order.
    case pinned
    /// Named collections and their items.
    case collections
    /// Skin-tone preferences and the default tone.
    case skinTones
    /// Custom emoji records.
    case customEmoji
    /// Custom emoji sets: added, removed, synced (their content replaced, or checked), or failing
    /// to sync. A sync that replaces a set's emoji changes ``customEmoji`` too.
    case customSets
}

/// One committed change of an area; `version` grows by one per committing transaction.
public struct StoreChange: Sendable, Hashable {
    /// The area that changed.
    public var area: StoreArea
    /// The area's version after the change.
    public var version: Int
}
