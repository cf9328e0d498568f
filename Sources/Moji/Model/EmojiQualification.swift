/// How completely a sequence carries its emoji presentation selectors (UTS #51, ED-18 to ED-19).
public enum EmojiQualification: String, Sendable, Hashable, Codable {
    /// Every needed U+FE0F is present: the form keyboards should insert.
    case fullyQualified = "fully-qualified"
    /// The first character is qualified but a later one lacks its U+FE0F.
    case minimallyQualified = "minimally-qualified"
    /// The first character lacks its U+FE0F.
    case unqualified
    /// A skin-tone or hair component (🏻, 🦰).
    case component
}
