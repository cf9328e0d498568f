import Hummingbird
import MojiStore

/// Why a user route did not answer: a problem, with the headers it needs (`WWW-Authenticate` for
/// 401, `Retry-After` for 429, `Allow` for 405).
enum UserRouteFailure: Error {
    case problem(ProblemDetails, headers: HTTPFields = [:])

    /// 401 `unauthorized`, with `WWW-Authenticate: Bearer realm="moji"`.
    static func unauthorized(_ detail: String) -> UserRouteFailure {
        .problem(
            ProblemDetails(type: "unauthorized", title: "Unauthorized", status: 401, detail: detail),
            headers: [.wwwAuthenticate: "Bearer realm=\"moji\""])
    }

    static func problem(_ problem: ProblemDetails) -> UserRouteFailure { .problem(problem, headers: [:]) }

    /// How long a client is asked to wait when the database does not answer: long enough for a
    /// restart's first seconds, short enough that a recovered server is used again soon.
    static let databaseRetrySeconds = 2

    /// 503 `database-unavailable` with `Retry-After`: the users' database does not answer now (a
    /// PostgreSQL server down or restarting). The detail names no host: clients need not know it.
    static func databaseUnavailable(kind: String) -> UserRouteFailure {
        .problem(
            ProblemDetails(
                type: "database-unavailable", title: "Database unavailable", status: 503,
                detail:
                    "the users' database (\(kind)) does not answer now; retry after \(databaseRetrySeconds) s."),
            headers: [.retryAfter: "\(databaseRetrySeconds)"])
    }

    /// The answer: problem details with the extra headers.
    var response: Response {
        switch self {
        case .problem(let problem, let headers):
            var response = APIResponse.problem(problem)
            for field in headers { response.headers.append(field) }
            return response
        }
    }
}
