import Foundation
import Hummingbird
import HummingbirdTesting
import Moji
import MojiStore
import Testing

@testable import MojiServer

/// The router's logic answered in process (HummingbirdTesting's router framework, no socket): which
/// route a path reaches, 404 and 405, HEAD, path captures and the middleware on every answer. The
/// live tests (``ServerHarness``) cover the same routes over HTTP.
@Suite("routing, in process")
struct RoutingTests {
    /// Runs `body` with a client of a server's router whose store is in a fresh temporary folder.
    static func withRouter(
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (any TestClientProtocol, RouteDirectory) async throws -> Void
    ) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-routing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        var configuration = ServerConfiguration(
            port: 0, storeURL: home.appendingPathComponent(StoreLocation.fileName),
            imageDirectory: home.appendingPathComponent("images"), refreshesCustomSets: false)
        configure(&configuration)
        let store = Result { () throws(StoreError) in
            try EmojiStore(url: configuration.storeURL, configuration: configuration.store)
        }
        let userStores = SQLiteUserDataStore(
            mainStore: store, mainStoreURL: configuration.storeURL, configuration: configuration.store)
        let routing = ServerRouting(
            configuration: configuration, catalog: .shared, store: store, userStores: userStores)
        let directory = routing.directory
        let application = Application(router: routing.router)
        do {
            try await application.test(.router) { client in try await body(client, directory) }
        } catch {
            await userStores.close()
            if case .success(let store) = store { try? store.close() }
            throw error
        }
        await userStores.close()
        if case .success(let store) = store { try store.close() }
    }

    /// The problem details of an answer.
    static func problem(_ response: TestResponse) throws -> ProblemDetails {
        try JSONDecoder().decode(ProblemDetails.self, from: Data(response.body.readableBytesView))
    }

    @Test("each route answers its methods; another method is 405 with Allow listing the route's methods")
    func methods() async throws {
        try await Self.withRouter { client, _ in
            let cases: [(String, HTTPRequest.Method, String)] = [
                ("/v1/health", .post, "GET, HEAD"), ("/v1/search?q=cat", .delete, "GET, HEAD"),
                ("/v1/text/find", .get, "POST"), ("/v1/emoji/%F0%9F%91%8D", .put, "GET, HEAD"),
                ("/v1/me/pinned", .patch, "GET, HEAD, PUT, POST"),
                ("/v1/me/collections/Work", .post, "GET, HEAD, PUT, DELETE"),
                ("/v1/users/ada/collections/Work/items", .get, "POST"), ("/v1/me/tones/default", .get, "PUT"),
                ("/v1/openapi.json", .post, "GET, HEAD"), ("/", .delete, "GET, HEAD"),
            ]
            for (uri, method, allow) in cases {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                #expect(try Self.problem(response).type == "urn:moji:problem:method-not-allowed", "\(method) \(uri)")
            }
        }
    }

    @Test("a path no route has is 404 naming the routes; empty segments are no route either")
    func unknownPaths() async throws {
        try await Self.withRouter { client, _ in
            for uri in [
                "/v1/nowhere", "/v2/health", "/v1", "/v1/text/shout", "/v1/health/", "/v1//health", "/wp-login.php",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                let problem = try Self.problem(response)
                #expect(problem.type == "urn:moji:problem:not-found", "\(uri)")
                #expect(
                    problem.detail.contains("/v1/search") && problem.detail.contains("/v1/me/…"), "\(problem.detail)")
                // Every answer goes through the middleware, unknown paths' too.
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
            }
            let user = try Self.problem(try await client.execute(uri: "/v1/me/nothing", method: .get))
            #expect(user.detail.contains("User routes: /v1/me/usage"), "\(user.detail)")
        }
    }

    @Test("HEAD is GET without a body; a percent-encoded capture is decoded; user routes need a token")
    func routeLogic() async throws {
        try await Self.withRouter { client, _ in
            let get = try await client.execute(uri: "/v1/emoji/%F0%9F%91%8D", method: .get)
            #expect(get.status == .ok)
            let info = try #require(
                try JSONSerialization.jsonObject(with: Data(get.body.readableBytesView)) as? [String: Any])
            #expect(info["emoji"] as? String == "👍")
            let head = try await client.execute(uri: "/v1/emoji/%F0%9F%91%8D", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.eTag] == get.headers[.eTag])
            for uri in ["/v1/me/recent", "/v1/users/ada/recent", "/v1/me/collections/Work%20plans"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .unauthorized, "\(uri)")
            }
        }
    }

    @Test("the router holds the catalog's routes under /v1 and each per-user route under /v1/me and /v1/users/{user}")
    func directory() async throws {
        try await Self.withRouter { _, directory in
            let paths = Set(directory.paths)
            for path in ["/v1/health", "/v1/emoji/{emoji}", "/v1/search", "/v1/text/find", "/v1/images/{file}", "/"] {
                #expect(paths.contains(path), "\(path)")
            }
            let mine = directory.paths.filter { $0.hasPrefix("/v1/me/") }
            let theirs = directory.paths.filter { $0.hasPrefix("/v1/users/{user}/") }
            #expect(mine.count == 12)
            #expect(theirs.map { $0.replacingOccurrences(of: "/v1/users/{user}/", with: "/v1/me/") } == mine)
            #expect(!paths.contains("/metrics"), "no /metrics without a registry")
        }
    }
}
