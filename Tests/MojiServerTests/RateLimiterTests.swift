import Foundation
import Testing

@testable import MojiServer

/// The per-token buckets on instants the test chooses: no waiting, and time only as the monotonic
/// clock counts it (a wall clock stepped back or forward does not refill or drain a bucket).
@Suite("rate limiter")
struct RateLimiterTests {
    @Test("a burst passes, the next request waits, and the bucket refills at the rate")
    func bucket() {
        let limiter = RateLimiter(limit: RateLimit(requestsPerSecond: 2, burst: 3))
        let start = Duration.seconds(10)
        for _ in 0..<3 { #expect(limiter.acquire("ada", now: start) == nil) }
        #expect(limiter.acquire("ada", now: start) == 1, "the fourth request waits a second")
        #expect(limiter.acquire("bob", now: start) == nil, "another token has its own bucket")
        // Half a second refills one request at 2 per second; the next waits again.
        #expect(limiter.acquire("ada", now: start + .milliseconds(500)) == nil)
        #expect(limiter.acquire("ada", now: start + .milliseconds(500)) == 1)
        // Ten quiet seconds fill the bucket to its burst, no more.
        let later = start + .seconds(10)
        for _ in 0..<3 { #expect(limiter.acquire("ada", now: later) == nil) }
        #expect(limiter.acquire("ada", now: later) != nil)
    }

    @Test("an earlier instant than the last (time never runs back on this clock) refills nothing")
    func noTimeTravel() {
        let limiter = RateLimiter(limit: RateLimit(requestsPerSecond: 1, burst: 1))
        let start = Duration.seconds(10)
        #expect(limiter.acquire("ada", now: start) == nil)
        #expect(limiter.acquire("ada", now: start - .seconds(3600)) == 1)
        // Nor does it move the bucket's time back, which would refill it an hour's worth.
        #expect(limiter.acquire("ada", now: start + .milliseconds(100)) == 1)
    }
}
