import Foundation
import MojiServer
import MojiTestSupport
import Testing

@Suite("CORS")
struct CORSTests {
    @Test("without --cors-origin no answer carries a CORS header, and a preflight is not answered as one")
    func offByDefault() async throws {
        try await ServerHarness.with { harness in
            let base = harness.server.baseURL.absoluteString
            let answer = try await curl(base + "/v1/health", ["-H", "Origin: https://example.com"])
            #expect(answer.status == 200)
            #expect(!answer.headers.keys.contains { $0.hasPrefix("access-control-") })
            let preflight = try await curl(
                base + "/v1/search?q=a",
                ["-X", "OPTIONS", "-H", "Origin: https://example.com", "-H", "Access-Control-Request-Method: GET"])
            #expect(preflight.status == 405)
            #expect(!preflight.headers.keys.contains { $0.hasPrefix("access-control-") })
        }
    }

    @Test("a listed origin gets CORS headers and its preflight 204; another origin gets none")
    func allowedOrigin() async throws {
        let configure: (inout ServerConfiguration) -> Void = { $0.corsOrigins = ["https://example.com"] }
        try await ServerHarness.with(configure: configure) { harness in
            let base = harness.server.baseURL.absoluteString
            let answer = try await curl(base + "/v1/health", ["-H", "Origin: https://example.com"])
            #expect(answer.status == 200)
            #expect(answer.headers["access-control-allow-origin"] == "https://example.com")
            #expect(answer.headers["access-control-expose-headers"] == "ETag, Retry-After")
            #expect(answer.headers["vary"]?.contains("Origin") == true)
            let preflight = try await curl(
                base + "/v1/text/find",
                [
                    "-X", "OPTIONS", "-H", "Origin: https://example.com", "-H", "Access-Control-Request-Method: POST",
                    "-H", "Access-Control-Request-Headers: content-type",
                ])
            #expect(preflight.status == 204)
            #expect(preflight.headers["access-control-allow-origin"] == "https://example.com")
            #expect(preflight.headers["access-control-allow-methods"] == "GET, HEAD, POST, PUT, DELETE")
            #expect(preflight.headers["access-control-allow-headers"] == "Authorization, Content-Type, If-None-Match")
            #expect(preflight.headers["access-control-max-age"] == "600")
            #expect(preflight.headers["vary"]?.contains("Origin") == true)
            for other in ["https://evil.example", "https://example.com.evil.example", "http://example.com"] {
                let refused = try await curl(base + "/v1/health", ["-H", "Origin: \(other)"])
                #expect(refused.status == 200)
                #expect(!refused.headers.keys.contains { $0.hasPrefix("access-control-") }, "\(other)")
                let refusedPreflight = try await curl(
                    base + "/v1/health",
                    ["-X", "OPTIONS", "-H", "Origin: \(other)", "-H", "Access-Control-Request-Method: GET"])
                #expect(refusedPreflight.status != 204)
                #expect(!refusedPreflight.headers.keys.contains { $0.hasPrefix("access-control-") }, "\(other)")
            }
        }
    }

    @Test("* allows any origin, echoed back")
    func anyOrigin() async throws {
        let configure: (inout ServerConfiguration) -> Void = { $0.corsOrigins = ["*"] }
        try await ServerHarness.with(configure: configure) { harness in
            let answer = try await curl(
                harness.server.baseURL.absoluteString + "/v1/locales", ["-H", "Origin: https://anywhere.example"])
            #expect(answer.headers["access-control-allow-origin"] == "https://anywhere.example")
        }
    }

    @Test("moji serve --cors-origin refuses what is not an origin")
    func serveValidates() async throws {
        let outcome = try await ChildProcess.run(
            MojiExecutable.url.path, ["serve", "--port", "0", "--cors-origin", "https://example.com/path"],
            environment: ProcessInfo.processInfo.environment)
        #expect(outcome.status == 64)
        #expect(String(decoding: outcome.errors, as: UTF8.self).contains("not an origin"))
    }
}
