import Foundation
import MojiServer
import MojiTestSupport
import Testing

@Suite("rate limit")
struct RateLimitTests {
    @Test("past the limit a token gets 429 with Retry-After; another token and the catalog do not")
    func limited() async throws {
        // On a clock that moves only when told: the refill is exact, and waiting out Retry-After
        // takes no time.
        let clock = ManualClock()
        let configure: (inout ServerConfiguration) -> Void = { $0.clock = clock }
        try await ServerHarness.with(rateLimit: RateLimit(requestsPerSecond: 0.25, burst: 5), configure: configure) {
            harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let (other, _) = try harness.makeToken(for: "bob")
            var statuses: [Int] = []
            for _ in 0..<8 { statuses.append(try await harness.call("/v1/me/recent", token: token).status) }
            // The burst of 5 passes; with no time passing, nothing more.
            #expect(statuses == [200, 200, 200, 200, 200, 429, 429, 429])
            let limited = try await harness.call("/v1/me/recent", token: token)
            #expect(try limited.problem().type == "urn:moji:problem:rate-limited")
            // One request refills in 4 s.
            #expect(limited.header("Retry-After") == "4")
            // Per token: Bob still has his burst.
            #expect(try await harness.call("/v1/me/recent", token: other).status == 200)
            // Requests without a token are not limited by it.
            for _ in 0..<12 {
                #expect(try await harness.request("/v1/health").status == 200)
                #expect(try await harness.request("/v1/me/recent").status == 401)
            }
            // Just before Retry-After the bucket is still empty; at it, one request passes.
            clock.advance(by: .milliseconds(3_900))
            #expect(try await harness.call("/v1/me/recent", token: token).status == 429)
            clock.advance(by: .milliseconds(100))
            #expect(try await harness.call("/v1/me/recent", token: token).status == 200)
            #expect(try await harness.call("/v1/me/recent", token: token).status == 429)
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
