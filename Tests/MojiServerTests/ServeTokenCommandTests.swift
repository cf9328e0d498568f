import Foundation
import GRDB
import MojiServer
import MojiStore
import MojiTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("moji serve token")
struct ServeTokenCommandTests {
    /// A fresh MOJI_HOME, removed afterwards.
    static func withHome(_ body: (URL) async throws -> Void) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try await body(home)
    }

    static func moji(
        _ arguments: [String], home: URL, environment: [String: String] = [:]
    ) async throws -> (status: Int32, output: String, errors: String) {
        let outcome = try await ChildProcess.run(
            MojiExecutable.url.path, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }
                .merging(["MOJI_HOME": home.path]) { $1 })
        return (
            outcome.status, String(decoding: outcome.output, as: UTF8.self),
            String(decoding: outcome.errors, as: UTF8.self)
        )
    }

    static func post(_ url: URL, token: String) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: url.appendingPathComponent("v1/me/usage"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"emoji":"🎉"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
    }

    @Test("a user's file deleted under two running servers is made again: no acknowledged use is lost")
    func deletedUserFile() async throws {
        try await Self.withHome { home in
            let created = try await Self.moji(["serve", "token", "create", "zed"], home: home)
            let token = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
            let one = try ServeProcess(["--port", "0"], home: home)
            let two = try ServeProcess(["--port", "0"], home: home)
            let urls = [try await one.listeningURL(), try await two.listeningURL()]
            #expect(try await Self.post(urls[0], token: token).0 == 200)
            let users = home.appendingPathComponent("users")
            for name in try FileManager.default.contentsOfDirectory(atPath: users.path) where name.hasPrefix("zed.") {
                try FileManager.default.removeItem(at: users.appendingPathComponent(name))
            }
            // Before issue 25 these answered 200 with uses 1, 2, 3 into the deleted file, and a
            // restart found no data.
            var answered: [Int] = []
            for url in [urls[0], urls[1], urls[0]] {
                let (status, entry) = try await Self.post(url, token: token)
                #expect(status == 200)
                answered.append(entry["uses"] as? Int ?? -1)
            }
            #expect(answered == [1, 2, 3])
            one.terminate()
            two.terminate()
            _ = try await one.exitStatus()
            _ = try await two.exitStatus()
            let store = try EmojiStore(url: users.appendingPathComponent("zed.sqlite"))
            #expect(try store.usage.entry(for: StoreItem(key: "🎉"))?.useCount == 3)
        }
    }

    @Test("the token printed once works against moji serve, and the store holds only its hash")
    func createAndUse() async throws {
        try await Self.withHome { home in
            let created = try await Self.moji(["serve", "token", "create", "ada", "--label", "laptop"], home: home)
            #expect(created.status == 0)
            let lines = created.output.split(separator: "\n")
            #expect(lines.count == 1)
            let token = String(lines.first ?? "")
            #expect(APITokenSecret.isWellFormed(token))
            #expect(created.errors.contains("shown only this once"))

            let serve = try ServeProcess(["--port", "0"], home: home)
            let url = try await serve.listeningURL()
            let (status, entry) = try await Self.post(url, token: token)
            #expect(status == 200)
            #expect(entry["uses"] as? Int == 1)
            let (refused, _) = try await Self.post(url, token: APITokenSecret.generate())
            #expect(refused == 401)
            serve.terminate()
            #expect(try await serve.exitStatus() == 0)

            // Only the hash, in the table and anywhere in the files.
            let database = home.appendingPathComponent(StoreLocation.fileName)
            let queue = try DatabaseQueue(path: database.path)
            let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM apiToken") }
            try queue.close()
            #expect(rows.count == 1)
            #expect(rows.first?["hash"] as String? == APITokenSecret.hash(token))
            #expect(rows.first?["user"] as String? == "ada")
            #expect(rows.first?["label"] as String? == "laptop")
            #expect(rows.first?["lastUsedAt"] as Double? != nil)
            for row in rows { #expect(!row.description.contains(token.dropFirst(5))) }
            for suffix in ["", "-wal"] {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: database.path + suffix))) ?? Data()
                #expect(bytes.range(of: Data(token.utf8)) == nil)
            }
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("users/ada.sqlite").path))
        }
    }

    @Test("list shows id, user, label and dates but never the token; revoke refuses it within a second")
    func listAndRevoke() async throws {
        try await Self.withHome { home in
            let token = try await Self.moji(["serve", "token", "create", "ada"], home: home).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try await Self.moji(["serve", "token", "create", "bob", "--label", "phone"], home: home)
            let listed = try await Self.moji(["serve", "token", "list", "--json"], home: home)
            #expect(listed.status == 0)
            #expect(!listed.output.contains(token))
            let tokens = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
            #expect(tokens.map { $0["user"] as? String } == ["ada", "bob"])
            #expect(tokens[1]["label"] as? String == "phone")
            #expect((tokens[0]["createdAt"] as? String)?.hasSuffix("Z") == true)
            #expect(tokens[0]["lastUsedAt"] == nil)
            let id = try #require(tokens[0]["id"] as? String)
            let text = try await Self.moji(["serve", "token", "list"], home: home)
            #expect(text.output.split(separator: "\n").first?.hasPrefix("\(id)\tada\t-\t") == true)

            let serve = try ServeProcess(["--port", "0"], home: home)
            let url = try await serve.listeningURL()
            #expect(try await Self.post(url, token: token).0 == 200)
            let revoked = try await Self.moji(["serve", "token", "revoke", id], home: home)
            #expect(revoked.status == 0)
            #expect(revoked.output == "revoked \(id)\n")
            try await Task.sleep(for: .milliseconds(1_100))
            #expect(try await Self.post(url, token: token).0 == 401)
            serve.terminate()
            #expect(try await serve.exitStatus() == 0)

            let again = try await Self.moji(["serve", "token", "revoke", id], home: home)
            #expect(again.status == 1)
            #expect(again.errors.contains("no API token with id"))
            let after = try await Self.moji(["serve", "token", "list", "--json"], home: home)
            #expect(!after.output.contains(id))
        }
    }

    @Test("a bad user name or rate limit is a usage error (64)")
    func usageErrors() async throws {
        try await Self.withHome { home in
            for user in ["Bad/Name", "-x", ""] {
                let outcome = try await Self.moji(["serve", "token", "create", user], home: home)
                #expect(outcome.status == 64, "\(user)")
            }
            #expect(try await Self.moji(["serve", "--rate-limit", "0"], home: home).status == 64)
            #expect(try await Self.moji(["serve", "token", "list"], home: home).output == "")
        }
    }

    @Test("serving to the network warns only while the store has no token; --rate-limit limits tokens")
    func networkWarningAndRateLimit() async throws {
        try await Self.withHome { home in
            let token = try await Self.moji(["serve", "token", "create", "ada"], home: home).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let serve = try ServeProcess(["--host", "0.0.0.0", "--port", "0", "--rate-limit", "1"], home: home)
            let url = try await serve.listeningURL()
            #expect(!serve.standardError.contains("warning"))
            let local = try #require(URL(string: "http://127.0.0.1:\(url.port ?? 0)"))
            // 12 at once against 1 a second: only a server 12 s slow would let them all pass.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 { group.addTask { try await Self.post(local, token: token).0 } }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(statuses.contains(200))
            #expect(statuses.contains(429))
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 429 })
            serve.terminate()
            #expect(try await serve.exitStatus() == 0)
        }
    }
}
