import Foundation
import Hummingbird
import Logging

/// The request log and the metrics of a server: one logfmt line per request
/// (``ServerConfiguration/requestLogger``) and the figures of ``ServerMetrics``
/// (``ServerConfiguration/metrics``). Outermost in the chain, so the time and the status are the
/// ones the client gets, problems and preflights included. With neither, it costs nothing.
struct RequestObservation: Sendable {
    let metrics: ServerMetrics?
    let logger: Logger?

    func respond(to request: Request, _ next: (Request) async -> Response) async -> Response {
        guard metrics != nil || logger != nil else { return await next(request) }
        let start = ContinuousClock.now
        let response = await next(request)
        let duration = ContinuousClock.now - start
        let path = request.uri.path
        let route = RouteLabel.of(path)
        let method = request.method.rawValue
        metrics?.recordRequest(method: method, route: route, status: response.status.code, duration: duration)
        logger?.info(
            "\(Self.line(method: method, path: path, route: route, status: response.status.code, duration: duration))")
        return response
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
        guard request.method == .get || request.method == .head else {
            return APIRoutes.methodNotAllowed("/metrics")
        }
        let headers: HTTPFields = [
            .contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store",
        ]
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
