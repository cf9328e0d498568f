/// What makes a request conditional: the `ETag` and `Last-Modified` a server sent with an
/// answer, sent back as `If-None-Match` and `If-Modified-Since`, so an unchanged page or image
/// comes back as a `304` without its bytes.
public struct HTTPValidators: Sendable, Hashable, Codable {
    /// The `ETag` header, as sent (quotes and a `W/` prefix included).
    public var etag: String?
    /// The `Last-Modified` header, as sent.
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether there is nothing to make a request conditional with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// The longest header value the store keeps; a longer one is dropped (the next request is
    /// then unconditional), so a hostile server cannot grow the database with its headers.
    static let maximumLength = 1_024

    /// These validators with any value the store would not keep dropped: too long, or holding
    /// control characters (they come from servers, and are sent back in request headers).
    var storable: HTTPValidators {
        func kept(_ value: String?) -> String? {
            guard let value, !value.isEmpty,
                StoreText.problem(in: value, maximumLength: Self.maximumLength) == nil
            else { return nil }
            return value
        }
        return HTTPValidators(etag: kept(etag), lastModified: kept(lastModified))
    }
}
