import Foundation
import Logging
import Moji
import MojiStore
import Testing

@testable import MojiServer

/// The token cache on instants the test chooses, as the rate limiter's tests do: a revocation is
/// seen once the cache's lifetime has passed on the monotonic clock, without the test waiting
/// for it (the live test in AuthTests measures the same through a running server).
@Suite("token cache")
struct AuthenticatorTests {
    /// A main store with one token for "ada" in a fresh folder, and an authenticator over it.
    struct Fixture {
        let folder: URL
        let store: EmojiStore
        let authenticator: Authenticator

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "moji-auth-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appendingPathComponent(StoreLocation.fileName)
            store = try EmojiStore(url: url)
            authenticator = Authenticator(store: SQLiteUserDataStore(mainStore: .success(store), mainStoreURL: url))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// The HTTP status `header` gets at `now`: 200 for a token, else the problem's status.
        func status(_ header: String, at now: Duration) async -> Int {
            do {
                _ = try await authenticator.token(authorization: header, now: now)
                return 200
            } catch {
                guard case .problem(let problem, _) = error else { return 0 }
                return problem.status
            }
        }
    }

    @Test("a revoked token is trusted until the cache's lifetime has passed, then refused")
    func revocationAfterLifetime() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let token = APITokenSecret.generate()
        let record = try fixture.store.addAPIToken(user: "ada", hash: APITokenSecret.hash(token))
        let start = Duration.seconds(10)
        #expect(await fixture.status("Bearer \(token)", at: start) == 200)
        try fixture.store.revokeAPIToken(id: record.id)
        let lifetime = Authenticator.cacheLifetime
        #expect(await fixture.status("Bearer \(token)", at: start + lifetime - .milliseconds(1)) == 200)
        #expect(await fixture.status("Bearer \(token)", at: start + lifetime) == 401)
        // The refusal is not remembered either way: the cache dropped the token.
        #expect(await fixture.status("Bearer \(token)", at: start + lifetime - .milliseconds(1)) == 401)
    }

    @Test("an unknown token is never remembered: created a moment later, it works at the same instant")
    func unknownNotRemembered() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let token = APITokenSecret.generate()
        let now = Duration.seconds(10)
        #expect(await fixture.status("Bearer \(token)", at: now) == 401)
        _ = try fixture.store.addAPIToken(user: "ada", hash: APITokenSecret.hash(token))
        #expect(await fixture.status("Bearer \(token)", at: now) == 200)
    }

    @Test("a store that fails answers 503 and tells the server's logger why, never the client")
    func failingStoreIsLogged() async throws {
        let lines = Locked<[String]>([])
        let logger = Logger(label: "test") { _ in CollectingLogHandler(lines: lines) }
        let broken = StoreError.database(path: "/srv/moji/moji.sqlite", reason: "disk I/O error")
        let store = SQLiteUserDataStore(
            mainStore: .failure(broken), mainStoreURL: URL(fileURLWithPath: "/srv/moji/moji.sqlite"))
        let authenticator = Authenticator(store: store, logger: logger)
        do {
            _ = try await authenticator.token(authorization: "Bearer \(APITokenSecret.generate())", now: .zero)
            Issue.record("a token was accepted by a store that cannot be read")
        } catch {
            guard case .problem(let problem, _) = error else { throw error }
            #expect(problem.status == 503)
            #expect(!problem.detail.contains("/srv/moji"))
        }
        let logged = lines.withLock { $0 }
        #expect(logged == ["warning moji serve: a token could not be checked: \(broken)"])
    }

    @Test("a malformed header is refused before any look-up")
    func malformed() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let now = Duration.seconds(10)
        for header in ["Bearer", "Basic abc", "Bearer moji_short"] {
            #expect(await fixture.status(header, at: now) == 401, "\(header)")
        }
        #expect(await fixture.status("", at: now) == 401)
    }
}
