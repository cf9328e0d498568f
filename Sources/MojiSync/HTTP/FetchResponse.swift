import Foundation
import MojiStore

/// A successful answer: the body (200), or word that the resource did not change (304).
public struct FetchResponse: Sendable {
    /// Where the answer came from, after redirects.
    public var url: URL
    /// 200 or 304; every other status throws ``FetchError/status(_:_:retryAfter:)``.
    public var status: Int
    /// The body; empty for 304.
    public var body: Data
    /// The answer's `ETag` and `Last-Modified`; for 304, the request's, updated by whatever the 304 sent.
    public var validators: HTTPValidators
    /// The `Content-Type` as sent. Never trusted for an image's type: the bytes are sniffed.
    public var contentType: String?

    public init(url: URL, status: Int, body: Data, validators: HTTPValidators, contentType: String?) {
        self.url = url
        self.status = status
        self.body = body
        self.validators = validators
        self.contentType = contentType
    }

    /// Whether the resource did not change since the request's validators (304).
    public var isNotModified: Bool { status == 304 }
}
