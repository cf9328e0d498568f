import Foundation
import Moji
import MojiStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session's delegate: streams each body in, stopping at the limit, and vets every redirect
/// before it is followed. A delegate (not `data(for:)`) so that a 50 MB answer is never buffered
/// whole, and so that redirects are counted and checked here rather than by the platform's own
/// rules (Linux follows 20, and turns `file:///etc/passwd` into a path on the same host).
final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let transfers = Locked<[Int: Transfer]>([:])
    private let maximumRedirects: Int

    init(maximumRedirects: Int) {
        self.maximumRedirects = maximumRedirects
    }

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    private func removeTransfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    /// Ends `task` with ``FetchError/timedOut(_:)`` if it is still running: it ran past its total
    /// deadline. Called on the delegate queue, like every other change to a transfer.
    func expire(_ task: URLSessionTask) {
        guard let transfer = transfer(for: task), transfer.failure == nil else { return }
        fail(transfer, .timedOut(transfer.request.url), task: task)
    }

    /// Records why the transfer failed and stops it; the completion callback reports it.
    /// - Parameter cancelling: false while a redirect waits for its completion handler: cancelling
    ///   then crashes FoundationNetworking on Linux, and refusing the redirect ends the task anyway.
    private func fail(_ transfer: Transfer, _ error: FetchError, task: URLSessionTask, cancelling: Bool = true) {
        if transfer.failure == nil { transfer.failure = error }
        transfer.body = Data()
        if cancelling { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(for: dataTask) else { return completionHandler(.cancel) }
        let url = response.url ?? transfer.request.url
        guard let http = response as? HTTPURLResponse else {
            fail(transfer, .network(url, "not an HTTP response"), task: dataTask)
            return completionHandler(.cancel)
        }
        if http.statusCode != 200 && http.statusCode != 304 {
            // The status decides the outcome; an error page's body is not worth reading.
            fail(transfer, Self.statusError(http, url: url), task: dataTask)
            return completionHandler(.cancel)
        }
        let announced = http.value(forHTTPHeaderField: "Content-Length").flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        if http.statusCode == 200, let announced, announced > transfer.request.maximumBytes {
            fail(transfer, .tooLarge(url, limit: transfer.request.maximumBytes), task: dataTask)
            return completionHandler(.cancel)
        }
        // FoundationNetworking on Linux ignores the disposition (it cannot pause libcurl); cancelling
        // the task is what stops a transfer there, and `.allow` is right on both.
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask), transfer.failure == nil else { return }
        let url = dataTask.currentRequest?.url ?? transfer.request.url
        if transfer.received + data.count > transfer.request.maximumBytes {
            fail(transfer, .tooLarge(url, limit: transfer.request.maximumBytes), task: dataTask)
            return
        }
        transfer.received += data.count
        guard let sink = transfer.sink else {
            transfer.body.append(data)
            return
        }
        do throws(FetchError) {
            try sink.write(data, url: url)
        } catch {
            fail(transfer, error, task: dataTask)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let transfer = transfer(for: task), transfer.failure == nil else { return completionHandler(nil) }
        transfer.redirects += 1
        if transfer.redirects > maximumRedirects {
            fail(
                transfer, .tooManyRedirects(transfer.request.url, limit: maximumRedirects), task: task,
                cancelling: false)
            return completionHandler(nil)
        }
        // Judge the Location the server sent, not only the request the platform made of it: Linux
        // rewrites a host-less target (`file:///etc/passwd`) onto the current host.
        let base = response.url ?? transfer.request.url
        let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: base) }
        for target in [location?.absoluteURL, request.url].compactMap({ $0 }) {
            if let error = transfer.checkRedirect(target) {
                fail(transfer, error, task: task, cancelling: false)
                return completionHandler(nil)
            }
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = removeTransfer(for: task) else { return }
        transfer.finish(Self.outcome(of: transfer, task: task, error: error))
    }

    private static func outcome(of transfer: Transfer, task: URLSessionTask, error: (any Error)?)
        -> Result<FetchResponse, FetchError>
    {
        if let failure = transfer.failure { return .failure(failure) }
        let url = task.currentRequest?.url ?? transfer.request.url
        if let error { return .failure(httpError(error, url: url)) }
        guard let http = task.response as? HTTPURLResponse else {
            return .failure(.network(url, "no response"))
        }
        let finalURL = http.url ?? url
        switch http.statusCode {
        case 200:
            return .success(
                FetchResponse(
                    url: finalURL, status: 200, body: transfer.body,
                    validators: HTTPValidators(
                        etag: http.value(forHTTPHeaderField: "ETag"),
                        lastModified: http.value(forHTTPHeaderField: "Last-Modified")),
                    contentType: http.value(forHTTPHeaderField: "Content-Type")))
        case 304:
            var validators = transfer.request.validators
            if let etag = http.value(forHTTPHeaderField: "ETag") { validators.etag = etag }
            if let lastModified = http.value(forHTTPHeaderField: "Last-Modified") {
                validators.lastModified = lastModified
            }
            return .success(
                FetchResponse(
                    url: finalURL, status: 304, body: Data(), validators: validators,
                    contentType: http.value(forHTTPHeaderField: "Content-Type")))
        default:
            return .failure(statusError(http, url: finalURL))
        }
    }

    private static func statusError(_ response: HTTPURLResponse, url: URL) -> FetchError {
        let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap {
            RetryAfter.date(from: $0, now: Date())
        }
        return .status(response.statusCode, url, retryAfter: retryAfter)
    }

    private static func httpError(_ error: any Error, url: URL) -> FetchError {
        guard let urlError = error as? URLError else { return .network(url, "\(error)") }
        switch urlError.code {
        case .timedOut: return .timedOut(url)
        case .unsupportedURL: return .unsupportedScheme(url)
        case .cancelled: return .network(url, "cancelled")
        case .cannotConnectToHost: return .network(url, "could not connect (connection refused)")
        case .cannotFindHost, .dnsLookupFailed: return .network(url, "host not found")
        case .networkConnectionLost: return .network(url, "connection lost")
        default: return .network(url, urlError.localizedDescription)
        }
    }
}
