/// Something that performs a `GET`: ``URLSessionTransport`` for real, a stub in tests of code that
/// syncs.
///
/// ```swift
/// let response = try await transport.get(HTTPRequest(url: url, maximumBytes: 2 << 20))
/// if response.isNotModified { … }
/// ```
public protocol HTTPTransport: Sendable {
    /// The answer when it is 200 or 304; every other outcome throws.
    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
