import Foundation
import Hummingbird

/// A real HTTP/1.1 server on 127.0.0.1 for tests and benchmarks: each path answers what ``route(_:_:)``
/// says (bodies with strong ETags and conditional 304s, redirects, any status, huge streamed bodies,
/// slow answers), and every request is logged for assertions.
///
/// It also answers proxy requests (`GET http://host/path`), looking up `/images/<host><path>` first:
/// a client whose `http_proxy` points here reaches snapshot images by their original URLs.
///
/// ```swift
/// let server = try await LoopbackServer.start()
/// server.route("/page", .body(Data("<html>".utf8), contentType: "text/html"))
/// let url = server.baseURL.appendingPathComponent("page")
/// …
/// await server.stop()
/// ```
public final class LoopbackServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The port it listens on, chosen by the system.
    public let port: Int
    private let state: LoopbackState
    private let task: Task<Void, Never>

    private init(port: Int, state: LoopbackState, task: Task<Void, Never>) {
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        self.state = state
        self.task = task
    }

    deinit { task.cancel() }

    /// Starts a server, runs `body` with it, and stops it afterwards, also when `body` throws.
    public static func with(_ body: (LoopbackServer) async throws -> Void) async throws {
        let server = try await start()
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Binds 127.0.0.1 on a free port and returns once it listens.
    public static func start() async throws -> LoopbackServer {
        let state = LoopbackState()
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await state.respond(to: request)
        }
        var application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            }
        )
        // Tests and benchmarks print their own results; the server's start-up line would be noise.
        application.logger.logLevel = .critical
        // Its own threads, so it answers while the tests around it hold every thread of the
        // cooperative pool (LoopbackExecutor says why). Hummingbird serves each connection in a
        // child task of `run`, and child tasks keep their parent's executor.
        let serve: @Sendable () async -> Void = { [application] in
            try? await application.run()
            continuation.finish()
        }
        let task: Task<Void, Never>
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            task = Task(executorPreference: LoopbackExecutor(threads: ProcessInfo.processInfo.activeProcessorCount)) {
                await serve()
            }
        } else {
            task = Task { await serve() }
        }
        var port = 0
        for await listening in ports {
            port = listening
            break
        }
        guard port > 0 else {
            task.cancel()
            throw LoopbackServerError.couldNotListen
        }
        return LoopbackServer(port: port, state: state, task: task)
    }

    /// The URL of `path` on this server (`/page` → `http://127.0.0.1:PORT/page`).
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path)) ?? baseURL
    }

    /// Sets, or replaces, what `path` (without a query) answers. Any other path answers 404.
    public func route(_ path: String, _ response: LoopbackResponse) {
        state.setRoute(path, response)
    }

    /// Every request answered so far, oldest first; only those for `path` when given.
    public func requests(path: String? = nil) -> [LoopbackRequestRecord] {
        let log = state.log()
        guard let path else { return log }
        return log.filter { $0.path == path }
    }

    /// Forgets the requests logged so far.
    public func resetLog() {
        state.resetLog()
    }

    /// Stops listening and waits until it has.
    public func stop() async {
        task.cancel()
        await task.value
    }

    /// Serves a forum snapshot (a directory with `manifest.tsv`, `showsmilies.html` and `files/`, as in
    /// `shared/data/awful-smilies/2015-05`): every image of the manifest at `/images/<host>/<path>`,
    /// and the page at `pagePath`, where every image URL's `http://<host>/` prefix named in the manifest
    /// is rewritten to this server's `/images/<host>/` unless `rewritingImageHosts` is false (then the
    /// page keeps its original URLs, for a client using this server as its `http_proxy`).
    ///
    /// - Returns: The number of images served.
    @discardableResult
    public func serveSmilieSnapshot(
        _ directory: URL, pagePath: String = "/misc.php", rewritingImageHosts: Bool = true
    ) throws -> Int {
        let manifest = try String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        var prefixes = Set<String>()
        var count = 0
        for line in manifest.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, let original = URL(string: fields[0]), let host = original.host,
                let scheme = original.scheme
            else { continue }
            let data = try Data(contentsOf: directory.appendingPathComponent(fields[2]))
            route("/images/\(host)\(original.path)", .body(data, contentType: fields[1]))
            prefixes.insert("\(scheme)://\(host)/")
            count += 1
        }
        var page = try Data(contentsOf: directory.appendingPathComponent("showsmilies.html"))
        if rewritingImageHosts {
            // The page is bytes in the forum's encoding; the URLs are ASCII, so rewrite them as bytes
            // (Latin-1 maps each byte to one character and back without loss).
            var text = String(decoding: page, as: Unicode.ASCII.self)
            if let latin1 = String(data: page, encoding: .isoLatin1) { text = latin1 }
            for prefix in prefixes.sorted() {
                let host = prefix.split(separator: "/").last.map(String.init) ?? ""
                text = text.replacingOccurrences(of: prefix, with: "\(baseURL.absoluteString)/images/\(host)/")
            }
            page = text.data(using: .isoLatin1) ?? page
        }
        route(pagePath, .body(page, contentType: "text/html; charset=utf-8"))
        return count
    }
}

/// Why a ``LoopbackServer`` did not start.
public enum LoopbackServerError: Error, Sendable {
    case couldNotListen
}
