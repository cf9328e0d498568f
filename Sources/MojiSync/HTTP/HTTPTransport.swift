import Foundation

/// Something that performs a `GET`: ``URLSessionTransport`` for real, a stub in tests of code that
/// syncs.
///
/// ```swift
/// let response = try await transport.get(FetchRequest(url: url, maximumBytes: 2 << 20))
/// if response.isNotModified { … }
/// ```
public protocol HTTPTransport: Sendable {
    /// The answer when it is 200 or 304; every other outcome throws.
    func get(_ request: FetchRequest) async throws(FetchError) -> FetchResponse

    /// Streams a 200's body into `file` (replaced if it exists), hashing it on the way, so that
    /// a large body is never held in memory; the request's validators are not sent. More than
    /// `maximumBytes` fails with ``FetchError/tooLarge(_:limit:)`` as soon as it arrives.
    func download(_ request: FetchRequest, to file: URL) async throws(FetchError) -> HTTPDownload
}
