import Foundation
import Moji
import MojiLoopbackServer
import MojiPostgres
import MojiStore
import MojiSync
import MojiTestSupport
import Testing

/// The custom sets that PostgreSQL holds for every `moji serve` instance, and their mirror in a
/// SQLite store (``CustomSetMirror``): a database of their own on the test server.
@Suite(
    "custom sets shared through PostgreSQL",
    .enabled(
        if: PostgresTestCluster.availability.url != nil || PostgresTestCluster.isRequired,
        Comment(rawValue: "PostgreSQL cases skipped: \(PostgresTestCluster.availability.reason)")))
struct PostgresCustomSetsTests {
    /// A set as a sync leaves it: sync state, validators, emoji with cached images.
    static func content(_ name: String, codes: [String], syncedAt: Date) -> CustomSetContent {
        let set = CustomSet(
            name: name, source: CustomSetSource(kind: .forum, location: "https://forum.example/\(name)"),
            refreshInterval: 3600, addedAt: Date(timeIntervalSince1970: 1_700_000_000.25), syncedAt: syncedAt,
            attemptedAt: syncedAt, validators: HTTPValidators(etag: "\"\(name)-\(codes.count)\"", lastModified: nil))
        let emoji = codes.enumerated().map { index, code in
            CustomEmoji(
                code: code, name: "\(code) smilie", keywords: ["kw\(index)", name], group: "forum",
                image: "https://forum.example/\(name)/\(code).gif", source: "https://forum.example",
                addedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)), set: name,
                isVisibleInPicker: index != 1,
                cachedImage: CustomEmojiImage(
                    sha256: String(repeating: String(index % 10), count: 64), format: "gif", width: 20 + index,
                    height: 18, frameCount: 1 + index % 3, byteCount: 300 + index))
        }
        return CustomSetContent(set: set, emoji: emoji)
    }

    /// A SQLite store in `place`'s folder and its mirror of the place's database.
    static func mirror(_ place: TestPlace, _ postgres: PostgresUserDataStore, name: String) throws -> CustomSetMirror {
        let store = try EmojiStore(url: place.folder.appendingPathComponent("\(name).sqlite"))
        return CustomSetMirror(
            shared: postgres, store: store,
            cache: ImageCache(directory: place.folder.appendingPathComponent("\(name)-images", isDirectory: true)))
    }

    static func openPostgres(_ place: TestPlace) async throws -> PostgresUserDataStore {
        try #require(try await place.open() as? PostgresUserDataStore)
    }

    @Test("published sets mirror into a fresh SQLite store with the same sets, emoji and order")
    func publishAndMirror() async throws {
        let place = try await TestPlace(.postgres)
        do {
            let postgres = try await Self.openPostgres(place)
            let synced = Date(timeIntervalSince1970: 1_760_000_000.5)
            // Codes out of alphabetical order: the source's order must survive.
            let forum = Self.content("forum", codes: ["zeta", "Alpha", "mid_dle", "b-2"], syncedAt: synced)
            let team = Self.content("Team", codes: ["parrot", "cat+1"], syncedAt: synced)
            let before = try await postgres.customSetsVersion()
            #expect(try await postgres.publishCustomSet(forum, adding: true).isEmpty)
            let between = try await postgres.customSetsVersion()
            #expect(try await postgres.publishCustomSet(team, adding: true).isEmpty)
            // Each publish moves the version, to a value not seen before.
            #expect(Set([before, between, try await postgres.customSetsVersion()]).count == 3)

            let mirror = try Self.mirror(place, postgres, name: "instance")
            #expect(try await mirror.update())
            let mirrored = try mirror.store.custom.setContents()
            #expect(mirrored.map(\.set.name) == ["forum", "Team"])
            #expect(mirrored.first?.set == forum.set)
            #expect(mirrored.first?.emoji == forum.emoji)
            #expect(mirrored.last?.emoji == team.emoji)
            #expect(
                try mirror.store.custom.emoji(inSet: "forum").map(\.code) == ["zeta", "Alpha", "mid_dle", "b-2"])
            #expect(try mirror.store.custom.emoji(code: ":PARROT:")?.set == "Team")
            // Nothing moved: the next update reads the version alone and changes nothing.
            let versions = try mirror.store.changeVersions()
            #expect(try await mirror.update() == false)
            #expect(try mirror.store.changeVersions() == versions)

            // A forum-sized set: what one publish and one mirror of everything cost (printed).
            let big = Self.content("big", codes: (0..<1_000).map { "big\($0)" }, syncedAt: synced)
            let publishing = ContinuousClock.now
            #expect(try await postgres.publishCustomSet(big, adding: true).isEmpty)
            let published = ContinuousClock.now - publishing
            let mirroring = ContinuousClock.now
            #expect(try await mirror.update())
            let mirrored1000 = ContinuousClock.now - mirroring
            #expect(try mirror.store.custom.emoji(inSet: "big").map(\.code) == big.emoji.map(\.code))
            print("a set of 1,000 emoji: published in \(published), all 1,006 mirrored in \(mirrored1000)")
            try mirror.store.close()
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }

    @Test("a changed set moves the version and the mirror follows; a removal propagates")
    func changesAndRemovals() async throws {
        let place = try await TestPlace(.postgres)
        do {
            let writer = try await Self.openPostgres(place)
            let reader = try await Self.openPostgres(place)
            let first = Date(timeIntervalSince1970: 1_760_000_000)
            _ = try await writer.publishCustomSet(
                Self.content("forum", codes: ["a", "b", "c"], syncedAt: first), adding: true)
            _ = try await writer.publishCustomSet(Self.content("other", codes: ["x"], syncedAt: first), adding: true)
            let mirror = try Self.mirror(place, reader, name: "instance")
            try await mirror.update()
            let version = try #require(mirror.mirroredVersion)
            let customVersion = try mirror.store.changeVersions()[.customEmoji]

            // A resync: one code gone, one new, the order changed, a new sync date.
            let second = Date(timeIntervalSince1970: 1_760_003_600)
            let changed = Self.content("forum", codes: ["d", "a", "c"], syncedAt: second)
            #expect(try await writer.publishCustomSet(changed, adding: false).isEmpty)
            #expect(try await reader.customSetsVersion() != version)
            #expect(try await mirror.update())
            #expect(try mirror.store.custom.emoji(inSet: "forum").map(\.code) == ["d", "a", "c"])
            #expect(try mirror.store.custom.set(named: "forum")?.syncedAt == second)
            #expect(try mirror.store.custom.emoji(code: "b") == nil)
            #expect(try mirror.store.changeVersions()[.customEmoji] != customVersion)

            // A code another set has stays that set's, as in one SQLite store.
            let stealing = Self.content("other", codes: ["x", "A"], syncedAt: second)
            let conflicts = try await writer.publishCustomSet(stealing, adding: false)
            #expect(conflicts == [CustomSetConflict(code: "A", owner: "forum")])
            // Adding a set that exists, or publishing one that is gone, is refused.
            await #expect(throws: StoreError.duplicateCustomSet("FORUM")) {
                try await writer.publishCustomSet(Self.content("FORUM", codes: [], syncedAt: second), adding: true)
            }
            await #expect(throws: StoreError.unknownCustomSet("gone")) {
                try await writer.publishCustomSet(Self.content("gone", codes: [], syncedAt: second), adding: false)
            }

            #expect(try await writer.removeCustomSet(named: "Forum"))
            #expect(try await writer.removeCustomSet(named: "forum") == false)
            #expect(try await mirror.update())
            #expect(try mirror.store.custom.sets().map(\.name) == ["other"])
            #expect(try mirror.store.custom.emoji(code: "a") == nil)
            try mirror.store.close()
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }

    @Test("of two instances claiming a set's sync at once, one gets it; an expired claim can be taken over")
    func syncClaims() async throws {
        let place = try await TestPlace(.postgres)
        do {
            let one = try await Self.openPostgres(place)
            let two = try await Self.openPostgres(place)
            _ = try await one.publishCustomSet(Self.content("forum", codes: ["a"], syncedAt: Date()), adding: true)
            let now = Date()
            async let first = one.claimCustomSetSync(named: "forum", owner: "one", until: now + 60, now: now)
            async let second = two.claimCustomSetSync(named: "forum", owner: "two", until: now + 60, now: now)
            let claims = try await [first, second]
            #expect(claims.filter { $0 }.count == 1)
            let holder = claims[0] ? "one" : "two"
            let other = claims[0] ? "two" : "one"
            // Past the holder's time, the other takes it over.
            #expect(try await two.claimCustomSetSync(named: "forum", owner: other, until: now + 200, now: now + 61))
            try await one.releaseCustomSetSync(named: "forum", owner: holder)  // no longer its: nothing happens
            #expect(
                try await one.claimCustomSetSync(named: "forum", owner: holder, until: now + 200, now: now + 62)
                    == false)
            try await one.releaseCustomSetSync(named: "forum", owner: other)
            #expect(try await one.claimCustomSetSync(named: "forum", owner: holder, until: now + 200, now: now + 62))
            await #expect(throws: StoreError.unknownCustomSet("none")) {
                try await one.claimCustomSetSync(named: "none", owner: "one", until: now + 60, now: now)
            }
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }

    @Test("a mirror whose database does not answer keeps the sets it mirrored last")
    func failedReadKeepsMirror() async throws {
        let place = try await TestPlace(.postgres)
        do {
            let postgres = try await Self.openPostgres(place)
            _ = try await postgres.publishCustomSet(
                Self.content("forum", codes: ["a", "b"], syncedAt: Date()), adding: true)
            // An instance of its own, closed below: its calls then fail.
            let instance = try await PostgresUserDataStore(
                configuration: try TestPlace.configuration(database: place.database), timeout: .seconds(30))
            let mirror = try Self.mirror(place, instance, name: "instance")
            try await mirror.update()
            await instance.close()
            let failing = ContinuousClock.now
            await #expect(throws: (any Error).self) { try await mirror.update() }
            print("a mirror's read from a closed connection pool failed after \(ContinuousClock.now - failing)")
            #expect(try mirror.store.custom.emoji(inSet: "forum").map(\.code) == ["a", "b"])
            try mirror.store.close()
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }

    @Test("a mirror fetches the images its cache lacks once; one that fails is not asked for again at once")
    func missingImages() async throws {
        let place = try await TestPlace(.postgres)
        let source = try await LoopbackServer.start()
        do {
            let png = Data(base64Encoded: Self.onePixelPNG) ?? Data()
            source.route("/good.png", .body(png, contentType: "image/png"))
            let postgres = try await Self.openPostgres(place)
            // As another instance's sync left them: the hash of the bytes it fetched.
            let good = try ImageCache(directory: place.folder.appendingPathComponent("elsewhere")).store(png)
            var content = Self.content("forum", codes: ["good", "gone"], syncedAt: Date())
            content.emoji[0].image = source.url("/good.png").absoluteString
            content.emoji[0].cachedImage = good
            content.emoji[1].image = source.url("/gone.png").absoluteString
            _ = try await postgres.publishCustomSet(content, adding: true)
            let mirror = try Self.mirror(place, postgres, name: "instance")
            try await mirror.update()
            #expect(await mirror.fetchMissingImages() == 1)
            #expect(mirror.cache.contains(good))
            #expect(source.requests(path: "/gone.png").count >= 1)
            source.resetLog()
            #expect(await mirror.fetchMissingImages() == 0)
            #expect(source.requests().isEmpty)
            // Past the backoff, it is asked for again.
            _ = await mirror.fetchMissingImages(at: Date() + SyncOptions().failureBackoff + 1)
            #expect(source.requests(path: "/gone.png").count >= 1)
            try mirror.store.close()
        } catch {
            await source.stop()
            await place.remove()
            throw error
        }
        await source.stop()
        await place.remove()
    }

    /// A 1×1 PNG.
    static let onePixelPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
}
