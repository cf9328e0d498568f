import Foundation
import Hummingbird
import MojiRepresentations

/// How long a client may reuse a catalog answer without asking again.
enum CachePolicy {
    /// Emoji, groups and locales change only with the catalog (a new Moji).
    case catalog
    /// Search also finds the store's custom emoji, which change at any time.
    case search

    var header: String {
        switch self {
        case .catalog: "public, max-age=3600"
        case .search: "public, max-age=60"
        }
    }
}

/// Builds the API's answers: JSON with a strong ETag, 304 for a matching `If-None-Match`, and
/// problem details.
enum APIResponse {
    /// `value` as JSON. With a `cache` policy the answer carries `Cache-Control` and a strong ETag
    /// made of the catalog version and a hash of the body, and a request whose `If-None-Match`
    /// names that ETag gets 304 with no body.
    static func json(
        _ value: some Encodable, status: HTTPResponse.Status = .ok, cache: CachePolicy?, version: String,
        request: Request
    ) throws -> Response {
        try bytes(
            encode(value), contentType: "application/json; charset=utf-8", status: status, cache: cache,
            version: version, request: request)
    }

    /// The media type of every JSON answer.
    static let jsonType = "application/json; charset=utf-8"

    /// `body` as `contentType`, with the caching of ``json(_:status:cache:version:request:)``.
    static func bytes(
        _ body: Data, contentType: String, status: HTTPResponse.Status = .ok, cache: CachePolicy?, version: String,
        request: Request
    ) -> Response {
        guard let cache else {
            let headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        return bytes(
            EncodedAnswer(body: body, etag: etag(version: version, body: body)), contentType: contentType,
            status: status, cache: cache, request: request)
    }

    /// An answer whose ETag is known (a cached one), with `Cache-Control` and 304.
    static func bytes(
        _ answer: EncodedAnswer, contentType: String, status: HTTPResponse.Status = .ok, cache: CachePolicy,
        request: Request
    ) -> Response {
        let body = answer.body
        let tag = answer.etag
        var headers: HTTPFields = [.contentType: contentType]
        headers[.eTag] = tag
        headers[.cacheControl] = cache.header
        // The 304 says what the answer varies on too (RFC 9110 §15.4.5); ResponseCompression adds
        // it to the 200s and swaps in the gzip ETag when the client holds that variant.
        if ResponseCompression.isCompressible(contentType) { ResponseCompression.addVary(&headers) }
        if let conditions = request.headers[.ifNoneMatch], matches(conditions, tag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `problem` as `application/problem+json`, never cached.
    static func problem(_ problem: ProblemDetails, allow: String? = nil) -> Response {
        let body = (try? encode(problem)) ?? Data("{\"status\":\(problem.status)}".utf8)
        var headers: HTTPFields = [.contentType: ProblemDetails.mediaType, .cacheControl: "no-store"]
        if let allow { headers[.allow] = allow }
        return Response(
            status: HTTPResponse.Status(code: problem.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func encode(_ value: some Encodable) throws -> Data {
        try RepresentationJSON.encoder().encode(value)
    }

    /// `"<version>-<FNV-1a 64 of the body>"`: the same bytes always get the same tag, and a new
    /// catalog never reuses an old one.
    static func etag(version: String, body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // Over the raw bytes: Data's iterator costs a call per byte.
        body.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return "\"\(version)-\(String(repeating: "0", count: 16 - hex.count))\(hex)\""
    }

    /// Whether an `If-None-Match` value (`*`, or tags separated by commas) names `tag` or its gzip
    /// variant (``ResponseCompression``: the same bytes before compression); the comparison is
    /// weak, as RFC 9110 asks for `If-None-Match`.
    static func matches(_ conditions: String, _ tag: String) -> Bool {
        let wanted = plainTag(tag)
        return conditions.split(separator: ",").contains { part in
            let candidate = part.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || plainTag(candidate) == wanted
        }
    }

    /// Whether an `If-None-Match` value names exactly `tag` (weakly, but not its other variant).
    static func matchesExactly(_ conditions: String, _ tag: String) -> Bool {
        let wanted = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
        return conditions.split(separator: ",").contains { part in
            var candidate = part.trimmingCharacters(in: .whitespaces)
            if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
            return candidate == wanted
        }
    }

    /// `tag` without a `W/` prefix and without the `-gzip` of a compressed variant.
    private static func plainTag(_ tag: String) -> Substring {
        var tag = Substring(tag)
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        if tag.hasSuffix("-gzip\"") { tag = tag.dropLast(6) + "\"" }
        return tag
    }
}
