import Foundation

/// An emoji the catalog does not have, such as a forum smilie or a team's `:partyparrot:`: an
/// image with a `:code:`, as forums and Mastodon-style servers define them.
///
/// Search finds it by code, name and keywords with the same rules as Unicode emoji, a picker
/// shows it in a custom set, and `MojiStore` keeps it (with its usage, pins and collections).
///
/// ```swift
/// let parrot = CustomEmoji(code: "partyparrot", name: "party parrot", keywords: ["bird", "dance"],
///                          group: "animals", image: "https://example.org/parrot.gif")
/// let search = try EmojiSearch(locales: ["en"], customEmoji: [parrot])
/// search.results(for: "parr").first?.item.text   // ":partyparrot:"
/// ```
///
/// ## Codes
/// A code is given with or without its colons: ``normalizedCode(_:)`` trims white space and one
/// pair of surrounding colons (`" :Parrot: "` → `Parrot`), the same rule as for shortcodes, and
/// keeps the case as written for display. Codes are compared case-insensitively: the store
/// keeps one custom emoji per code whatever its case, and search folds case as for any word.
public struct CustomEmoji: Sendable, Hashable, Codable {
    /// The code without colons, e.g. `partyparrot`.
    public var code: String
    /// A name people search by, e.g. "party parrot"; may be empty.
    public var name: String
    /// More words people search by.
    public var keywords: [String]
    /// The group it is shown under, e.g. `forum`; nil for none.
    public var group: String?
    /// Where the image is: a URL or a path, as the importer stored it; nil when there is none
    /// (search needs no image).
    public var image: String?
    /// Where it came from (a site, a pack); nil when unknown.
    public var source: String?
    /// When it was added to a store; nil until it is stored.
    public var addedAt: Date?
    /// The name of the set it was imported with (a forum, a server, a pack); nil for one added
    /// by hand.
    public var set: String?
    /// Whether pickers show it. A hidden one (Mastodon's `visible_in_picker: false`) still
    /// converts in text and is found by code.
    public var isVisibleInPicker: Bool
    /// Its image's bytes as stored in the image cache, by SHA-256; nil until they are fetched.
    public var cachedImage: CustomEmojiImage?

    /// A custom emoji; `code` is normalized (see ``normalizedCode(_:)``).
    public init(
        code: String, name: String = "", keywords: [String] = [], group: String? = nil,
        image: String? = nil, source: String? = nil, addedAt: Date? = nil, set: String? = nil,
        isVisibleInPicker: Bool = true, cachedImage: CustomEmojiImage? = nil
    ) {
        self.code = Self.normalizedCode(code)
        self.name = name
        self.keywords = keywords
        self.group = group
        self.image = image
        self.source = source
        self.addedAt = addedAt
        self.set = set
        self.isVisibleInPicker = isVisibleInPicker
        self.cachedImage = cachedImage
    }

    private enum CodingKeys: String, CodingKey {
        case code, name, keywords, group, image, source, addedAt, set, isVisibleInPicker, cachedImage
    }

    /// Decodes what `encode(to:)` wrote, and the older form without a set, visibility or
    /// cached image (exports of earlier versions).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            code: try container.decode(String.self, forKey: .code),
            name: try container.decodeIfPresent(String.self, forKey: .name) ?? "",
            keywords: try container.decodeIfPresent([String].self, forKey: .keywords) ?? [],
            group: try container.decodeIfPresent(String.self, forKey: .group),
            image: try container.decodeIfPresent(String.self, forKey: .image),
            source: try container.decodeIfPresent(String.self, forKey: .source),
            addedAt: try container.decodeIfPresent(Date.self, forKey: .addedAt),
            set: try container.decodeIfPresent(String.self, forKey: .set),
            isVisibleInPicker: try container.decodeIfPresent(Bool.self, forKey: .isVisibleInPicker) ?? true,
            cachedImage: try container.decodeIfPresent(CustomEmojiImage.self, forKey: .cachedImage))
    }

    /// A code without surrounding white space and one pair of surrounding colons:
    /// `:partyparrot:` → `partyparrot`. The case is kept.
    public static func normalizedCode(_ code: String) -> String {
        ShortcodePreset.bare(code)
    }

    /// The image's http(s) URL as it may leave this machine: without user, password, query or
    /// fragment, which can hold credentials (`https://bot:pw@host/img.png?token=…`); nil when the
    /// image is not at an http(s) URL (a pack's or folder's file).
    public var shareableImageURL: String? {
        image.flatMap(Self.shareableAddress)
    }

    /// `address` as it may leave this machine when it is an http(s) URL: without user, password,
    /// query or fragment (a token or key, a Slack's or a private forum's, is not the public's);
    /// nil for anything else (a path, another scheme).
    public static func shareableAddress(_ address: String) -> String? {
        guard var components = URLComponents(string: address), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else { return nil }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string
    }

    /// Whether the image's URL holds more than ``shareableImageURL`` keeps (user, password, query
    /// or fragment), so that URL alone may not load it.
    public var imageURLHasPrivateParts: Bool {
        guard let image, let shareable = shareableImageURL else { return false }
        return shareable != image
    }

    /// Whether a normalized code is usable: not empty, not only dots, and without white space,
    /// colons, slashes (a code must never read as a path: `../x`) or characters that do not show
    /// (controls, bidirectional overrides that print `:rtl‮gnp.exe:` reversed, zero-width spaces
    /// that make `:zw​sp:` look like `:zwsp:`; ``isInvisible(_:)``).
    public static func isValidCode(_ code: String) -> Bool {
        !code.isEmpty && !code.allSatisfy { $0 == "." }
            && !code.unicodeScalars.contains { scalar in
                scalar == ":" || scalar == "/" || scalar == "\\" || scalar.properties.isWhitespace
                    || isInvisible(scalar)
            }
    }

    /// Whether `scalar` is a control or format character (general categories Cc, Cf: bidi
    /// controls, zero-width spaces and joiners, soft hyphen, byte-order mark), a line or paragraph
    /// separator, a variation selector or an invisible filler: characters a code cannot be told
    /// apart by when it is printed.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate:
            return true
        default:
            return scalar.properties.isVariationSelector
                || [0x115F, 0x1160, 0x3164, 0xFFA0, 0x034F].contains(scalar.value)
        }
    }
}
