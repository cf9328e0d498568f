import Foundation
import Moji
import MojiStore

/// One custom emoji set as `GET /v1/custom` answers it: its source, when it was last synced, and
/// its emoji that pickers show, in the store's order.
///
/// ```json
/// {"name":"forum","source":{"kind":"forum","location":"https://…"},"syncedAt":"2026-11-22T10:00:00Z",
///  "emoji":[{"emoji":":partyparrot:","code":"partyparrot","name":"party parrot",
///            "image":"/v1/images/<sha256>.gif","width":32,"height":32,"animated":true}]}
/// ```
///
/// Emoji added with `moji custom add` outside any set come as a last entry named `custom` whose
/// `source` is `null`.
public struct CustomSetSummary: Codable, Sendable, Hashable {
    /// Where a set's emoji come from.
    public struct Source: Codable, Sendable, Hashable {
        /// `forum`, `mastodon`, `slack`, `pack` or `folder`.
        public var kind: String
        /// The web address it is read from, without user, query or fragment; nil for a local
        /// folder or file (the server's paths are nobody else's business) or a URL that is not
        /// http(s).
        public var location: String?

        /// The source of a set as the API shows it to anyone: its kind, and a public `location` only.
        public init(kind: String, location: String) {
            self.kind = kind
            self.location = CustomEmoji.shareableAddress(location)
        }

        /// The source of a set as its owner sees it (`moji custom sets`): the location as stored,
        /// a local path or a URL with its query.
        public init(owned source: CustomSetSource) {
            kind = source.kind.rawValue
            location = source.location
        }
    }

    /// One emoji of a set.
    public struct Item: Codable, Sendable, Hashable {
        /// `:code:`, as search results and usage name a custom emoji.
        public var emoji: String
        /// The code without colons.
        public var code: String
        /// Its name.
        public var name: String
        /// The server's cached copy (`/v1/images/<sha256>.<ext>`), else the URL it was imported
        /// from; nil when it has neither.
        public var image: String?
        /// The cached image's width in pixels; nil without a cached image.
        public var width: Int?
        /// The cached image's height in pixels; nil without a cached image.
        public var height: Int?
        /// Whether the cached image has more than one frame; nil without a cached image.
        public var animated: Bool?

        /// The item of `custom`, whose image clients fetch from `image`.
        public init(_ custom: CustomEmoji, image: String?) {
            emoji = ":\(custom.code):"
            code = custom.code
            name = custom.name
            self.image = image
            if let cached = custom.cachedImage {
                width = cached.width
                height = cached.height
                animated = cached.frameCount > 1
            }
        }
    }

    /// The set's name (`custom` for the emoji outside any set).
    public var name: String
    /// Where it comes from; nil (`null`) for the emoji outside any set.
    public var source: Source?
    /// When its last sync completed; absent when it never did.
    public var syncedAt: Date?
    /// Its emoji.
    public var emoji: [Item]

    /// A summary of `name` from `source` with `emoji`.
    public init(name: String, source: Source?, syncedAt: Date?, emoji: [Item]) {
        self.name = name
        self.source = source
        self.syncedAt = syncedAt
        self.emoji = emoji
    }

    private enum CodingKeys: String, CodingKey {
        case name, source, syncedAt, emoji
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        // `null`, not absent: the emoji outside sets say so explicitly.
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(syncedAt, forKey: .syncedAt)
        try container.encode(emoji, forKey: .emoji)
    }
}
