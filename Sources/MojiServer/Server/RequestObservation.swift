import Foundation
import Hummingbird
import Logging

/// The request log and the metrics of a server: one logfmt line per request
/// (``ServerConfiguration/requestLogger``) and the figures of ``ServerMetrics``
/// (``ServerConfiguration/metrics``). Outermost in the chain, so the time and the status are the
/// ones the client gets, problems and preflights included. With neither, it costs nothing.
///
/// A request is named by the route the router matched, as a template (`/v1/me/collections/{name}`),
/// so labels stay few whatever clients send (an emoji, a collection's or a user's name never
/// becomes a label of its own); `other` for a path no route answers.
struct RequestObservation: RouterMiddleware {
    typealias Context = BasicRequestContext
    let metrics: ServerMetrics?
    let logger: Logger?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard metrics != nil || logger != nil else { return try await next(request, context) }
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let duration = ContinuousClock.now - start
        let path = request.uri.path
        let route = Self.route(matched: context.endpointPath)
        let method = request.method.rawValue
        metrics?.recordRequest(method: method, route: route, status: response.status.code, duration: duration)
        logger?.info(
            "\(Self.line(method: method, path: path, route: route, status: response.status.code, duration: duration))")
        return response
    }

    /// The label of a request the router answered by the route `endpoint` (Hummingbird's
    /// `endpointPath`: a template, or `NotFound`); `other` when no route matched.
    static func route(matched endpoint: String?) -> String {
        guard let endpoint, endpoint.hasPrefix("/") else { return "other" }
        return endpoint
    }

    /// `method=GET path=/v1/search route=/v1/search status=200 duration_ms=0.412`: logfmt, which
    /// log tools split into fields. The query is left out (it is what people type), and the path is
    /// cut at 200 bytes and quoted when it holds a space, a quote or a control character.
    static func line(method: String, path: String, route: String, status: Int, duration: Duration) -> String {
        let milliseconds = duration / .milliseconds(1)
        // Cut by bytes; a character cut in two becomes U+FFFD rather than dropping the path.
        let shown = String(decoding: path.utf8.prefix(200), as: UTF8.self)
        return "method=\(value(method)) path=\(value(shown)) route=\(value(route)) "
            + "status=\(status) duration_ms=\(String(format: "%.3f", milliseconds))"
    }

    /// A logfmt value: as it is when plain, else quoted with `"` and `\` escaped and control
    /// characters written as `\u{…}`, so a line can never be split or forged by what a client sent.
    static func value(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "=" && $0 != "\\"
            }
        if plain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\u{\(String(scalar.value, radix: 16))}"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// `GET /metrics`: the registry in Prometheus's text format, never cached.
    static func metricsAnswer(_ metrics: ServerMetrics, _ request: Request) -> Response {
        let headers: HTTPFields = [
            .contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store",
        ]
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
