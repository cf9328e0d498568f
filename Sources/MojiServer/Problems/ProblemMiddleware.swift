import Hummingbird
import Moji

/// Turns every failure of a route into problem details, so no input a client sends can crash the
/// server or show it a stack trace; the innermost middleware of the router, so the others (the
/// request log, security headers, CORS, compression) see the answer the client gets.
///
/// A path no route has is 404, listing the routes; a path some route has, with another method,
/// is 405 with `Allow` (``RouteDirectory``).
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let routes: RouteDirectory
    let limits: ServerLimits

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        // The router skips empty segments; no route has one, so `/v1/health/` or
        // `/v1/images/<file>/` is no route rather than another spelling of one.
        if path != "/", path.hasSuffix("/") || path.contains("//") {
            return APIResponse.problem(.notFound("no route \(path.prefix(80)). \(routes.listing(for: path))"))
        }
        do {
            return try await next(request, context)
        } catch let problem as ProblemDetails where Self.bodyProblems.contains(problem.type) {
            // The body may still be arriving (slowly, or past the limit): the connection is closed
            // after the answer rather than kept for a next request that would have to wait for it.
            var response = APIResponse.problem(problem)
            response.headers[.connection] = "close"
            return response
        } catch let problem as ProblemDetails {
            return APIResponse.problem(problem)
        } catch let busy as HeavyWorkBusy {
            return busy.response
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return APIResponse.problem(RequestLimits.bodyTooLarge(limits))
        } catch let error as HTTPError where error.status == .notFound && context.endpointPath == "NotFound" {
            return unrouted(request, context: context)
        } catch {
            return APIResponse.problem(
                ProblemDetails(
                    type: "internal", title: "Internal error", status: 500,
                    detail: "the server could not answer this request."))
        }
    }

    /// The problems of a body that was not read whole.
    static let bodyProblems: Set<String> = Set(
        ["bad-body", "body-timeout", "body-too-large"].map {
            ProblemDetails(type: $0, title: "", status: 0, detail: "").type
        })

    /// 405 when some route has the path, else 404.
    private func unrouted(_ request: Request, context: Context) -> Response {
        let path = request.uri.path
        if let (template, methods) = routes.match(path) {
            // The request log and metrics name it by the route it reached.
            context.coreContext.endpointPath.value = template
            return Self.methodNotAllowed(path, allow: methods)
        }
        return APIResponse.problem(.notFound("no route \(path.prefix(80)). \(routes.listing(for: path))"))
    }

    /// 405 with `Allow`.
    static func methodNotAllowed(_ path: String, allow methods: [HTTPRequest.Method]) -> Response {
        let allow = methods.map(\.rawValue).joined(separator: ", ")
        // "GET" says it for reads: HEAD goes with it.
        let said = methods == [.get, .head] ? "GET" : allow
        return APIResponse.problem(
            ProblemDetails(
                type: "method-not-allowed", title: "Method not allowed", status: 405,
                detail: "\(path.prefix(80)) answers \(said) only."),
            allow: allow)
    }
}
