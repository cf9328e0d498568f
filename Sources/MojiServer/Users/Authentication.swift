import Crypto
import Foundation
import Hummingbird
import Logging
import Moji
import MojiStore

/// Makes and hashes the bearer tokens of `moji serve`: `moji_` and 43 characters of base64url
/// (32 random bytes). The store keeps only the SHA-256 of a token, in lowercase hex.
///
/// ```swift
/// let token = APITokenSecret.generate()          // "moji_Q2h…", shown once
/// try store.addAPIToken(user: "ada", hash: APITokenSecret.hash(token))
/// ```
public enum APITokenSecret {
    /// What every token starts with, so a leaked one is easy to recognize (secret scanners).
    public static let prefix = "moji_"

    /// A new token from 32 bytes of the system's secure random generator.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + base64
    }

    /// The SHA-256 of `token`'s UTF-8 bytes in lowercase hex: what the store keeps and looks up.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).lowercaseHex
    }

    /// Whether `token` has the shape of one (prefix and 43 base64url characters); others are
    /// refused without a lookup.
    public static func isWellFormed(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        guard bytes.count == prefix.utf8.count + 43, token.hasPrefix(prefix) else { return false }
        return bytes.dropFirst(prefix.utf8.count).allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == 0x2D || byte == 0x5F
        }
    }
}

/// Checks `Authorization: Bearer <token>` against the store's token hashes.
///
/// A token found is remembered for ``cacheLifetime`` (1 s), so a busy client costs one hash and
/// one dictionary look-up per request, not a database read; a revoked token (`moji serve token
/// revoke`, in any process) is therefore refused within about a second. Unknown tokens are never
/// remembered, so a token created a moment ago works at once. `lastUsedAt` is written at most
/// once a minute per token.
final class Authenticator: Sendable {
    /// How long a found token is trusted without asking the store again, on the server's
    /// monotonic time: a wall clock stepped back must not keep a revoked token trusted.
    static let cacheLifetime: Duration = .seconds(1)
    /// How stale the stored `lastUsedAt` may get before a use writes it.
    static let lastUseResolution: TimeInterval = 60
    /// The most tokens remembered at once (per generation of the cache).
    static let cacheCapacity = 10_000

    private let store: any UserDataStore
    private let logger: Logger
    private let time: ServerTime
    private let cache = BoundedCache<String, Entry>(capacity: cacheCapacity)

    private struct Entry: Sendable {
        var token: APIToken
        /// When the store last confirmed it, on ``time``.
        var checked: Duration
    }

    init(
        store: any UserDataStore, logger: Logger = Logger(label: "moji.serve"),
        time: ServerTime = ServerTime(clock: ContinuousClock())
    ) {
        self.store = store
        self.logger = logger
        self.time = time
    }

    /// The token the request carries, or a 401 (or 503 when the store cannot be read).
    func authenticate(_ request: Request) async throws(UserRouteFailure) -> APIToken {
        try await token(authorization: request.headers[.authorization], now: time.now)
    }

    /// The token of an `Authorization` header at `now` on the server's time, which tests choose
    /// (as ``RateLimiter/acquire(_:now:)``'s) to step past the cache's lifetime without waiting.
    func token(authorization header: String?, now checked: Duration) async throws(UserRouteFailure)
        -> APIToken
    {
        guard let header else {
            throw .unauthorized(
                "this route needs `Authorization: Bearer <token>`; `moji serve token create USER` makes one.")
        }
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", APITokenSecret.isWellFormed(String(parts[1])) else {
            throw .unauthorized(
                "the Authorization header must be `Bearer moji_…` with a token of `moji serve token create`.")
        }
        let hash = APITokenSecret.hash(String(parts[1]))
        if let entry = cache.value(for: hash), checked - entry.checked < Self.cacheLifetime {
            return entry.token
        }
        // Wall time only for what is stored and shown: when the token was last used.
        let now = Date()
        let found: APIToken?
        do { found = try await store.apiToken(hash: hash) } catch {
            if error.code == .unavailable { throw .databaseUnavailable(kind: store.databaseKind) }
            // The request may carry no valid token: the reason (a host, a path, the database's own
            // message) goes to the server's log, never to the client.
            logger.warning("moji serve: a token could not be checked: \(error)")
            throw .problem(
                ProblemDetails(
                    type: "not-ready", title: "Not ready", status: 503,
                    detail:
                        "the server cannot check tokens now; retry after \(UserRouteFailure.databaseRetrySeconds) s."),
                headers: [.retryAfter: "\(UserRouteFailure.databaseRetrySeconds)"])
        }
        guard var token = found else {
            cache.removeValue(for: hash)
            throw .unauthorized("the token is not known (never created, or revoked).")
        }
        if token.lastUsedAt.map({ now.timeIntervalSince($0) >= Self.lastUseResolution }) ?? true {
            token.lastUsedAt = now
            // Off the request path: a write may wait for the store's lock (another process may hold
            // it for seconds) or for a busy database, and a request must not. The SQLite store runs
            // the write on a queue of its own, not on a thread every request shares. Best effort: a
            // read-only store still authenticates.
            let id = token.id
            let store = store
            Task.detached(priority: .utility) { try? await store.recordAPITokenUse(id: id, at: now) }
        }
        cache.store(Entry(token: token, checked: checked), for: hash)
        return token
    }
}
