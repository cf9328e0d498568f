import Foundation
import MojiServer
import MojiStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `MojiServer` on 127.0.0.1 (port 0) with a store in a fresh temporary MOJI_HOME, and a client
/// that asks it with URLSession and never caches, so every 304 is the server's.
struct ServerHarness {
    let server: MojiServer
    let home: URL
    let session: URLSession

    /// An answer: status, headers (names lowercased) and body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data

        func header(_ name: String) -> String? { headers[name.lowercased()] }

        func json() throws -> Any { try JSONSerialization.jsonObject(with: body) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: body) }

        func problem() throws -> ProblemDetails { try decode(ProblemDetails.self) }
    }

    /// Where the clients' callbacks run; kept for the process, as an operation queue does not
    /// keep its underlying queue alive.
    private static let callbackQueue = DispatchQueue(label: "ServerHarness")

    /// Runs `body` with a started server and stops it afterwards; `prepare` may write into the
    /// MOJI_HOME before the server opens its store.
    ///
    /// The image cache is `<home>/images`; background refresh is off unless `configure` turns it on.
    static func with(
        limits: ServerLimits = ServerLimits(), rateLimit: RateLimit? = nil,
        prepare: (URL) async throws -> Void = { _ in }, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (ServerHarness) async throws -> Void
    ) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try await prepare(home)
        var configuration = ServerConfiguration(
            port: 0, storeURL: home.appendingPathComponent(StoreLocation.fileName), limits: limits,
            imageDirectory: home.appendingPathComponent("images"), refreshesCustomSets: false, rateLimit: rateLimit)
        configure(&configuration)
        let server = try await MojiServer.start(configuration)
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // A debug build making a 2.4 MB answer on a machine busy with a whole test run (and a
        // release build beside it) once stayed silent past the default 60 s.
        sessionConfiguration.timeoutIntervalForRequest = 180
        // Callbacks on a queue with a thread of its own: the default queue waits in Dispatch's
        // pool, which the server's large answers and other suites' blocking work can fill.
        let callbacks = OperationQueue()
        callbacks.underlyingQueue = callbackQueue
        let harness = ServerHarness(
            server: server, home: home,
            session: URLSession(configuration: sessionConfiguration, delegate: nil, delegateQueue: callbacks))
        do {
            try await body(harness)
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }

    /// Requests `target` (a path with its query, escaped as it should go on the wire).
    func request(
        _ target: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
    ) async throws -> Answer {
        guard let url = URL(string: server.baseURL.absoluteString + target) else {
            throw HarnessError.badTarget(target)
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw HarnessError.notHTTP }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Answer(status: http.statusCode, headers: fields, body: data)
    }

    enum HarnessError: Error {
        case badTarget(String)
        case notHTTP
    }
}

/// `text` escaped for a URL path segment or query value: everything but unreserved characters.
func escaped(_ text: String) -> String {
    // ASCII only: CharacterSet.alphanumerics would leave kana and accented letters unescaped.
    let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}
