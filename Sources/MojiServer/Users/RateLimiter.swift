import Foundation
import Moji

/// How many requests per second one API token may send: a token bucket of `burst` requests,
/// refilled at `requestsPerSecond`. Requests without a token are not limited by it.
///
/// ```swift
/// configuration.rateLimit = RateLimit(requestsPerSecond: 50)      // burst 50
/// ```
public struct RateLimit: Sendable, Hashable {
    /// The sustained rate per token.
    public var requestsPerSecond: Double
    /// How many requests a token may send at once after a quiet spell.
    public var burst: Int

    /// A limit of `requestsPerSecond` with a burst of `burst` (by default the same number).
    public init(requestsPerSecond: Double, burst: Int? = nil) {
        self.requestsPerSecond = max(requestsPerSecond, 0.001)
        self.burst = max(burst ?? Int(requestsPerSecond.rounded(.up)), 1)
    }
}

/// Token buckets per API token id, in memory (a restart forgets them).
final class RateLimiter: Sendable {
    let limit: RateLimit
    private let buckets = Locked<[String: Bucket]>([:])
    /// Past this many tracked tokens, full buckets are forgotten (they hold nothing to remember).
    private static let pruneThreshold = 10_000

    private let time: ServerTime

    private struct Bucket: Sendable {
        var available: Double
        /// When it was last refilled, on ``time``.
        var updated: Duration
    }

    init(limit: RateLimit, time: ServerTime = ServerTime(clock: ContinuousClock())) {
        self.limit = limit
        self.time = time
    }

    /// Takes one request from `key`'s bucket; nil when allowed, else the whole seconds (≥ 1) to
    /// wait, for `Retry-After`. `now` is the server's time (its clock since it started), which
    /// tests may give.
    func acquire(_ key: String, now: Duration? = nil) -> Int? {
        let limit = limit
        let now = now ?? time.now
        return buckets.withLock { buckets in
            let capacity = Double(limit.burst)
            var bucket = buckets[key] ?? Bucket(available: capacity, updated: now)
            let elapsed = max(((now - bucket.updated) / .seconds(1)), 0)
            bucket.available = min(capacity, bucket.available + elapsed * limit.requestsPerSecond)
            // Two requests may take their instants in one order and the lock in the other.
            bucket.updated = max(bucket.updated, now)
            defer {
                if buckets.count > Self.pruneThreshold {
                    buckets = buckets.filter {
                        $0.value.available + ((now - $0.value.updated) / .seconds(1)) * limit.requestsPerSecond
                            < capacity
                    }
                }
            }
            if bucket.available >= 1 {
                bucket.available -= 1
                buckets[key] = bucket
                return nil
            }
            buckets[key] = bucket
            return max(1, Int(((1 - bucket.available) / limit.requestsPerSecond).rounded(.up)))
        }
    }
}
