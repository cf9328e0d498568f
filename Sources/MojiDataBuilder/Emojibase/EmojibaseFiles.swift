import Foundation

/// A JSON value that is either one string or a list of strings, as emojibase writes them.
struct OneOrMany: Decodable {
    var values: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let one = try? container.decode(String.self) {
            values = [one]
        } else {
            values = try container.decode([String].self)
        }
    }
}

/// emojibase's `messages.json`: localized group, subgroup and skin-tone names.
struct EmojibaseMessagesFile: Decodable {
    struct Message: Decodable {
        var key: String
        var message: String
    }
    var groups: [Message]
    var subgroups: [Message]
}

/// emojibase's `shortcodes/<preset>.json`: hexcode (without FE0F, mostly) → shortcodes.
struct EmojibaseShortcodesFile {
    var shortcodes: [String: [String]]

    init(url: URL) throws(BuildError) {
        shortcodes = try InputFile.decode([String: OneOrMany].self, from: url).mapValues(\.values)
    }
}

/// The emoticons of emojibase's full English `data.json`.
struct EmojibaseDataFile {
    struct Entry: Decodable {
        var hexcode: String
        var emoticon: OneOrMany?
    }
    var entries: [Entry]

    init(url: URL) throws(BuildError) {
        entries = try InputFile.decode([Entry].self, from: url)
    }
}

/// GitHub's gemoji `emoji.json`: each emoji with its aliases (GitHub shortcodes) and the search
/// tags GitHub's editors gave it.
struct GemojiFile {
    struct Entry: Decodable {
        var emoji: String
        var aliases: [String]
        /// Words people search for it by ("happy", "lol"); gemoji gives them to about a quarter of
        /// the emoji, mostly faces, hands, hearts and everyday things.
        var tags: [String]?
    }
    var entries: [Entry]

    init(url: URL) throws(BuildError) {
        entries = try InputFile.decode([Entry].self, from: url)
    }
}
