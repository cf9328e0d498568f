import CompressNIO
import Foundation
import Hummingbird
import Moji

/// gzip for clients that accept it: a middleware of the router, so every route's answer gets it alike.
///
/// A body of at least ``minimumBytes`` of JSON, JavaScript, HTML, CSS or SVG is sent with
/// `Content-Encoding: gzip` when `Accept-Encoding` allows gzip (q > 0). Every answer of those types
/// carries `Vary: Accept-Encoding`, as caches must know the body depends on it. The gzip variant's
/// ETag is the plain one with `-gzip` before the closing quote, so the two variants are never
/// confused, and `If-None-Match` accepts either (``APIResponse/matches(_:_:)``).
///
/// Compressed bodies with an ETag are kept in a small cache keyed by that ETag: the catalog's large
/// answers (`/v1/emoji` is over a megabyte) are compressed once, not per request. Images are never
/// compressed again.
struct ResponseCompression: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// Smaller bodies gain less than gzip's header and the client's work cost.
    static let minimumBytes = 1024
    /// How many compressed bodies are kept, and how many bytes they may take together, in each of
    /// the cache's two generations.
    static let keptBodies = 64
    static let keptBytes = 16 << 20

    private let kept = BoundedCache<String, ByteBuffer>(capacity: keptBodies, costBudget: keptBytes) { _, body in
        body.readableBytes
    }

    /// Answers `request` with `next`'s answer, compressed when the client and the answer allow it.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard response.headers[.contentEncoding] == nil else { return response }
        if response.status == .notModified {
            // A 304 carries the ETag of the variant the client holds: the gzip one when it asked by that.
            if response.headers[values: .vary].contains(where: { $0.lowercased().contains("accept-encoding") }),
                let tag = response.headers[.eTag], let conditions = request.headers[.ifNoneMatch],
                Self.acceptsGzip(request.headers[.acceptEncoding]),
                APIResponse.matchesExactly(conditions, Self.gzipTag(tag))
            {
                response.headers[.eTag] = Self.gzipTag(tag)
            }
            return response
        }
        guard let type = response.headers[.contentType], Self.isCompressible(type) else { return response }
        Self.addVary(&response.headers)
        guard Self.acceptsGzip(request.headers[.acceptEncoding]),
            (response.body.contentLength ?? Int.max) >= Self.minimumBytes
        else { return response }
        let tag = response.headers[.eTag]
        let compressed: ByteBuffer
        if let tag, let found = kept.value(for: tag) {
            compressed = found
        } else {
            let collector = BodyCollector()
            do { try await response.body.write(collector.writer()) } catch { return response }
            var plain = collector.buffer
            guard plain.readableBytes >= Self.minimumBytes else {
                response.body = ResponseBody(byteBuffer: plain)
                return response
            }
            guard let gzipped = try? plain.compress(with: .gzip()) else {
                response.body = ResponseBody(byteBuffer: collector.buffer)
                return response
            }
            compressed = gzipped
            if let tag { kept.store(compressed, for: tag) }
        }
        response.headers[.contentEncoding] = "gzip"
        if let tag { response.headers[.eTag] = Self.gzipTag(tag) }
        response.body = ResponseBody(byteBuffer: compressed)
        return response
    }

    /// Adds `Accept-Encoding` to `Vary` unless it is there.
    static func addVary(_ headers: inout HTTPFields) {
        addVary("Accept-Encoding", to: &headers)
    }

    /// Adds `name` to `Vary` unless it is there (one field, names separated by commas).
    static func addVary(_ name: String, to headers: inout HTTPFields) {
        let present = headers[values: .vary]
        guard !present.contains(where: { Self.contains($0, caseInsensitively: name) }) else { return }
        headers[.vary] = present.isEmpty ? name : (present + [name]).joined(separator: ", ")
    }

    /// Whether `text` holds `name`, ASCII letters compared without case (header names are ASCII).
    static func contains(_ text: String, caseInsensitively name: String) -> Bool {
        let text = Array(text.utf8)
        let name = Array(name.utf8)
        guard name.count <= text.count else { return false }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        return (0...(text.count - name.count)).contains { start in
            name.indices.allSatisfy { lower(text[start + $0]) == lower(name[$0]) }
        }
    }

    /// The media types gzip helps: text formats, not images.
    static let compressibleTypes: Set<String> = [
        "application/json", "application/problem+json", "text/javascript", "application/javascript",
        "text/html", "text/css", "image/svg+xml",
    ]

    /// Whether a body of `contentType` gains from gzip: text formats, not images.
    static func isCompressible(_ contentType: String) -> Bool {
        // Without Foundation's trimming and lowercasing, which cost more here than the check.
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        let trimmed = type.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        let lowered = String(decoding: trimmed.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        return compressibleTypes.contains(lowered)
    }

    /// `"tag"` → `"tag-gzip"` (a weak `W/` prefix is kept).
    static func gzipTag(_ tag: String) -> String {
        guard tag.hasSuffix("\"") else { return tag + "-gzip" }
        return String(tag.dropLast()) + "-gzip\""
    }

    /// Whether `Accept-Encoding` allows gzip: `gzip` or `*` (unless gzip is named apart) with q > 0.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Double?
        var wildcard: Double?
        for part in header.split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = fields.first else { continue }
            var quality = 1.0
            for parameter in fields.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            switch coding {
            case "gzip", "x-gzip": gzip = quality
            case "*": wildcard = quality
            default: break
            }
        }
        return (gzip ?? wildcard ?? 0) > 0
    }
}

/// Gathers a response body's bytes, to compress them whole.
private final class BodyCollector: @unchecked Sendable {
    // Written by one writer, read after it finished: never at the same time.
    var buffer = ByteBuffer()

    func writer() -> any ResponseBodyWriter { Writer(collector: self) }

    private struct Writer: ResponseBodyWriter {
        let collector: BodyCollector

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collector.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
