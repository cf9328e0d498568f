/// When a character that Unicode shows as text by default counts as an emoji in running text.
///
/// Characters such as `©`, `™`, `☺`, `❤`, `↔` have the `Emoji` property but not
/// `Emoji_Presentation`: written alone, without U+FE0F, they are text. Digits, `#` and `*` are
/// never emoji alone; they are only as keycaps (`#️⃣`, `#⃣`).
public enum TextPresentationRule: String, Sendable, Hashable, CaseIterable {
    /// The default. A text-default character is an emoji only when qualified: followed by U+FE0F
    /// (`©️`), by a skin tone (`☝🏻`), by U+20E3 (keycaps), or as part of a ZWJ sequence
    /// (`❤‍🔥`). So `© 2025`, `5 * 3` and `™` give no match.
    case requireEmojiPresentation
    /// Also report a lone text-default emoji character without U+FE0F (`©`, `☺`, `❤`) as an
    /// ``EmojiQualification/unqualified`` emoji: what `emoji-test.txt` lists. Digits, `#` and `*`
    /// alone are still text, and a character followed by U+FE0E (text presentation) never matches.
    case includeUnqualified
}
