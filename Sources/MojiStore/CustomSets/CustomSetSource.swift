/// Where a custom emoji set comes from: the kind of source and its address.
///
/// ```swift
/// CustomSetSource(kind: .mastodon, location: "https://mastodon.social/api/v1/custom_emojis")
/// CustomSetSource(kind: .forum, location: "https://forums.example.com/misc.php?action=showsmilies")
/// CustomSetSource(kind: .folder, location: "/home/ann/smilies")
/// ```
public struct CustomSetSource: Sendable, Hashable, Codable {
    /// The kinds of source a set is imported from.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A forum's smilie page, by URL or as a saved file.
        case forum
        /// A Mastodon-compatible server's `/api/v1/custom_emojis`.
        case mastodon
        /// The JSON of Slack's `emoji.list`, by URL or as a saved file.
        case slack
        /// A zip archive with a manifest (Pleroma's `pack.json`, Misskey's `meta.json`).
        case pack
        /// A folder of images.
        case folder
    }

    /// The kind of source.
    public var kind: Kind
    /// An `http` or `https` URL for a forum, Mastodon or Slack source (for Mastodon the full
    /// endpoint, `https://host/api/v1/custom_emojis`); an absolute path for a forum or Slack
    /// file, a pack or a folder.
    public var location: String

    public init(kind: Kind, location: String) {
        self.kind = kind
        self.location = location
    }

    /// Why this source cannot be stored, or nil: a location that is empty, too long, holds
    /// control characters, or is not what its kind takes (a URL, an absolute path).
    public var problem: String? {
        if let problem = StoreText.problem(in: location, maximumLength: StoreText.maximumReferenceLength) {
            return "the location \(problem)"
        }
        let lowered = location.lowercased()
        let isURL = lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
        let isPath = location.hasPrefix("/")
        switch kind {
        case .mastodon:
            if !isURL { return "the location of a Mastodon set must be an http or https URL" }
        case .forum, .slack:
            if !isURL, !isPath {
                return "the location of a \(kind.rawValue) set must be an http or https URL or an absolute path"
            }
        case .pack, .folder:
            if !isPath { return "the location of a \(kind.rawValue) set must be an absolute path" }
        }
        return nil
    }
}
