import Testing

@testable import MojiPostgres

/// When an instance starts a use from what it remembers, and when it reads first.
@Suite("remembered use states")
struct UseStateCacheTests {
    static let cat = ItemState(score: 1, scoredAt: 3, useCount: 1)
    static let dog = ItemState(score: 1, scoredAt: 2, useCount: 1)

    @Test("a user kept on one instance is written from memory; one shared with others is read first")
    func trust() {
        let cache = UseStateCache()
        #expect(cache.state(of: "🐈", for: "ada") == nil)
        // First read: new to this instance, so trusted.
        let read = UseState(version: 4, clock: 3, item: Self.cat)
        cache.read(read, of: "🐈", for: "ada")
        #expect(cache.state(of: "🐈", for: "ada") == read)
        #expect(cache.state(of: "🐶", for: "ada") == nil, "an item never read is not known")
        // Its own write: the remembered version, clock and row are the written ones.
        let written = UseState(version: -77, clock: 4, item: ItemState(score: 1.9, scoredAt: 4, useCount: 2))
        cache.wrote(written, of: "🐈", for: "ada", from: read)
        #expect(cache.state(of: "🐈", for: "ada") == written)

        // Another instance wrote: the write from memory failed, so the user is read first from now on.
        cache.distrust("ada")
        #expect(cache.state(of: "🐈", for: "ada") == nil)
        let moved = UseState(version: 912, clock: 6, item: written.item)
        cache.read(moved, of: "🐈", for: "ada")
        #expect(cache.state(of: "🐈", for: "ada") == nil, "someone else wrote since this instance did")
        let again = UseState(version: 5, clock: 7, item: written.item)
        cache.wrote(again, of: "🐈", for: "ada", from: moved)
        // The next read finds this instance's own write still current: trusted again.
        cache.read(again, of: "🐈", for: "ada")
        #expect(cache.state(of: "🐈", for: "ada") == again)
    }

    @Test("a read at another version drops every item remembered from the older one")
    func otherItemsDropped() {
        let cache = UseStateCache()
        cache.read(UseState(version: 4, clock: 2, item: Self.dog), of: "🐶", for: "cy")
        cache.read(UseState(version: 4, clock: 2, item: Self.cat), of: "🐈", for: "cy")
        #expect(cache.state(of: "🐶", for: "cy")?.item == Self.dog, "reads at one version add up")
        // Someone else wrote (version 9): what was known of 🐶 may be stale.
        let later = UseState(version: 9, clock: 5, item: Self.cat)
        cache.read(later, of: "🐈", for: "cy")
        cache.wrote(UseState(version: 10, clock: 6, item: Self.cat), of: "🐈", for: "cy", from: later)
        cache.read(UseState(version: 10, clock: 6, item: Self.cat), of: "🐈", for: "cy")
        #expect(cache.state(of: "🐈", for: "cy")?.version == 10)
        #expect(cache.state(of: "🐶", for: "cy") == nil)
    }

    @Test("a write from a state the cache has moved past, or of a user forgotten, forgets rather than guess")
    func raceInOneInstance() {
        let cache = UseStateCache()
        let read = UseState(version: 1, clock: 1, item: Self.cat)
        cache.read(read, of: "🐈", for: "bob")
        cache.wrote(UseState(version: 2, clock: 2, item: Self.cat), of: "🐈", for: "bob", from: read)
        // A second use that started from the same read: its write cannot be placed.
        cache.wrote(UseState(version: 3, clock: 2, item: Self.cat), of: "🐈", for: "bob", from: read)
        #expect(cache.state(of: "🐈", for: "bob") == nil)
        cache.wrote(UseState(version: 4, clock: 3, item: Self.cat), of: "🐈", for: "bob", from: read)
        #expect(cache.state(of: "🐈", for: "bob") == nil, "a write does not bring a forgotten user back")
        cache.read(read, of: "🐈", for: "bob")
        #expect(cache.state(of: "🐈", for: "bob") == read, "a user forgotten is new again")
    }

    @Test("at most itemCapacity items per user and userCapacity users are remembered")
    func capacities() {
        let cache = UseStateCache()
        for index in 0...UseStateCache.itemCapacity {
            cache.read(UseState(version: 1, clock: 1, item: Self.cat), of: "item\(index)", for: "dee")
        }
        #expect(cache.state(of: "item0", for: "dee") != nil)
        #expect(cache.state(of: "item\(UseStateCache.itemCapacity)", for: "dee") == nil)
        let users = UseStateCache()
        for index in 0..<UseStateCache.userCapacity {
            users.read(UseState(version: 1, clock: 1, item: Self.cat), of: "🐈", for: "u\(index)")
        }
        #expect(users.state(of: "🐈", for: "u0") != nil)
        // One more user starts the cache over rather than grow past the bound.
        users.read(UseState(version: 1, clock: 1, item: Self.cat), of: "🐈", for: "one-more")
        #expect(users.state(of: "🐈", for: "u0") == nil && users.state(of: "🐈", for: "one-more") != nil)
    }
}
