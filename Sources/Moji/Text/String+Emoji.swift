/// Emoji in strings, with ``EmojiScanner/shared`` (the bundled catalog, text-default characters
/// counting only when qualified; see ``TextPresentationRule``).
extension StringProtocol {
    /// Every emoji in this text, in order.
    public var emojiMatches: [EmojiMatch] { EmojiScanner.shared.matches(in: String(self)) }

    /// How many emoji this text holds: `"🇯🇵 👨‍👩‍👧 #️⃣".emojiCount == 3`.
    public var emojiCount: Int { EmojiScanner.shared.count(in: String(self)) }

    /// Whether this text holds at least one emoji; `"© 2025"` does not.
    public var containsEmoji: Bool { EmojiScanner.shared.containsEmoji(String(self)) }

    /// Whether this text is nothing but emoji (and whitespace), at most `maxCount` of them:
    /// `"🎉🎉".isEmojiOnly(maxCount: 3) == true`.
    public func isEmojiOnly(maxCount: Int = .max) -> Bool {
        EmojiScanner.shared.isEmojiOnly(String(self), maxCount: maxCount)
    }

    /// This text without its emoji.
    public func strippingEmoji() -> String { EmojiScanner.shared.strip(String(self)) }

    /// This text with each emoji replaced by what `replacement` returns for it (nil keeps it).
    public func replacingEmoji(_ replacement: (EmojiMatch) throws -> String?) rethrows -> String {
        try EmojiScanner.shared.replace(in: String(self), with: replacement)
    }
}
