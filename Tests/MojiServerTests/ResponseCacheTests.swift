import Foundation
import Testing

@testable import MojiServer

@Suite("search answer cache")
struct ResponseCacheTests {
    static func entry(_ text: String) -> EncodedAnswer {
        EncodedAnswer(body: Data(text.utf8), etag: "\"\(text)\"")
    }

    @Test("an entry used since the last turnover survives it; one not used goes at the next")
    func generations() {
        let cache = ResponseCache(capacity: 2)
        cache.store(Self.entry("a"), for: "a", epoch: 0)
        cache.store(Self.entry("b"), for: "b", epoch: 0)
        // Full: c starts a new generation; a and b are now the older one.
        cache.store(Self.entry("c"), for: "c", epoch: 0)
        #expect(cache.value(for: "a")?.etag == "\"a\"")  // moved into the newer generation
        // The newer generation (c, a) is full: d turns it over, and b, never used, goes.
        cache.store(Self.entry("d"), for: "d", epoch: 0)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a")?.etag == "\"a\"")
        #expect(cache.value(for: "c")?.etag == "\"c\"")
        #expect(cache.value(for: "d")?.etag == "\"d\"")
    }

    @Test("the byte budget turns a generation over; an answer made before removeAll is not kept")
    func budgetAndEpochs() {
        let cache = ResponseCache(capacity: 100, byteBudget: 64)
        let big = EncodedAnswer(body: Data(count: 40), etag: "\"x\"")
        cache.store(big, for: "a", epoch: 0)
        cache.store(big, for: "b", epoch: 0)  // over 64 bytes with a: a becomes older
        cache.store(big, for: "c", epoch: 0)  // b older, a gone
        #expect(cache.value(for: "a") == nil)
        #expect(cache.value(for: "c") != nil)
        cache.store(EncodedAnswer(body: Data(count: 100), etag: ""), for: "huge", epoch: 0)
        #expect(cache.value(for: "huge") == nil)
        let epoch = cache.currentEpoch
        cache.removeAll()
        cache.store(Self.entry("stale"), for: "stale", epoch: epoch)
        #expect(cache.value(for: "stale") == nil)
        cache.store(Self.entry("fresh"), for: "fresh", epoch: cache.currentEpoch)
        #expect(cache.value(for: "fresh") != nil)
    }

    @Test("capacity 0 keeps nothing, and removeAll forgets everything")
    func emptying() {
        let off = ResponseCache(capacity: 0)
        off.store(Self.entry("a"), for: "a", epoch: 0)
        #expect(off.value(for: "a") == nil)
        let cache = ResponseCache(capacity: 8)
        cache.store(Self.entry("a"), for: "a", epoch: 0)
        cache.removeAll()
        #expect(cache.value(for: "a") == nil)
    }

    @Test("a repeated search gets the same body and ETag, with the cache and without it")
    func repeatedSearch() async throws {
        for entries in [4096, 0] {
            let configure: (inout ServerConfiguration) -> Void = { $0.searchCacheEntries = entries }
            try await ServerHarness.with(configure: configure) { harness in
                let first = try await harness.request("/v1/search?q=cat&limit=5")
                let second = try await harness.request("/v1/search?q=cat&limit=5")
                #expect(first.status == 200 && second.status == 200)
                #expect(first.body == second.body)
                #expect(first.header("ETag") == second.header("ETag"))
                let other = try await harness.request("/v1/search?q=dog&limit=5")
                #expect(other.body != first.body)
                let tag = try #require(first.header("ETag"))
                let revalidated = try await harness.request("/v1/search?q=cat&limit=5", headers: ["If-None-Match": tag])
                #expect(revalidated.status == 304)
            }
        }
    }
}
