import Foundation
import MojiStore

/// One `GET` a sync makes: a page, a JSON listing or an image.
///
/// ```swift
/// let request = FetchRequest(url: pageURL, validators: set.validators, maximumBytes: 8 << 20)
/// ```
public struct FetchRequest: Sendable {
    /// An `http` or `https` URL; any other scheme fails with ``FetchError/unsupportedScheme(_:)``.
    public var url: URL
    /// From the last answer: sent as `If-None-Match` / `If-Modified-Since`, so an unchanged resource
    /// answers 304 without a body.
    public var validators: HTTPValidators
    /// The most body bytes accepted; more (or a larger `Content-Length`) fails with
    /// ``FetchError/tooLarge(_:limit:)`` and stops reading.
    public var maximumBytes: Int

    public init(url: URL, validators: HTTPValidators = .init(), maximumBytes: Int) {
        self.url = url
        self.validators = validators
        self.maximumBytes = maximumBytes
    }
}
