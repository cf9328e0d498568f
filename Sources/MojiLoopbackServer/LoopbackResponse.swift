import Crypto
import Foundation

/// What a path of a ``LoopbackServer`` answers.
///
/// ```swift
/// server.route("/smile.gif", .body(gif, contentType: "image/gif"))
/// server.route("/loop", .redirect(to: "/loop"))
/// server.route("/busy", .status(503, headers: ["Retry-After": "120"]))
/// server.route("/huge", .generated(byteCount: 50 << 20, contentType: "text/html"))
/// ```
public struct LoopbackResponse: Sendable {
    indirect enum Kind: Sendable {
        case body(Data, contentType: String, etag: String?, lastModified: Date?)
        case redirect(location: String, status: Int)
        case status(Int, headers: [String: String], body: Data)
        case generated(byteCount: Int, contentType: String, announcesLength: Bool, bytesPerSecond: Int?)
        case delayed(seconds: Double, LoopbackResponse)
    }

    let kind: Kind

    /// 200 with `data`; with `etag`, a strong ETag (the quoted SHA-256 of the bytes), and `Last-Modified`
    /// when given. A request whose `If-None-Match` names the ETag, or (without `If-None-Match`) whose
    /// `If-Modified-Since` is not before `lastModified`, gets 304 without a body.
    public static func body(_ data: Data, contentType: String, etag: Bool = true, lastModified: Date? = nil)
        -> LoopbackResponse
    {
        LoopbackResponse(
            kind: .body(
                data, contentType: contentType,
                etag: etag ? "\"\(SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined())\"" : nil,
                lastModified: lastModified))
    }

    /// A redirect to `location` (absolute, or a path on this server), as sent.
    public static func redirect(to location: String, status: Int = 302) -> LoopbackResponse {
        LoopbackResponse(kind: .redirect(location: location, status: status))
    }

    /// Any status, with its headers and body as given.
    public static func status(_ code: Int, headers: [String: String] = [:], body: Data = Data()) -> LoopbackResponse {
        LoopbackResponse(kind: .status(code, headers: headers, body: body))
    }

    /// 200 with `byteCount` bytes made while they are sent, never held whole: a huge page or image.
    /// Without `announcesLength` the body is chunked, so only the bytes themselves show it is too large;
    /// with `bytesPerSecond` it is paced like a real network, so a client that stops reading is seen
    /// to stop long before the end.
    public static func generated(
        byteCount: Int, contentType: String, announcesLength: Bool = true, bytesPerSecond: Int? = nil
    ) -> LoopbackResponse {
        LoopbackResponse(
            kind: .generated(
                byteCount: max(0, byteCount), contentType: contentType, announcesLength: announcesLength,
                bytesPerSecond: bytesPerSecond.map { max(1, $0) }))
    }

    /// `response`, after waiting `seconds`: a server too slow for a client's timeout.
    public static func delayed(_ seconds: Double, _ response: LoopbackResponse) -> LoopbackResponse {
        LoopbackResponse(kind: .delayed(seconds: seconds, response))
    }
}

/// One request a ``LoopbackServer`` answered.
public struct LoopbackRequestRecord: Sendable, Hashable {
    /// `GET`, `HEAD` …
    public var method: String
    /// The path (without the query) that was looked up, e.g. `/images/fi.somethingawful.com/images/smilies/smile.gif`.
    public var path: String
    /// The request-target with its query; absolute (`http://host/path`) when the request named another
    /// host than this server (a proxy request).
    public var target: String
    /// Headers, names in lower case (`user-agent`, `if-none-match`).
    public var headers: [String: String]
    /// The status answered.
    public var status: Int
    /// Body bytes sent (0 for a 304, a redirect, or a `HEAD`).
    public var bytesSent: Int
}
