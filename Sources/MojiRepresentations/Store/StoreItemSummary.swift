import Moji
import MojiStore

/// One item of a user's lists, as `moji pinned --json` and `moji collections --json` print it and
/// `/v1/me/pinned` and `/v1/me/collections` answer it: a Unicode emoji as
/// `{"emoji":"👍🏽","name":"thumbs up: medium skin tone"}`, a custom one as
/// `{"emoji":":partyparrot:","code":"partyparrot","name":"party parrot","image":"…"}`.
///
/// `name` is the English CLDR name (a custom emoji's own name), absent for a custom emoji the
/// store no longer has. `image` is what the caller's ``CustomEmojiLookup`` gives: the server's
/// cached copy, or the address the emoji was imported from.
public struct StoreItemSummary: Codable, Sendable, Hashable {
    /// The emoji itself, or `:code:` for a custom one.
    public var emoji: String
    /// Its English CLDR name, or a custom emoji's name; nil for a custom emoji that is gone.
    public var name: String?
    /// A custom emoji's code, without colons.
    public var code: String?
    /// A custom emoji's image: the server's `/v1/images/<sha256>.<ext>`, or the URL it came from.
    public var image: String?

    /// The summary of `item`, whose emoji `catalog` names and whose custom emoji `custom` finds.
    public init(_ item: StoreItem, catalog: EmojiCatalog = .shared, custom: CustomEmojiLookup) {
        emoji = item.key
        guard let code = item.customCode else {
            name = item.emoji(in: catalog)?.name()
            return
        }
        let found = custom.find(code)
        self.code = found?.code ?? code
        name = found?.name
        image = found.flatMap(custom.image)
    }
}

/// How a summary learns about the custom emoji a list names: where to find one by code, and which
/// address to give for its image.
public struct CustomEmojiLookup: Sendable {
    /// The custom emoji of a code (without colons), or nil when the store no longer has it.
    public var find: @Sendable (String) -> CustomEmoji?
    /// The address a client loads a custom emoji's image from, or nil.
    public var image: @Sendable (CustomEmoji) -> String?

    /// A lookup with `find`, giving images by `image` (by default the address each was imported from).
    public init(
        find: @escaping @Sendable (String) -> CustomEmoji?,
        image: @escaping @Sendable (CustomEmoji) -> String? = CustomEmojiLookup.importedImage
    ) {
        self.find = find
        self.image = image
    }

    /// A custom emoji's image as imported: its URL (or the file it was read from), nil when empty.
    @Sendable public static func importedImage(of custom: CustomEmoji) -> String? {
        guard let image = custom.image, !image.isEmpty else { return nil }
        return image
    }
}
