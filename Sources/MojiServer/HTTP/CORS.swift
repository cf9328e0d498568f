import Foundation
import Hummingbird

/// Cross-origin access for the sites ``ServerConfiguration/corsOrigins`` names: a middleware of
/// the router, so every route answers alike. With no origins (the default) it adds nothing at all.
///
/// A request whose `Origin` is listed (or any, with `*`) gets `Access-Control-Allow-Origin` with
/// that origin and `Access-Control-Expose-Headers: ETag, Retry-After`; a preflight (`OPTIONS` with
/// `Access-Control-Request-Method`) from it gets 204 with the methods, headers and a ten-minute
/// `Access-Control-Max-Age`. Other origins get no `Access-Control-*` header, and their preflight
/// goes to the routes (405). Every answer says `Vary: Origin`, since it depends on it.
struct CORS: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// Exact origins (`https://example.com`); `*` allows any.
    let origins: Set<String>

    init(origins: [String]) {
        self.origins = Set(origins.map(Self.normalized))
    }

    /// An origin as browsers send it: scheme and host in lowercase, no default port, no slash.
    static func normalized(_ origin: String) -> String {
        let trimmed = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
        guard trimmed != "*", var parts = URLComponents(string: trimmed) else { return trimmed }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        if (parts.scheme == "https" && parts.port == 443) || (parts.scheme == "http" && parts.port == 80) {
            parts.port = nil
        }
        return parts.string ?? trimmed
    }

    static let allowedMethods = "GET, HEAD, POST, PUT, DELETE"
    static let allowedHeaders = "Authorization, Content-Type, If-None-Match"
    static let exposedHeaders = "ETag, Retry-After"
    static let maximumAge = "600"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard !origins.isEmpty else { return try await next(request, context) }
        let origin = request.headers[.origin].flatMap {
            origins.contains("*") || origins.contains(Self.normalized($0)) ? $0 : nil
        }
        if let origin, request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            let headers: HTTPFields = [
                .accessControlAllowOrigin: origin, .accessControlAllowMethods: Self.allowedMethods,
                .accessControlAllowHeaders: Self.allowedHeaders, .accessControlMaxAge: Self.maximumAge,
                .vary: "Origin",
            ]
            return Response(status: .noContent, headers: headers)
        }
        var response = try await next(request, context)
        ResponseCompression.addVary("Origin", to: &response.headers)
        if let origin {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
        }
        return response
    }
}
