import Moji
import MojiStore

/// One custom emoji as a source lists it (a forum's smilie page, a Mastodon server, a Slack
/// workspace, a pack, a folder), before its image is fetched.
///
/// ```swift
/// SourceEmoji(code: "smith", name: "smith", group: "Basic Smilies",
///             image: "https://fi.somethingawful.com/images/smilies/smith.gif")
/// ```
public struct SourceEmoji: Sendable, Hashable {
    /// The code without colons (`smith` for `:smith:`), normalized by ``/Moji/CustomEmoji/normalizedCode(_:)``.
    public var code: String
    /// What people call it; the code when the source gives no name.
    public var name: String
    /// More words people search by.
    public var keywords: [String]
    /// The section or category it is listed under, when the source has them.
    public var group: String?
    /// Where its image is: an absolute `http`/`https` URL, or a path inside the source (a pack's
    /// archive, a folder), relative and without `..`.
    public var image: String
    /// A still image for places where animation is not wanted (Mastodon's `static_url`).
    public var staticImage: String?
    /// Whether pickers show it; a hidden one still converts in text (`visible_in_picker: false`).
    public var isVisibleInPicker: Bool

    public init(
        code: String, name: String? = nil, keywords: [String] = [], group: String? = nil, image: String,
        staticImage: String? = nil, isVisibleInPicker: Bool = true
    ) {
        self.code = code
        self.name = name ?? code
        self.keywords = keywords
        self.group = group
        self.image = image
        self.staticImage = staticImage
        self.isVisibleInPicker = isVisibleInPicker
    }

    /// The most characters a code may have.
    public static let maximumCodeLength = 100

    /// Why `code` (normalized, without colons) cannot be a custom emoji's code, or nil when it
    /// can: empty, holding white space, a colon, a slash, a backslash or a control character,
    /// only dots, or too long. Slashes and dots are refused because a code from a hostile source
    /// must never read as a path (`../x`, `/etc/passwd`) to a tool that files images by code.
    public static func problem(inCode code: String) -> String? {
        if let problem = StoreText.problem(in: code, maximumLength: maximumCodeLength) { return "the code \(problem)" }
        if code.contains(where: { $0 == "/" || $0 == "\\" }) { return "the code holds a slash, as a path would" }
        if code.allSatisfy({ $0 == "." }) { return "the code is only dots, as a path would be" }
        if code.unicodeScalars.contains(where: CustomEmoji.isInvisible) {
            return "the code holds a character that does not show (a control, bidi or zero-width character)"
        }
        if !CustomEmoji.isValidCode(code) { return "the code holds white space or a colon" }
        return nil
    }
}
