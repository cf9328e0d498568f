import Foundation
import MojiRepresentations
import MojiTestSupport
import Testing

@testable import MojiServer

/// What a review of the server found a client could do, each now answered.
@Suite("hardening")
struct HardeningTests {
    @Test("a set's source shows only a public web address: no local path, user, query or fragment")
    func publicSourceLocation() {
        #expect(CustomSetSummary.Source(kind: "folder", location: "/home/ada/emoji").location == nil)
        #expect(CustomSetSummary.Source(kind: "pack", location: "file:///srv/pack.zip").location == nil)
        let slack = CustomSetSummary.Source(
            kind: "slack", location: "https://bot:secret@slack.example/api/emoji.list?token=xoxb-1#all")
        #expect(slack.location == "https://slack.example/api/emoji.list")
        #expect(
            CustomSetSummary.Source(kind: "forum", location: "https://forums.example/misc.php").location
                == "https://forums.example/misc.php")
    }

    @Test("large uncached answers are made a few at a time, the rest get 503 with Retry-After; health answers")
    func heavyAnswers() async throws {
        try await ServerHarness.with(limits: ServerLimits(heavyRequests: 2)) { harness in
            // Before issue 25, 32 clients asking for every toned emoji (2.4 MB each) kept health
            // waiting 10 s. Each locale is another answer, so none comes from the cache.
            let locales = [
                "en", "de", "fr", "es", "it", "ja", "ko", "zh", "ru", "pt", "nl", "sv", "pl", "tr", "ar", "hi",
            ]
            let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for locale in locales + locales {
                    group.addTask {
                        let answer = try await harness.request("/v1/emoji?tones&locale=\(locale)")
                        return (answer.status, answer.header("Retry-After"))
                    }
                }
                group.addTask { (try await harness.request("/v1/health").status, "health") }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.contains { $0 == (200, "health") })
            let heavy = answers.filter { $0.1 != "health" }
            #expect(heavy.allSatisfy { $0.0 == 200 || ($0.0 == 503 && $0.1 == "1") }, "\(heavy)")
            #expect(heavy.contains { $0.0 == 503 } && heavy.contains { $0.0 == 200 })
            // An answer made once is kept: asked again, it comes from the cache, whatever the load.
            let first = try await harness.request("/v1/emoji?tones&locale=en")
            #expect(first.status == 200)
            let again = try await harness.request("/v1/emoji?tones&locale=en")
            #expect(again.status == 200 && again.body == first.body && again.header("ETag") == first.header("ETag"))
            let service = harness.server.catalogAnswerCache
            #expect(service.storedCost > 1_000_000)
        }
    }

    /// Sends `request` as raw bytes to the server (a client `URLSession` would not let through)
    /// from another process, and returns the status line of the answer. The child waits up to
    /// 120 s: beside this suite's 2.4 MB answers the whole run once kept a loopback answer 20 s.
    private func rawStatusLine(_ request: Data, port: Int) async throws -> String {
        let script = """
            import base64, socket, sys
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=120)
            s.sendall(base64.b64decode(sys.argv[2]))
            data = b""
            while b"\\r\\n" not in data:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
            print(data.split(b"\\r\\n")[0].decode())
            """
        let outcome = try await ChildProcess.run(
            "/usr/bin/env", ["python3", "-c", script, String(port), request.base64EncodedString()],
            environment: ProcessInfo.processInfo.environment)
        return String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a chunked body past the limit is 413 and a malformed chunk size 400, not 500")
    func chunkedBodies() async throws {
        // Before issue 25 both were 500 on every route; with a Content-Length the limit was 413.
        try await ServerHarness.with(limits: ServerLimits(bodyBytes: 200)) { harness in
            let port = try #require(harness.server.baseURL.port)
            let head =
                "POST /v1/text/find HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            let large = "{\"text\":\"" + String(repeating: "a", count: 300) + "\"}"
            let over = head + String(large.utf8.count, radix: 16) + "\r\n" + large + "\r\n0\r\n\r\n"
            #expect(try await rawStatusLine(Data(over.utf8), port: port).hasPrefix("HTTP/1.1 413"))
            let malformed = head + "zz\r\n{\"text\":\"a\"}\r\n0\r\n\r\n"
            #expect(try await rawStatusLine(Data(malformed.utf8), port: port).hasPrefix("HTTP/1.1 400"))
            let small = "{\"text\":\"hi 🎉\"}"
            let fine = head + String(small.utf8.count, radix: 16) + "\r\n" + small + "\r\n0\r\n\r\n"
            #expect(try await rawStatusLine(Data(fine.utf8), port: port) == "HTTP/1.1 200 OK")
        }
    }

    @Test("a chunked body trickled a chunk a second gets 408 at the body deadline; connections past the limit wait")
    func trickledBodiesAndConnectionLimit() async throws {
        try await ServerHarness.with(limits: ServerLimits(bodySeconds: 2, connections: 3)) { harness in
            let port = try #require(harness.server.baseURL.port)
            // Before issue 25 this held its connection for as long as the client kept trickling.
            let script = """
                import socket, sys, time
                s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=30)
                s.sendall(b"POST /v1/text/find HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/json\\r\\n"
                          b"Transfer-Encoding: chunked\\r\\n\\r\\n")
                start = time.time()
                s.setblocking(False)
                data = b""
                while time.time() - start < 60 and b"\\r\\n" not in data:
                    try:
                        s.sendall(b"1\\r\\n \\r\\n")
                    except OSError:
                        break
                    time.sleep(1)
                    try:
                        data += s.recv(4096)
                    except BlockingIOError:
                        pass
                print(data.split(b"\\r\\n")[0].decode(), round(time.time() - start))
                """
            let outcome = try await ChildProcess.run(
                "/usr/bin/env", ["python3", "-c", script, String(port)],
                environment: ProcessInfo.processInfo.environment)
            let line = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(line.hasPrefix("HTTP/1.1 408"), "\(line) \(String(decoding: outcome.errors, as: UTF8.self))")
            // 2 s on a quiet machine; the whole suite sharing two cores can delay it.
            #expect((Int(line.split(separator: " ").last ?? "") ?? 99) <= 40, "\(line)")

            // Three idle connections take every place; a fourth request waits until one closes.
            let limit = """
                import socket, sys, time
                port = int(sys.argv[1])
                idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
                time.sleep(0.5)
                waiting = socket.create_connection(("127.0.0.1", port), timeout=60)
                waiting.sendall(b"GET /v1/health HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n")
                waiting.settimeout(1.5)
                try:
                    early = waiting.recv(4096)
                except socket.timeout:
                    early = b""
                for s in idle:
                    s.close()
                waiting.settimeout(60)
                late = waiting.recv(4096)
                print(len(early), late.split(b"\\r\\n")[0].decode())
                """
            let limited = try await ChildProcess.run(
                "/usr/bin/env", ["python3", "-c", limit, String(port)], environment: ProcessInfo.processInfo.environment
            )
            let answer = String(decoding: limited.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(answer == "0 HTTP/1.1 200 OK", "\(answer) \(String(decoding: limited.errors, as: UTF8.self))")
        }
    }

    @Test("CORS origins compare as browsers send them: lowercase, no default port, no slash")
    func corsOrigins() {
        #expect(CORS.normalized("https://Good.Example:443/") == "https://good.example")
        #expect(CORS.normalized("HTTP://localhost:80") == "http://localhost")
        #expect(CORS.normalized("https://good.example:8443") == "https://good.example:8443")
        #expect(CORS.normalized("*") == "*")
    }

    @Test("picker data for versions the catalog does not have is the answer of the version before")
    func pickerDataVersionsRoundDown() async throws {
        try await ServerHarness.with { harness in
            let exact = try await harness.request("/v1/picker-data?max-version=15.1")
            let between = try await harness.request("/v1/picker-data?max-version=15.9")
            #expect(exact.status == 200 && between.status == 200)
            #expect(exact.header("ETag") == between.header("ETag"))
            #expect(exact.body == between.body)
        }
    }

    @Test("spellings of one search share a cached answer, and the cache stays within its byte budget")
    func searchCacheKeys() async throws {
        try await ServerHarness.with { harness in
            let plain = try await harness.request("/v1/search?q=a&limit=200&explain=true")
            let escaped = try await harness.request("/v1/search?explain=1&limit=200&q=%61")
            #expect(plain.body == escaped.body)
            let cache = harness.server.searchAnswerCache
            // 800 distinct answers of about 60 KB (48 MB, with the matches explained) never hold more
            // than two generations' budget.
            #expect(plain.body.count > 50_000)
            for index in 0..<800 {
                _ = try await harness.request(
                    "/v1/search?q=a\(String(repeating: "+", count: index))&limit=200&explain=true")
            }
            #expect(cache.storedCost <= 2 * cache.costBudget)
            #expect(cache.storedCost > cache.costBudget / 2)
        }
    }

    @Test("ranking=usage is refused: a shared answer cannot hold one user's uses")
    func usageRanking() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/search?q=cat&ranking=usage")
            #expect(answer.status == 400)
            #expect(try answer.problem().detail.contains("/v1/me/frequent"))
        }
    }
}
