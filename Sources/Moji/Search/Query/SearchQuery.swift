/// A query folded and split the way the index is: its words, its whole text as phrase keys,
/// and whether it names a `:shortcode:`. Reads at most 256 scalars and 16 words, so any input
/// costs the same bounded work.
struct SearchQuery: Sendable {
    struct Token: Sendable {
        let scalars: [UInt32]
        let bytes: [UInt8]
        /// Whether the token is written in a script without spaces, so it also matches inside words.
        let isUnspaced: Bool
        /// Whether the token was typed with a mark that folding took off (``TextFolding/carriesMark(_:)``).
        let hasMark: Bool
    }

    let tokens: [Token]
    /// `1` + the words joined by spaces, to match a whole name.
    let wordsKey: [UInt8]
    /// `2` + the folded text with punctuation, to match emoticons, characters, shortcodes, names.
    let rawKey: [UInt8]
    /// `2` + the text without its colons when it starts with one (`:tada:`, `:tada`).
    let shortcodeKey: [UInt8]?
    /// `2` + the text without the sentence punctuation around it (`bonne nuit!`, `¡hola!`,
    /// `おやすみ〜`), when it has some and more: a phrase is written with it in chat, and a name
    /// or an everyday word is still meant.
    let unpunctuatedKey: [UInt8]?
    /// The folded text with punctuation, without the marker.
    let rawScalars: [UInt32]
    /// Whether the last word may still be being typed: the text ends inside it, with no space
    /// or punctuation after it.
    let lastWordIsOpen: Bool
    /// Whether a space follows the last word: the person typing goes on to another word, so a
    /// name that is no more than the words typed is not what they are after (``RankKey/completeNameCost``).
    let expectsAnotherWord: Bool

    init(_ text: String) {
        let words = TextFolding.markedWords(text, maximumScalars: TextFolding.maximumQueryScalars)
            .prefix(TextFolding.maximumQueryWords)
        var tokens: [Token] = []
        tokens.reserveCapacity(words.count)
        // The words joined by spaces, in UTF-8: each word's bytes with a space between.
        var wordsKey: [UInt8] = [SearchSegment.wordsKeyMarker]
        for (word, hasMark) in words {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(word.count)
            UTF8Codec.append(word, to: &bytes)
            tokens.append(
                Token(
                    scalars: word, bytes: bytes, isUnspaced: word.contains(where: TextFolding.isUnspacedScript),
                    hasMark: hasMark))
            if wordsKey.count > 1 { wordsKey.append(0x20) }
            wordsKey.append(contentsOf: bytes)
        }
        self.tokens = tokens
        self.wordsKey = wordsKey
        lastWordIsOpen = text.unicodeScalars.last.map(TextFolding.isWordCharacter) ?? false
        expectsAnotherWord = !tokens.isEmpty && text.unicodeScalars.last?.properties.isWhitespace == true
        let raw = TextFolding.rawKey(text, maximumScalars: TextFolding.maximumQueryScalars)
        rawScalars = raw
        var rawKey: [UInt8] = [SearchSegment.rawKeyMarker]
        rawKey.reserveCapacity(1 + raw.count)
        UTF8Codec.append(raw, to: &rawKey)
        self.rawKey = rawKey
        let colon = UInt32(UInt8(ascii: ":"))
        if raw.count > 1, raw.first == colon {
            var bare = raw.dropFirst()
            if bare.count > 1, bare.last == colon { bare = bare.dropLast() }
            var key: [UInt8] = [SearchSegment.rawKeyMarker]
            UTF8Codec.append(Array(bare), to: &key)
            shortcodeKey = key
        } else {
            shortcodeKey = nil
        }
        let bare = raw.drop(while: Self.isSentencePunctuation).reversed().drop(while: Self.isSentencePunctuation)
        if bare.count < raw.count, !bare.isEmpty {
            var key: [UInt8] = [SearchSegment.rawKeyMarker]
            UTF8Codec.append(Array(bare.reversed()), to: &key)
            unpunctuatedKey = key
        } else {
            unpunctuatedKey = nil
        }
    }

    /// Marks that end or open a sentence, or draw it out, as folded (`！` is `!`), and the
    /// space before them.
    private static func isSentencePunctuation(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0x21, 0x2C, 0x2E, 0x3F, 0x7E, 0xA1, 0xBF, 0x2026, 0x3001, 0x3002, 0x301C: true
        default: false
        }
    }

    /// Whether the query has nothing to match: no words and no symbols.
    var isBlank: Bool { rawScalars.isEmpty }

    /// Whether some word is long enough for typo tolerance.
    var allowsTypos: Bool { tokens.contains { $0.scalars.count >= TypoTolerance.minimumLength && !$0.isUnspaced } }
}
