import Foundation
import MojiStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real ``HTTPTransport``: URLSession (FoundationNetworking, over libcurl, on Linux) with Moji's
/// rules on top: `http`/`https` only, at most ``HTTPConfiguration/maximumRedirects`` redirects, each
/// checked before it is followed, a body limit enforced while the body streams in, conditional
/// requests, `Retry-After`, and the proxy environment.
///
/// One URLSession per transport: make one transport and share it (it is `Sendable`); it is
/// invalidated when the transport goes away.
///
/// ```swift
/// let transport = URLSessionTransport()
/// let page = try await transport.get(FetchRequest(url: url, validators: old, maximumBytes: 8 << 20))
/// ```
public final class URLSessionTransport: HTTPTransport {
    /// What it was made with.
    public let configuration: HTTPConfiguration
    private let session: URLSession
    private let transfers: TransferDelegate
    /// The proxies libcurl will use, from the process environment as it was when the transport
    /// was made; read once, as parsing them per request cost 5 % of a sync's processor time.
    private let processProxies: ProxyEnvironment
    /// The proxies `configuration.environment` asks for, parsed once.
    private let configuredProxies: ProxyEnvironment

    public init(configuration: HTTPConfiguration = .init()) {
        self.configuration = configuration
        processProxies = ProxyEnvironment(ProcessInfo.processInfo.environment)
        configuredProxies = ProxyEnvironment(configuration.environment)
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // Moji makes its own conditional requests from stored validators; a second, hidden cache
        // would answer 200 from memory where the caller needs to see 304.
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.urlCredentialStorage = nil
        sessionConfiguration.timeoutIntervalForRequest = Self.requestTimeout(configuration.timeout)
        sessionConfiguration.httpAdditionalHeaders = ["User-Agent": configuration.userAgent]
        sessionConfiguration.connectionProxyDictionary = ProxyEnvironment(configuration.environment)
            .connectionProxyDictionary()
        transfers = TransferDelegate(maximumRedirects: configuration.maximumRedirects)
        // A serial queue: callbacks for one task arrive in order (data before completion).
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Moji.URLSessionTransport"
        queue.underlyingQueue = Self.callbackQueue
        session = URLSession(configuration: sessionConfiguration, delegate: transfers, delegateQueue: queue)
    }

    /// Where every transport's callbacks run. A serial Dispatch queue has a thread of its own
    /// when it has work; an operation queue's default place is Dispatch's shared pool, and while
    /// blocking work filled that pool (a server's large answers, a catalog being copied) every
    /// callback waited there. One for the process, because an operation queue does not keep its
    /// underlying queue alive, and a session's last callbacks come after its transport is gone.
    private static let callbackQueue = DispatchQueue(label: "Moji.URLSessionTransport")

    deinit {
        // A session keeps its delegate (and libcurl handles) alive until invalidated.
        session.invalidateAndCancel()
    }

    public func get(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        try await perform(request, into: nil)
    }

    public func download(_ request: FetchRequest, to file: URL) async throws(FetchError) -> HTTPDownload {
        var request = request
        request.validators = HTTPValidators()
        let sink = try BodyFile(file, url: request.url)
        let response = try await perform(request, into: sink)
        let (byteCount, sha256) = try sink.finish(url: response.url)
        return HTTPDownload(
            url: response.url, file: file, byteCount: byteCount, sha256: sha256, validators: response.validators)
    }

    /// Makes the request; the body goes to `sink` when there is one, else into the response.
    private func perform(_ request: FetchRequest, into sink: BodyFile?) async throws(FetchError) -> FetchResponse {
        let url = request.url
        guard Self.isFetchable(url) else { throw .unsupportedScheme(url) }
        try checkProxy(for: url)
        if Task.isCancelled { throw .network(url, "cancelled") }
        var urlRequest = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: Self.requestTimeout(configuration.timeout))
        urlRequest.httpMethod = "GET"
        urlRequest.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        if let etag = request.validators.etag {
            urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        if let lastModified = request.validators.lastModified {
            urlRequest.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        let task = session.dataTask(with: urlRequest)
        let checkRedirect: @Sendable (URL) -> FetchError? = { [configuredProxies, processProxies] target in
            guard Self.isFetchable(target) else { return .unsupportedScheme(target) }
            return Self.proxyMismatch(for: target, wanted: configuredProxies, process: processProxies)
        }
        let transfer = Transfer(request: request, checkRedirect: checkRedirect, sink: sink)
        // The session's timeout is per wait; this one is for the whole request. A Dispatch timer,
        // not a sleeping task: when blocking work holds every thread of the concurrency pool, a
        // task's sleep ends late (a 3 s deadline once fired after 30 s), a timer does not.
        let deadline = DispatchWorkItem { [transfers, session] in
            session.delegateQueue.addOperation { transfers.expire(task) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + configuration.totalTimeout, execute: deadline)
        defer { deadline.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<FetchResponse, FetchError>, Never>) in
                transfer.continuation = continuation
                transfers.register(transfer, for: task)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return try result.get()
    }

    /// FoundationNetworking on Linux truncates the timeout to whole seconds (0.5 would be 0: an
    /// immediate timeout) and applies it to the whole transfer, not to each wait as Apple's does.
    static func requestTimeout(_ timeout: TimeInterval) -> TimeInterval {
        #if canImport(FoundationNetworking)
            return max(1, timeout.rounded(.up))
        #else
            return max(0.001, timeout)
        #endif
    }

    static func isFetchable(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(url.host ?? "").isEmpty
    }

    private func checkProxy(for url: URL) throws(FetchError) {
        if let error = Self.proxyMismatch(for: url, wanted: configuredProxies, process: processProxies) {
            throw error
        }
    }

    /// On Linux, FoundationNetworking has no proxy settings of its own (its `connectionProxyDictionary`
    /// is not applied): libcurl reads the *process* environment, by the same curl rules. A caller's
    /// different environment cannot be honoured there, so a request it would route differently fails
    /// instead of silently going another way.
    static func proxyMismatch(for url: URL, wanted: ProxyEnvironment, process: ProxyEnvironment) -> FetchError? {
        #if canImport(FoundationNetworking)
            let wanted = wanted.proxy(for: url)
            let actual = process.proxy(for: url)
            guard wanted != actual else { return nil }
            return .network(
                url,
                "the configured proxy (\(wanted?.absoluteString ?? "none")) differs from the process environment's "
                    + "(\(actual?.absoluteString ?? "none")), which libcurl uses on this platform")
        #else
            return nil
        #endif
    }
}

/// One request in flight: what it asked for, what has come in, and how it ended. Touched only on
/// the session's serial delegate queue, after `get` has handed it over under the delegate's lock.
final class Transfer: @unchecked Sendable {
    let request: FetchRequest
    let checkRedirect: @Sendable (URL) -> FetchError?
    var continuation: CheckedContinuation<Result<FetchResponse, FetchError>, Never>?
    /// Where the body goes, when it is streamed to a file rather than kept in ``body``.
    let sink: BodyFile?
    var body = Data()
    /// Bytes received so far, in ``body`` or written to ``sink``.
    var received = 0
    var redirects = 0
    var failure: FetchError?

    init(request: FetchRequest, checkRedirect: @escaping @Sendable (URL) -> FetchError?, sink: BodyFile? = nil) {
        self.request = request
        self.checkRedirect = checkRedirect
        self.sink = sink
    }

    func finish(_ result: Result<FetchResponse, FetchError>) {
        continuation?.resume(returning: result)
        continuation = nil
    }
}
