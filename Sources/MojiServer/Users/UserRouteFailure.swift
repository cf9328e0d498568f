import Hummingbird

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
