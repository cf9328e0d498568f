import Testing

@testable import MojiPostgres

/// When an instance starts a use from what it remembers, and when it reads first.
@Suite("remembered use states")
struct UseStateCacheTests {
    static let cat = ItemState(score: 1, scoredAt: 3, useCount: 1)

    @Test("a user kept on one instance is written from memory; one shared with others is read first")
    func trust() {
        let cache = UseStateCache()
        #expect(cache.state(of: "🐈", for: "ada") == nil)
        // First read: new to this instance, so trusted.
        let read = UseState(version: 4, clock: 3, item: Self.cat)
        cache.read(read, of: "🐈", for: "ada")
        #expect(cache.state(of: "🐈", for: "ada")?.version == 4)
        #expect(cache.state(of: "🐶", for: "ada") == nil, "an item never read is not known")
        // Its own write moves the remembered version with it.
        let written = ItemState(score: 1.9, scoredAt: 4, useCount: 2)
        cache.wrote(written, clock: 4, of: "🐈", for: "ada", from: read)
        #expect(cache.state(of: "🐈", for: "ada") == UseState(version: 5, clock: 4, item: written))

        // Another instance wrote: the write from memory failed, so the user is read first from now on.
        cache.distrust("ada")
        #expect(cache.state(of: "🐈", for: "ada") == nil)
        let moved = UseState(version: 7, clock: 6, item: written)
        cache.read(moved, of: "🐈", for: "ada")
        #expect(cache.state(of: "🐈", for: "ada") == nil, "someone else wrote since this instance did")
        cache.wrote(written, clock: 7, of: "🐈", for: "ada", from: moved)
        // The next read finds this instance's own write still current: trusted again.
        cache.read(UseState(version: 8, clock: 7, item: written), of: "🐈", for: "ada")
        #expect(cache.state(of: "🐈", for: "ada")?.version == 8)
    }

    @Test("a write from a state the cache has moved past forgets the user rather than guess")
    func raceInOneInstance() {
        let cache = UseStateCache()
        let read = UseState(version: 1, clock: 1, item: Self.cat)
        cache.read(read, of: "🐈", for: "bob")
        cache.wrote(Self.cat, clock: 2, of: "🐈", for: "bob", from: read)
        // A second use that started from the same read landed too late to matter: forgotten.
        cache.wrote(Self.cat, clock: 2, of: "🐈", for: "bob", from: read)
        #expect(cache.state(of: "🐈", for: "bob") == nil)
        cache.read(read, of: "🐈", for: "bob")
        #expect(cache.state(of: "🐈", for: "bob")?.version == 1, "a user forgotten is new again")
    }
}
