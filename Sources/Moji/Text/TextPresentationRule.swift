/// When a character that Unicode shows as text by default counts as an emoji in running text.
///
/// Characters such as `©`, `™`, `☺`, `❤`, `↔` have the `Emoji` property but not
/// `Emoji_Presentation`: written alone, without U+FE0F, they are text. Digits, `#` and `*` are
/// never emoji alone; they are only as keycaps (`#️⃣`, `#⃣`).
///
/// U+FE0E (the text presentation selector) follows one rule, whichever case is chosen and
/// wherever it is applied (finding, counting, stripping, replacing, emojify and demojify):
/// - right after a single bare emoji character (`❤︎`, `😀︎`), it makes that character text;
///   inside a ZWJ sequence this ends the sequence before that character's element;
/// - right after anything longer (a character with U+FE0F, a tone, a keycap, a flag, a tag or
///   ZWJ sequence: `👨‍👩‍👧︎`, `🇺🇸︎`), UTS #51 gives it no meaning: it belongs to the match, so
///   the emoji is found, stripped or replaced whole, selector included.
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
