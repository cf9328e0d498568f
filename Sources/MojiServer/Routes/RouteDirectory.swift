import Hummingbird
import Moji

/// The routes the server's router holds, read from it once every route is added: what a 404
/// lists, what a 405's `Allow` says, and what the OpenAPI document is checked against.
///
/// The router answers a path it has with a method it lacks as it answers an unknown path (its
/// not-found responder); ``ProblemMiddleware`` tells the two apart here.
final class RouteDirectory: Sendable {
    /// A route: a method and a path template (`/v1/me/collections/{name}`).
    struct Route: Sendable, Hashable {
        var method: HTTPRequest.Method
        var path: RouterPath

        static func == (lhs: Route, rhs: Route) -> Bool {
            lhs.method == rhs.method && lhs.path.description == rhs.path.description
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(method)
            hasher.combine(path.description)
        }
    }

    private let routes = Locked<[Route]>([])

    /// Takes the router's routes; HEAD is answered wherever GET is (the router makes those).
    func record(_ routes: [Route]) {
        var all = routes
        for route in routes where route.method == .get && !routes.contains(Route(method: .head, path: route.path)) {
            all.append(Route(method: .head, path: route.path))
        }
        self.routes.withLock { $0 = all }
    }

    /// Every route, in the router's order.
    var all: [Route] { routes.withLock { $0 } }

    /// The distinct path templates, in the router's order.
    var paths: [String] {
        var seen = Set<String>()
        return all.map(\.path.description).filter { seen.insert($0).inserted }
    }

    /// The template of the routes that have `path` and the methods they answer, in the order
    /// `Allow` lists them; nil when no route has the path.
    func match(_ path: String) -> (template: String, methods: [HTTPRequest.Method])? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        let found = all.filter { route in
            route.path.components.count == components.count
                && zip(route.path.components, components).allSatisfy { $0 ~= $1 }
        }
        guard let first = found.first else { return nil }
        let methods = Set(found.map(\.method))
        return (first.path.description, Self.methodOrder.filter(methods.contains))
    }

    /// The order of `Allow`'s methods.
    static let methodOrder: [HTTPRequest.Method] = [.get, .head, .put, .post, .delete]

    /// Whether `path` is one of the per-user routes' (`/v1/me/…`, `/v1/users/{user}/…`).
    static func isUserPath(_ path: some StringProtocol) -> Bool {
        path.hasPrefix("/v1/me/") || path == "/v1/me" || path.hasPrefix("/v1/users/")
    }

    /// What a 404 lists: the catalog's routes under `/v1`, and the per-user ones by their
    /// prefixes; for a path under those prefixes, the per-user routes.
    func listing(for path: String) -> String {
        let paths = self.paths.filter { $0.hasPrefix("/v1/") }
        if Self.isUserPath(path) {
            let mine = paths.filter { $0.hasPrefix("/v1/me/") }
            return "User routes: \(mine.joined(separator: ", ")) (and the same under /v1/users/{user})."
        }
        return
            "Routes: \((paths.filter { !Self.isUserPath($0) } + ["/v1/me/…", "/v1/users/{user}/…"]).joined(separator: ", "))."
    }
}
