/// What a sync did, or with `dryRun` would do: codes added, removed and changed, images that
/// failed, entries the source listed but that were left out, and what the images cost.
///
/// `moji custom sync --json` prints it as it is.
public struct SyncReport: Sendable, Hashable, Codable {
    /// The set's name.
    public var set: String
    /// Nothing was downloaded beyond the listing, nothing was written.
    public var dryRun: Bool
    /// Whether the listing itself changed; false when the server answered 304 Not Modified.
    public var listingChanged: Bool
    /// Codes new in the set, in the source's order.
    public var added: [String]
    /// Codes no longer in the set. Their usage history stays in the store.
    public var removed: [String]
    /// Codes whose image bytes, name, keywords, group or visibility changed.
    public var changed: [String]
    /// How many codes stayed as they were.
    public var unchanged: Int
    /// Images that could not be fetched or were not images; a code already in the set keeps
    /// its previous image.
    public var failed: [SyncFailure]
    /// Entries of the listing left out (bad codes, duplicates, codes another set owns).
    public var skipped: [SkippedEntry]
    /// HTTP requests made for images (conditional ones included).
    public var imageRequests: Int
    /// Image bytes downloaded: 0 when every image answered 304 Not Modified.
    public var imageBytes: Int
    /// Custom emoji in the set after the sync.
    public var total: Int

    public init(
        set: String, dryRun: Bool, listingChanged: Bool = true, added: [String] = [], removed: [String] = [],
        changed: [String] = [], unchanged: Int = 0, failed: [SyncFailure] = [], skipped: [SkippedEntry] = [],
        imageRequests: Int = 0, imageBytes: Int = 0, total: Int = 0
    ) {
        self.set = set
        self.dryRun = dryRun
        self.listingChanged = listingChanged
        self.added = added
        self.removed = removed
        self.changed = changed
        self.unchanged = unchanged
        self.failed = failed
        self.skipped = skipped
        self.imageRequests = imageRequests
        self.imageBytes = imageBytes
        self.total = total
    }
}

/// A custom emoji whose image could not be used, and why.
public struct SyncFailure: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The code, without colons.
    public var code: String
    /// The image's URL or path in the source.
    public var image: String
    /// What went wrong, as a sentence.
    public var reason: String
    /// Whether the code stays in the set with its previous image.
    public var keptPrevious: Bool

    public init(code: String, image: String, reason: String, keptPrevious: Bool) {
        self.code = code
        self.image = image
        self.reason = reason
        self.keptPrevious = keptPrevious
    }

    public var description: String {
        ":\(code): (\(image)): \(reason)" + (keptPrevious ? "; the previous image is kept" : "")
    }
}

/// How far the images of a sync are: reported after each image, for a progress bar.
public struct SyncProgress: Sendable, Hashable {
    /// Images done (fetched, unchanged or failed).
    public var completed: Int
    /// Images to do.
    public var total: Int
    /// Image bytes downloaded so far.
    public var bytes: Int

    public init(completed: Int, total: Int, bytes: Int) {
        self.completed = completed
        self.total = total
        self.bytes = bytes
    }
}
