import Moji
import MojiStore

/// One item of a user's lists as `/v1/me` answers it: a Unicode emoji as `{"emoji":"👍🏽"}`, a
/// custom one as `{"emoji":":partyparrot:","code":"partyparrot","image":"/v1/images/<sha256>.gif"}`.
///
/// `image` is the server's cached copy when the image cache has it, else the URL the emoji was
/// imported from, else absent (also for a custom emoji the main store no longer has).
public struct StoreItemSummary: Codable, Sendable, Hashable {
    /// The emoji itself, or `:code:` for a custom one.
    public var emoji: String
    /// A custom emoji's code, without colons.
    public var code: String?
    /// A custom emoji's image: `/v1/images/<sha256>.<ext>` or the URL it came from.
    public var image: String?

    /// The summary of `item`; `custom` finds a custom emoji by code in the main store.
    public init(_ item: StoreItem, custom: (String) -> CustomEmoji?) {
        emoji = item.key
        guard let code = item.customCode else { return }
        let found = custom(code)
        self.code = found?.code ?? code
        image = found.flatMap(Self.image)
    }

    /// Where a custom emoji's image is served: the cached copy (content-addressed, never changes),
    /// else its source URL.
    static func image(of custom: CustomEmoji) -> String? {
        if let cached = custom.cachedImage { return "/v1/images/\(cached.fileName)" }
        guard let image = custom.image, !image.isEmpty else { return nil }
        return image
    }
}
