import Foundation
import Hummingbird
import Moji
import MojiStore

/// What answers a server's requests: the catalog service, the per-user routes and the router that
/// holds every route behind the middleware. ``MojiServer`` serves it on a socket; tests can answer
/// with it in process (HummingbirdTesting's router framework).
struct ServerRouting {
    let service: CatalogService
    let users: UserRoutes
    /// The routes the router holds.
    let directory: RouteDirectory
    let router: Router<BasicRequestContext>

    /// The routing of a server with `configuration`, serving `catalog` from `store` (or saying
    /// why it cannot), with the users' data in `userStores`.
    init(
        configuration: ServerConfiguration, catalog: EmojiCatalog, store: Result<EmojiStore, StoreError>,
        userStores: any UserDataStore
    ) {
        service = CatalogService(
            catalog: catalog, store: store, searchCacheEntries: configuration.searchCacheEntries,
            metrics: configuration.metrics.map(ServerMetrics.init(registry:)))
        // With metrics, every call to the users' database is timed, waits for it included.
        let timedStores: any UserDataStore =
            service.metrics.map { TimedUserDataStore(base: userStores, metrics: $0) } ?? userStores
        users = UserRoutes(
            catalog: catalog, customEmoji: service.customEmoji, stores: timedStores, configuration: configuration)
        let routes = APIRoutes(
            service: service, limits: configuration.limits, imageDirectory: configuration.imageDirectory, users: users,
            defaultMaximumVersion: configuration.defaultMaximumVersion)
        directory = RouteDirectory()
        router = Self.router(
            routes: routes, configuration: configuration, metrics: service.metrics, directory: directory)
    }

    /// The router: the middleware, outermost first, then the routes.
    ///
    /// The request log and metrics come first, so they see what the client gets; security headers
    /// next, on every answer; CORS outside compression, so a preflight never reaches the routes and
    /// CORS headers never change what is compressed; problem details inside those, so every
    /// failure reaches them as an answer; the limits innermost of the middleware, before any route.
    private static func router(
        routes: APIRoutes, configuration: ServerConfiguration, metrics: ServerMetrics?, directory: RouteDirectory
    ) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestObservation(metrics: metrics, logger: configuration.requestLogger))
        router.add(middleware: SecurityHeaders())
        router.add(middleware: CORS(origins: configuration.corsOrigins))
        router.add(middleware: ResponseCompression())
        router.add(middleware: ProblemMiddleware(routes: directory, limits: configuration.limits))
        router.add(middleware: RequestLimits(limits: configuration.limits))
        if let metrics {
            router.get("metrics") { request, _ in RequestObservation.metricsAnswer(metrics, request) }
        }
        routes.add(to: router)
        directory.record(router.routes.map { RouteDirectory.Route(method: $0.method, path: $0.path) })
        return router
    }
}
