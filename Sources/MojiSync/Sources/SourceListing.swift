/// What a source lists: its custom emoji in the source's order, its groups, and the entries
/// left out with why, so one bad entry never stops the rest of a set from importing.
public struct SourceListing: Sendable, Hashable {
    /// The usable entries, in the source's order, each code once.
    public var emoji: [SourceEmoji]
    /// The group titles, in the source's order.
    public var groups: [String]
    /// The entries left out: a code with colons, spaces or control characters, a duplicate, an
    /// image outside the source, a Slack alias to nothing.
    public var skipped: [SkippedEntry]

    public init(emoji: [SourceEmoji] = [], groups: [String] = [], skipped: [SkippedEntry] = []) {
        self.emoji = emoji
        self.groups = groups
        self.skipped = skipped
    }
}

/// An entry of a source that was not imported, and why.
public struct SkippedEntry: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The entry as the source names it (a code, a file name, an archive path).
    public var entry: String
    /// Why it was left out, as a sentence a person can act on.
    public var reason: String

    public init(entry: String, reason: String) {
        self.entry = entry
        self.reason = reason
    }

    public var description: String { "\(entry): \(reason)" }
}

/// A source that cannot be read at all: not the expected format, or with no emoji in it (a login
/// or error page served instead of the smilie page).
public struct SourceError: Error, Hashable, CustomStringConvertible {
    /// The file or URL read.
    public var source: String
    /// What is wrong and what to do.
    public var reason: String

    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    public var description: String { "\(source): \(reason)" }
}
