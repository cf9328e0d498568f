/// One emoji found in text: where it is, which catalog emoji it is, and how it was written.
///
/// ```swift
/// let text = "Ship it 🚢 ❤️ 👍🏽"
/// for match in text.emojiMatches {
///     print(match.text(in: text), match.emoji?.name() ?? "not RGI", match.qualification)
/// }
/// ```
public struct EmojiMatch: Sendable, Hashable {
    /// The byte offsets of the match in the UTF-8 text.
    public let utf8Range: Range<Int>
    /// The catalog emoji (its fully-qualified form), or nil for a valid sequence that is not RGI.
    public let emoji: Emoji?
    /// How completely the text carries the emoji presentation selectors: a text `☺` without
    /// U+FE0F is ``EmojiQualification/unqualified``; a skin tone alone is a ``EmojiQualification/component``.
    public let qualification: EmojiQualification

    /// Whether the sequence is in Unicode's recommended set (RGI), hence in the catalog.
    /// Non-RGI matches are valid by the UTS #51 grammar: an unknown flag (🇦🇦), a tag sequence,
    /// a ZWJ sequence of emoji that Unicode does not list.
    public var isRGI: Bool { emoji != nil }

    public init(utf8Range: Range<Int>, emoji: Emoji?, qualification: EmojiQualification) {
        self.utf8Range = utf8Range
        self.emoji = emoji
        self.qualification = qualification
    }

    /// The range of the match in `text`, the string it was found in.
    public func range(in text: String) -> Range<String.Index> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
        return lower..<utf8.index(lower, offsetBy: utf8Range.count)
    }

    /// The matched text in `text`, the string it was found in.
    public func text(in text: String) -> Substring { text[range(in: text)] }

    /// The same match `offset` bytes further on, for matches found in a later chunk of a stream.
    public func shifted(by offset: Int) -> EmojiMatch {
        EmojiMatch(
            utf8Range: (utf8Range.lowerBound + offset)..<(utf8Range.upperBound + offset), emoji: emoji,
            qualification: qualification)
    }
}
