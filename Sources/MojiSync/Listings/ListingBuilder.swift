import Foundation
import Moji
import MojiStore

/// Collects a listing entry by entry with the rules every source shares: codes normalized and
/// validated, one entry per code (the first wins; codes compare without case, as the store does),
/// names, keywords and groups free of control characters, groups in first-seen order.
struct ListingBuilder {
    private(set) var listing = SourceListing()
    private var codes: Set<String> = []
    private var groups: Set<String> = []

    /// The normalized code for `rawCode`, or nil after recording why `entry` is left out.
    mutating func acceptedCode(_ rawCode: String, entry: String) -> String? {
        let code = CustomEmoji.normalizedCode(rawCode)
        if let problem = SourceEmoji.problem(inCode: code) {
            skip(entry, because: problem)
            return nil
        }
        if codes.contains(code.lowercased()) {
            skip(entry, because: "the code :\(code): is listed earlier, and the first one is kept")
            return nil
        }
        return code
    }

    /// Adds `emoji` (whose code came from ``acceptedCode(_:entry:)``) after cleaning its texts:
    /// a bad name becomes the code, bad keywords are dropped, a bad group becomes none.
    mutating func add(_ emoji: SourceEmoji) {
        var emoji = emoji
        if StoreText.problem(in: emoji.name) != nil { emoji.name = emoji.code }
        var seenKeywords: Set<String> = []
        emoji.keywords = emoji.keywords.filter { StoreText.problem(in: $0) == nil && seenKeywords.insert($0).inserted }
        if let group = emoji.group, StoreText.problem(in: group) != nil { emoji.group = nil }
        if let group = emoji.group, groups.insert(group).inserted { listing.groups.append(group) }
        codes.insert(emoji.code.lowercased())
        listing.emoji.append(emoji)
    }

    /// The objects of a JSON array with their labels ("entry 3"), in order; every other value
    /// is left out with why, as sources that list emoji as an array of objects do.
    mutating func objects(in entries: [JSONValue]) -> [(label: String, entry: JSONValue)] {
        var objects: [(label: String, entry: JSONValue)] = []
        for (position, entry) in entries.enumerated() {
            let label = "entry \(position + 1)"
            guard case .object = entry else {
                skip(label, because: "is \(entry.kind), not an emoji object")
                continue
            }
            objects.append((label, entry))
        }
        return objects
    }

    /// Records why `entry` is left out; an entry with control characters or a huge one is
    /// quoted and cut, so printing the listing never acts on a terminal.
    mutating func skip(_ entry: String, because reason: String) {
        listing.skipped.append(SkippedEntry(entry: Self.shown(entry), reason: reason))
    }

    /// `text` for a message: as it is when it is clean and short, quoted and cut otherwise.
    static func shown(_ text: String) -> String {
        StoreText.problem(in: text, allowsEmpty: true, maximumLength: 100) == nil ? text : StoreText.quoted(text)
    }

    /// Why `text` cannot be an image URL, or nil when it is an absolute `http` or `https` URL with
    /// a host: a `file:` or `javascript:` URL from a server is never followed.
    static func problem(inImageURL text: String) -> String? {
        if let problem = StoreText.problem(in: text, maximumLength: StoreText.maximumReferenceLength) {
            return "the image URL \(problem)"
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            return "the image URL \(StoreText.quoted(text)) is not an absolute URL"
        }
        guard scheme == "http" || scheme == "https" else {
            return "the image URL \(StoreText.quoted(text)) is not http or https"
        }
        guard let host = url.host, !host.isEmpty else {
            return "the image URL \(StoreText.quoted(text)) has no host"
        }
        return nil
    }
}
