/// Reads a maximum Emoji version as `moji --max-version` and the API's `max-version` take it: an Emoji
/// version (`15.1`) or an Apple OS release (`iOS:17.4`, `macOS 14.4`).
public enum MaximumVersion {
    /// Why a text is not a maximum version.
    public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Neither an Emoji version nor an OS release.
        case unrecognized(String)
        /// An OS release older than every one Moji knows.
        case olderThanEveryRelease(platform: String, version: String)

        public var description: String {
            switch self {
            case .unrecognized(let text):
                "'\(text.prefix(64))' is neither an Emoji version (15.1) nor an Apple OS release (iOS:17.4)."
            case .olderThanEveryRelease(let platform, let version):
                "\(platform) \(version) is older than every release Moji knows."
            }
        }
    }

    /// The Emoji version `text` names.
    public static func parse(_ text: String) throws(ParseError) -> EmojiVersion {
        if let version = EmojiVersion(text) { return version }
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "=" })
        if parts.count == 2, let platform = ApplePlatform.named(String(parts[0])), let os = OSVersion(String(parts[1]))
        {
            guard let version = platform.emojiVersion(for: os) else {
                throw .olderThanEveryRelease(platform: platform.name, version: os.description)
            }
            return version
        }
        throw .unrecognized(text)
    }
}
