// TEMPORARY: `HTTPValidators` belongs to MojiStore (Sources/MojiStore/CustomSets/), which another helper
// writes at the same time. Delete this file when that lands; nothing else changes.

/// What makes a request conditional: the `ETag` and `Last-Modified` of the last answer, sent back as
/// `If-None-Match` and `If-Modified-Since`.
public struct HTTPValidators: Sendable, Hashable, Codable {
    /// The entity tag, exactly as the server sent it (quotes and `W/` included).
    public var etag: String?
    /// The `Last-Modified` date, exactly as the server sent it.
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether there is nothing to make a request conditional with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
