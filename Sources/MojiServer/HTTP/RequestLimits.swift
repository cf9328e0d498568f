import Hummingbird
import Moji

/// The limits every request meets before a route sees it (``ServerLimits``): the path and the
/// query of at most ``ServerLimits/queryLength`` bytes (414), a body of at most
/// ``ServerLimits/bodyBytes`` (413), all of it arrived within ``ServerLimits/bodySeconds`` (408).
/// The body is read whole here, so a route reads it from memory.
struct RequestLimits: RouterMiddleware {
    typealias Context = BasicRequestContext
    let limits: ServerLimits

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        let query = request.uri.query
        if path.utf8.count > limits.queryLength || (query?.utf8.count ?? 0) > limits.queryLength {
            throw ProblemDetails(
                type: "uri-too-long", title: "URI too long", status: 414,
                detail: "the path and the query may each be \(limits.queryLength) bytes at most.")
        }
        if let length = request.headers[.contentLength], (Int(length) ?? Int.max) > limits.bodyBytes {
            throw Self.bodyTooLarge(limits)
        }
        // A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): most
        // are GETs, which need no read and no timer.
        let length = request.headers[.contentLength]
        if request.headers[.transferEncoding] == nil, length == nil || length == "0" {
            return try await next(request, context)
        }
        // Read whatever body came, up to the limit (a chunked one has no length to check), and keep
        // it for the routes that read it.
        var request = request
        do {
            request.body = RequestBody(
                buffer: try await Self.collectBody(of: request, upTo: limits.bodyBytes, within: limits.bodySeconds))
        } catch is BodyReadTimeout {
            // A body trickled slower than this (a chunk a second) would hold its connection forever.
            throw ProblemDetails(
                type: "body-timeout", title: "Request timeout", status: 408,
                detail: "the request body did not arrive within \(limits.bodySeconds) s; send it at once.")
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // A chunked body past the limit (NIO's too-many-bytes error): as one with a Content-Length.
            throw Self.bodyTooLarge(limits)
        } catch {
            // The body stream broke off: a malformed chunk size or encoding. The client's mistake.
            throw ProblemDetails(
                type: "bad-body", title: "Bad body", status: 400,
                detail: "the request body could not be read (malformed chunked encoding?); send it again.")
        }
        return try await next(request, context)
    }

    /// 413: the body is larger than the limit.
    static func bodyTooLarge(_ limits: ServerLimits) -> ProblemDetails {
        ProblemDetails(
            type: "body-too-large", title: "Body too large", status: 413,
            detail: "the request body is larger than \(limits.bodyBytes) bytes.")
    }

    /// The body read whole, or ``BodyReadTimeout`` when it has not all come within `seconds`.
    static func collectBody(of request: Request, upTo limit: Int, within seconds: Int) async throws -> ByteBuffer {
        let body = request.body
        return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let collected = first else { throw BodyReadTimeout() }
            return collected
        }
    }

    /// A request body that did not all arrive in time.
    struct BodyReadTimeout: Error {}
}
