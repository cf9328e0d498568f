import Foundation

/// Why a `GET` gave no usable answer.
public enum FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL, or a redirect's target, is not `http` or `https` (`file:`, `ftp:`, `data:` …); nothing was read.
    case unsupportedScheme(URL)
    /// More redirects than the limit, or a redirect loop; the URL is the one requested.
    case tooManyRedirects(URL, limit: Int)
    /// The body, or its announced `Content-Length`, is over the request's `maximumBytes`; reading stopped.
    case tooLarge(URL, limit: Int)
    /// The server answered with a status other than 200 or 304 (a 4xx, a 5xx, a 3xx without
    /// `Location`); `retryAfter` is its `Retry-After`, when it sent one.
    case status(Int, URL, retryAfter: Date?)
    /// No answer within the configured timeout.
    case timedOut(URL)
    /// DNS, a refused or reset connection, TLS, a proxy, or the request was cancelled.
    case network(URL, String)
    /// The body could not be written to its file (``HTTPTransport/download(_:to:)``): a full disk,
    /// a folder that cannot be written.
    case cannotWrite(URL, path: String, reason: String)

    /// Whether trying again later may work: 408, 429 and 5xx statuses, timeouts and network failures.
    public var isTransient: Bool {
        switch self {
        case .status(let code, _, _): code == 408 || code == 429 || (500...599).contains(code)
        case .timedOut, .network: true
        case .unsupportedScheme, .tooManyRedirects, .tooLarge, .cannotWrite: false
        }
    }

    /// When the server asked to be tried again (`Retry-After`), if it did.
    public var retryAfter: Date? {
        if case .status(_, _, let retryAfter) = self { return retryAfter }
        return nil
    }

    /// The URL the error is about.
    public var url: URL {
        switch self {
        case .unsupportedScheme(let url), .tooManyRedirects(let url, _), .tooLarge(let url, _),
            .status(_, let url, _), .timedOut(let url), .network(let url, _), .cannotWrite(let url, _, _):
            url
        }
    }

    public var description: String {
        switch self {
        case .unsupportedScheme(let url):
            "\(url.absoluteString): only http and https URLs are fetched"
        case .tooManyRedirects(let url, let limit):
            "\(url.absoluteString): more than \(limit) redirects (or a redirect loop)"
        case .tooLarge(let url, let limit):
            "\(url.absoluteString): larger than the limit of \(limit) bytes"
        case .status(let code, let url, let retryAfter):
            "\(url.absoluteString): HTTP status \(code)"
                + (retryAfter.map { ", retry after \($0.formatted(.iso8601))" } ?? "")
        case .timedOut(let url):
            "\(url.absoluteString): timed out"
        case .network(let url, let reason):
            "\(url.absoluteString): \(reason)"
        case .cannotWrite(let url, let path, let reason):
            "\(url.absoluteString): cannot write \(path): \(reason)"
        }
    }
}
