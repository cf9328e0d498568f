import Foundation
import Testing

@testable import MojiServer

@Suite("the server's one cache")
struct BoundedCacheTests {
    @Test("a value is made once, kept, and made again once removed")
    func makeOnce() {
        let cache = BoundedCache<String, Int>(capacity: 4)
        var made = 0
        let make = {
            made += 1
            return made
        }
        #expect(cache.value(for: "a", orMake: make) == 1)
        #expect(cache.value(for: "a", orMake: make) == 1)
        #expect(made == 1)
        cache.removeValue(for: "a")
        #expect(cache.value(for: "a") == nil)
        #expect(cache.value(for: "a", orMake: make) == 2)
    }

    @Test("a failed make keeps nothing, and the error comes out")
    func failedMake() {
        struct Refused: Error {}
        let cache = BoundedCache<String, Int>(capacity: 4)
        #expect(throws: Refused.self) { try cache.value(for: "a") { throw Refused() } }
        #expect(cache.value(for: "a") == nil)
    }

    @Test("however many keys clients send, at most two generations stay, the newest among them")
    func bounded() {
        // A cost of one per entry counts them.
        let cache = BoundedCache<Int, Int>(capacity: 32) { _, _ in 1 }
        for key in 0..<10_000 { cache.store(key, for: key) }
        #expect(cache.storedCost <= 64)
        #expect(cache.value(for: 0) == nil)
        #expect(cache.value(for: 9_999) == 9_999)
    }

    @Test("the cost budget turns a generation over, and a value over it alone is not kept")
    func costBudget() {
        let cache = BoundedCache<String, [UInt8]>(capacity: 100, costBudget: 10) { _, value in value.count }
        cache.store(Array(repeating: 0, count: 6), for: "a")
        cache.store(Array(repeating: 0, count: 6), for: "b")  // over 10 with a: a becomes older
        cache.store(Array(repeating: 0, count: 6), for: "c")  // b older, a gone
        #expect(cache.value(for: "a") == nil)
        #expect(cache.storedCost <= 2 * cache.costBudget)
        cache.store(Array(repeating: 0, count: 11), for: "huge")
        #expect(cache.value(for: "huge") == nil)
    }
}
