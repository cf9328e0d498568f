import Foundation

/// How ``URLSessionTransport`` talks to servers: who it says it is, how long it waits, how far it
/// follows redirects, and which proxy environment it honours.
public struct HTTPConfiguration: Sendable {
    /// The version of Moji the `User-Agent` names.
    public static let mojiVersion = "0.13.0"
    /// `Moji/<version> (+https://github.com/moji-swift/moji)`: a server's operator can see who fetches and why.
    public static let defaultUserAgent = "Moji/\(mojiVersion) (+https://github.com/moji-swift/moji)"

    /// Sent as `User-Agent` with every request.
    public var userAgent: String
    /// Seconds to wait for a request's answer before ``FetchError/timedOut(_:)``.
    public var timeout: TimeInterval
    /// The most seconds one request may take in all (connecting, redirects, every byte of the
    /// body) before ``FetchError/timedOut(_:)``: a server that sends a byte now and then, each
    /// within ``timeout``, cannot hold a request for longer. Two minutes by default, time for
    /// an 8 MB listing at 70 KB/s.
    public var totalTimeout: TimeInterval
    /// Redirects followed at most; one more fails with ``FetchError/tooManyRedirects(_:limit:)``.
    public var maximumRedirects: Int
    /// Where `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy` are read, as curl reads them
    /// (see ``proxy(for:)``); the process environment unless a caller says otherwise.
    public var environment: [String: String]

    public init(
        userAgent: String = HTTPConfiguration.defaultUserAgent, timeout: TimeInterval = 30,
        totalTimeout: TimeInterval = 120, maximumRedirects: Int = 5,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.userAgent = userAgent
        self.timeout = timeout
        self.totalTimeout = max(timeout, totalTimeout)
        self.maximumRedirects = maximumRedirects
        self.environment = environment
    }

    /// The proxy a request for `url` goes through, or nil for a direct connection, decided from
    /// ``environment`` by curl's rules.
    ///
    /// - `http` URLs use `http_proxy`, lower case only: like curl, never `HTTP_PROXY`, which a CGI
    ///   program would take from a client's `Proxy:` header ("httpoxy").
    /// - `https` URLs use `https_proxy`, else `HTTPS_PROXY`.
    /// - Either falls back to `all_proxy`, else `ALL_PROXY`. An empty value means no proxy.
    /// - `no_proxy` (else `NO_PROXY`) lists exceptions, separated by commas or spaces: `*` alone for
    ///   every host; a domain (`example.com` or `.example.com`) for it and its subdomains; an IP
    ///   address exactly; an entry with a port (`host:8080`, `[::1]:8080`) only for that port.
    /// - A proxy without a scheme is `http://`; without a port, curl's 1080.
    public func proxy(for url: URL) -> URL? {
        ProxyEnvironment(environment).proxy(for: url)
    }
}
