import Foundation
import MojiServer
import Testing

@Suite("rate limit")
struct RateLimitTests {
    @Test("past the limit a token gets 429 with Retry-After; another token and the catalog do not")
    func limited() async throws {
        // A slow refill (one request per 4 s) keeps the test exact on a loaded machine.
        try await ServerHarness.with(rateLimit: RateLimit(requestsPerSecond: 0.25, burst: 5)) { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let (other, _) = try harness.makeToken(for: "bob")
            var statuses: [Int] = []
            var limited: ServerHarness.Answer?
            // 20 requests: even if a loaded machine stretches them over 40 s, the refill (10 by then)
            // cannot let them all through.
            let start = Date()
            for _ in 0..<20 {
                let answer = try await harness.call("/v1/me/recent", token: token)
                statuses.append(answer.status)
                if answer.status == 429, limited == nil { limited = answer }
            }
            // The burst of 5 passes; then only what the refill allows.
            #expect(statuses.prefix(5).allSatisfy { $0 == 200 })
            #expect(statuses.contains(429))
            let passed = statuses.filter { $0 == 200 }.count
            let refilled = Int(Date().timeIntervalSince(start) * 0.25) + 1
            #expect(passed <= 5 + refilled, "\(statuses)")
            let answer = try #require(limited)
            #expect(try answer.problem().type == "urn:moji:problem:rate-limited")
            let retryAfter = try #require(answer.header("Retry-After").flatMap { Int($0) })
            #expect((1...4).contains(retryAfter))
            // Per token: Bob still has his burst.
            #expect(try await harness.call("/v1/me/recent", token: other).status == 200)
            // Requests without a token are not limited by it.
            for _ in 0..<12 {
                #expect(try await harness.request("/v1/health").status == 200)
                #expect(try await harness.request("/v1/me/recent").status == 401)
            }
            // After Retry-After the bucket has refilled. The wait is a fresh refusal's: on a slow
            // machine a request after the loop's last 429 may have taken a token refilled meanwhile.
            var lastRefusal = try await harness.call("/v1/me/recent", token: token)
            for _ in 0..<10 where lastRefusal.status == 200 {
                lastRefusal = try await harness.call("/v1/me/recent", token: token)
            }
            #expect(lastRefusal.status == 429)
            let wait = try #require(lastRefusal.header("Retry-After").flatMap { Int($0) })
            try await Task.sleep(for: .seconds(wait))
            #expect(try await harness.call("/v1/me/recent", token: token).status == 200)
        }
    }

    @Test("without a configured limit nothing is limited")
    func unlimited() async throws {
        try await ServerHarness.with { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            for _ in 0..<30 {
                #expect(try await harness.call("/v1/me/recent", token: token).status == 200)
            }
        }
    }

    @Test("a limit takes its burst from the rate unless given")
    func burst() {
        #expect(RateLimit(requestsPerSecond: 5).burst == 5)
        #expect(RateLimit(requestsPerSecond: 0.5).burst == 1)
        #expect(RateLimit(requestsPerSecond: 10, burst: 3).burst == 3)
    }
}
