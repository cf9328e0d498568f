import Foundation

/// An error as the API answers it: RFC 9457 problem details, sent as `application/problem+json`.
///
/// ```json
/// {"type":"urn:moji:problem:unknown-locale","title":"Unknown locale","status":400,
///  "detail":"no locale 'xx' …","closest":["x","y"]}
/// ```
///
/// `type` names the kind of problem (a client branches on it), `title` says it for people and is the
/// same for every problem of a type, `detail` says what was wrong with this request and what to do.
public struct ProblemDetails: Error, Sendable, Hashable, Codable {
    /// A URI naming the kind of problem, e.g. `urn:moji:problem:unknown-emoji`.
    public var type: String
    /// A short summary of the kind of problem.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// What was wrong with this request, and what to do instead.
    public var detail: String
    /// For an unknown locale, the closest available ones.
    public var closest: [String]?

    /// A problem of kind `type` (the last part of its URN, e.g. `unknown-emoji`).
    public init(type: String, title: String, status: Int, detail: String, closest: [String]? = nil) {
        self.type = "urn:moji:problem:\(type)"
        self.title = title
        self.status = status
        self.detail = detail
        self.closest = closest
    }

    /// The media type problem details are sent with.
    public static let mediaType = "application/problem+json"

    static func badParameter(_ name: String, _ detail: String) -> ProblemDetails {
        ProblemDetails(type: "bad-parameter", title: "Bad parameter", status: 400, detail: "\(name): \(detail)")
    }

    static func notFound(_ detail: String) -> ProblemDetails {
        ProblemDetails(type: "not-found", title: "Not found", status: 404, detail: detail)
    }

    static func unknownEmoji(_ text: String) -> ProblemDetails {
        ProblemDetails(
            type: "unknown-emoji", title: "Unknown emoji", status: 404,
            detail:
                "no emoji matches '\(text.prefix(64))'. Give the emoji itself, a :shortcode: or hex code points; /v1/search finds emoji by name."
        )
    }
}
