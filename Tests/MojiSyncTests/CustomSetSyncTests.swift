import Foundation
import Moji
import MojiLoopbackServer
import MojiStore
import MojiTestSupport
import Testing
import ZIPFoundation

@testable import MojiSync

/// A store, an image cache and a loopback HTTP server in a temporary directory.
struct SyncFixture {
    let directory: URL
    let store: EmojiStore
    let cache: ImageCache
    let server: LoopbackServer

    static func make() async throws -> SyncFixture {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moji-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return SyncFixture(
            directory: directory, store: try EmojiStore(url: directory.appendingPathComponent("moji.sqlite")),
            cache: ImageCache(directory: directory.appendingPathComponent("images"), gracePeriod: 0),
            server: try await LoopbackServer.start())
    }

    /// Retries quickly, so tests of transient failures take milliseconds.
    func sync(_ options: SyncOptions = SyncOptions(retryDelay: 0.01)) -> CustomSetSync {
        CustomSetSync(store: store, cache: cache, options: options)
    }

    /// Runs `body` with a fresh fixture, and removes it afterwards whatever happens.
    static func with(_ body: (SyncFixture) async throws -> Void) async throws {
        let fixture = try await make()
        do {
            try await body(fixture)
        } catch {
            await fixture.close()
            throw error
        }
        await fixture.close()
    }

    func close() async {
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func forumSet(_ name: String = "forum", path: String = "/misc.php") -> CustomSet {
        CustomSet(name: name, source: CustomSetSource(kind: .forum, location: server.url(path).absoluteString))
    }

    /// Image files in the cache.
    func cachedFiles() throws -> Int { try cache.summary().files }

    /// Imports the set `forum` with :a:, then starts a sync (with `options`) that finds :b:, whose
    /// image answers after `delay` seconds, so the sync is still fetching while a test looks at
    /// its claim.
    func startSlowSync(
        _ options: SyncOptions, imageDelay delay: Double, clock: (any Clock<Duration>)? = nil
    ) async throws -> Task<SyncReport, any Error> {
        serveImage("/i/a.png")
        servePage([(":a:", "/i/a.png", "a")])
        var sync = sync(options)
        if let clock { sync.clock = clock }
        _ = try await sync.add(forumSet())
        server.route("/i/b.png", .delayed(delay, .body(Data(png(width: 7, height: 7)), contentType: "image/png")))
        servePage([(":a:", "/i/a.png", "a"), (":b:", "/i/b.png", "b")])
        return Task { try await sync.sync(named: "forum") }
    }

    /// Requests the server answered with a body of image bytes (status 200 on /images/).
    func imageDownloads() -> Int {
        server.requests().filter { $0.path.hasPrefix("/images/") && $0.status == 200 }.count
    }

    /// A forum page of `smilies` (code, image path on this server, title), in one section.
    func servePage(_ smilies: [(String, String, String)], at path: String = "/misc.php") {
        var html = "<html><body><h3>Section</h3><ul class=\"smilie_group\">"
        for (code, image, title) in smilies {
            let source = image.hasPrefix("/") ? server.url(image).absoluteString : image
            html +=
                "<li class=\"smilie\"><div class=\"text\">\(code)</div><img src=\"\(source)\" title=\"\(title)\"></li>"
        }
        html += "</ul></body></html>"
        server.route(path, .body(Data(html.utf8), contentType: "text/html; charset=utf-8"))
    }

    /// Serves a small distinct PNG at `path`.
    func serveImage(_ path: String, width: UInt32 = 20, height: UInt32 = 20) {
        server.route(path, .body(Data(png(width: width, height: height)), contentType: "image/png"))
    }
}

/// The awful-smilies snapshots beside the repository.
private func snapshot(_ name: String) -> URL { AwfulSnapshots.folder.appendingPathComponent(name) }

@Suite("Custom set sync")
struct CustomSetSyncTests {
    // MARK: The forum snapshots over loopback HTTP

    @Test(
        "the 2015-02 page imports 743 codes, 2015-05 adds exactly its 24, and a sync with no change downloads nothing",
        .enabled(if: AwfulSnapshots.isAvailable))
    func snapshots() async throws {
        try await SyncFixture.with { fixture in
            try fixture.server.serveSmilieSnapshot(snapshot("2015-02"))
            let sync = fixture.sync()

            let first = try await sync.add(fixture.forumSet())
            #expect(first.added.count == 743)
            #expect(first.failed == [] && first.skipped == [] && first.removed == [])
            #expect(try fixture.store.custom.emoji(inSet: "forum").count == 743)
            let served = try AwfulSnapshots.manifestFiles("2015-02")
            #expect(first.imageBytes == served.reduce(0) { $0 + $1.count })
            #expect(first.imageRequests == served.count)
            // Codes sharing an image share its file.
            let distinct = Set(try fixture.store.custom.emoji(inSet: "forum").compactMap(\.cachedImage?.sha256))
            #expect(try fixture.cachedFiles() == distinct.count)
            #expect(try fixture.store.custom.emoji(code: "smith")?.cachedImage?.format == "gif")

            fixture.server.resetLog()
            let unchanged = try await sync.sync(named: "forum")
            #expect(unchanged.listingChanged == false)
            #expect(unchanged.added == [] && unchanged.removed == [] && unchanged.changed == [])
            #expect(unchanged.unchanged == 743)
            #expect(unchanged.imageBytes == 0)
            // Right after the import every image is fresh: the page alone is asked for.
            #expect(unchanged.imageRequests == 0)
            #expect(fixture.server.requests().map(\.status) == [304])

            // Checking every image again: 766 conditional requests, all 304, no bytes.
            fixture.server.resetLog()
            let rechecked = try await fixture.sync(SyncOptions(imageFreshness: 0)).sync(named: "forum")
            #expect(rechecked.unchanged == 743 && rechecked.imageRequests == 742 && rechecked.imageBytes == 0)
            #expect(fixture.imageDownloads() == 0)
            #expect(fixture.server.requests().count == 743)
            #expect(fixture.server.requests().allSatisfy { $0.status == 304 })

            try fixture.server.serveSmilieSnapshot(snapshot("2015-05"))
            let may = try await sync.sync(named: "forum")
            #expect(
                Set(may.added) == [
                    "atlus", "bloodborne", "buttfame", "capitalism", "coolspot", "cosmic2day", "dogge", "five",
                    "frogleave", "frontear", "gaz", "glompoff", "grin", "jebcry", "nomates", "palmon", "poolgirl",
                    "prepop", "quig", "refurb", "secondpost", "treemike", "ullerrm", "un",
                ])
            #expect(may.removed == [] && may.changed == [] && may.unchanged == 743)
            #expect(try fixture.store.custom.emoji(inSet: "forum").count == 767)
            // Only the new images were downloaded.
            #expect(may.imageRequests == 766)
            #expect(fixture.imageDownloads() == 24)
        }
    }

    @Test("an image whose bytes change at the same URL is downloaded again and reported as changed")
    func changedImage() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png", width: 10)
            fixture.serveImage("/i/b.png", width: 11)
            fixture.servePage([(":a:", "/i/a.png", "a"), (":b:", "/i/b.png", "b")])
            let sync = fixture.sync()
            _ = try await sync.add(fixture.forumSet())
            let before = try #require(try fixture.store.custom.emoji(code: "a")?.cachedImage)

            fixture.serveImage("/i/a.png", width: 12)
            // Within the hour the server's word holds; a forced sync (or the next hour's) asks again.
            let soon = try await sync.sync(named: "forum")
            #expect(soon.imageRequests == 0 && soon.changed == [])
            let report = try await sync.sync(named: "forum", force: true)
            #expect(report.changed == ["a"] && report.unchanged == 1)
            #expect(report.imageBytes > 0)
            let after = try #require(try fixture.store.custom.emoji(code: "a")?.cachedImage)
            #expect(after.sha256 != before.sha256 && after.width == 12)
            #expect(fixture.cache.contains(after))
        }
    }

    @Test("two codes with identical images share one cached file")
    func sharedImages() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/one.png", width: 9)
            fixture.serveImage("/i/two.png", width: 9)
            fixture.servePage([(":one:", "/i/one.png", "one"), (":two:", "/i/two.png", "two")])
            _ = try await fixture.sync().add(fixture.forumSet())
            let one = try fixture.store.custom.emoji(code: "one")?.cachedImage
            let two = try fixture.store.custom.emoji(code: "two")?.cachedImage
            #expect(one != nil && one == two)
            #expect(try fixture.cachedFiles() == 1)
        }
    }

    // MARK: Failures leave the set as it was

    @Test("a 503, a page without smilies, a 50 MB page and a redirect loop each leave the set untouched")
    func failedSyncs() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png")
            fixture.serveImage("/i/b.png", width: 30)
            fixture.servePage([(":a:", "/i/a.png", "a"), (":b:", "/i/b.png", "b")])
            let sync = fixture.sync()
            _ = try await sync.add(fixture.forumSet())
            let before = try fixture.store.custom.emoji(inSet: "forum")
            let files = try fixture.cachedFiles()

            let failures: [(LoopbackResponse, (SyncError) -> Bool)] = [
                (
                    .status(503, headers: ["Retry-After": "120"]),
                    {
                        if case .listing(_, .status(503, _, _)) = $0 { return true }
                        return false
                    }
                ),
                (
                    .body(Data("<html><body><form>Log in</form></body></html>".utf8), contentType: "text/html"),
                    {
                        if case .source = $0 { return true }
                        return false
                    }
                ),
                (
                    .generated(byteCount: 50 << 20, contentType: "text/html"),
                    {
                        if case .listing(_, .tooLarge) = $0 { return true }
                        return false
                    }
                ),
                (
                    .redirect(to: "/misc.php"),
                    {
                        if case .listing(_, .tooManyRedirects) = $0 { return true }
                        return false
                    }
                ),
            ]
            for (response, isExpected) in failures {
                fixture.server.route("/misc.php", response)
                do {
                    _ = try await sync.sync(named: "forum", force: true)
                    Issue.record("the sync succeeded")
                } catch let error as SyncError {
                    #expect(isExpected(error), "\(error)")
                    #expect(error.description.contains("unchanged"))
                }
                #expect(try fixture.store.custom.emoji(inSet: "forum") == before)
                #expect(try fixture.cachedFiles() == files)
                #expect(try fixture.store.custom.set(named: "forum")?.lastError != nil)
            }
        }
    }

    @Test("a 503 with Retry-After keeps automatic refresh away until then")
    func retryAfter() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png")
            fixture.servePage([(":a:", "/i/a.png", "a")])
            let sync = fixture.sync()
            _ = try await sync.add(fixture.forumSet())
            fixture.server.route("/misc.php", .status(503, headers: ["Retry-After": "3600"]))
            await #expect(throws: SyncError.self) { try await sync.sync(named: "forum") }
            let set = try #require(try fixture.store.custom.set(named: "forum"))
            let retryAfter = try #require(set.retryAfter)
            #expect(abs(retryAfter.timeIntervalSinceNow - 3600) < 60)
            // Due by age a day later, but the server asked for an hour: not before then.
            #expect(!set.isDue(at: Date().addingTimeInterval(1800)))
            fixture.server.resetLog()
            let results = await sync.refreshDueSets(at: Date().addingTimeInterval(1800))
            #expect(results.isEmpty)
            #expect(fixture.server.requests().isEmpty)
        }
    }

    @Test("a page that lost more than half its smilies is refused unless forced")
    func vanishing() async throws {
        try await SyncFixture.with { fixture in
            for name in ["a", "b", "c"] { fixture.serveImage("/i/\(name).png", width: UInt32(10 + name.count)) }
            fixture.servePage([(":a:", "/i/a.png", "a"), (":b:", "/i/b.png", "b"), (":c:", "/i/c.png", "c")])
            let sync = fixture.sync()
            _ = try await sync.add(fixture.forumSet())
            fixture.servePage([(":a:", "/i/a.png", "a")])
            await #expect(throws: SyncError.tooManyVanishing(set: "forum", removed: 2, total: 3)) {
                try await sync.sync(named: "forum")
            }
            #expect(try fixture.store.custom.emoji(inSet: "forum").map(\.code) == ["a", "b", "c"])
            let forced = try await sync.sync(named: "forum", force: true)
            #expect(forced.removed == ["b", "c"])
            #expect(try fixture.store.custom.emoji(inSet: "forum").map(\.code) == ["a"])
        }
    }

    @Test("an image that is HTML, a 20 MB image and a missing one fail alone, named with code and URL")
    func badImages() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/good.png")
            fixture.server.route(
                "/i/html.gif", .body(Data("<!DOCTYPE html><html>502 Bad Gateway</html>".utf8), contentType: "image/gif")
            )
            fixture.server.route("/i/huge.png", .generated(byteCount: 20 << 20, contentType: "image/png"))
            fixture.server.route("/i/gone.png", .status(404))
            fixture.servePage([
                (":good:", "/i/good.png", "good"), (":html:", "/i/html.gif", "html"), (":huge:", "/i/huge.png", "huge"),
                (":gone:", "/i/gone.png", "gone"),
            ])
            let report = try await fixture.sync().add(fixture.forumSet())
            #expect(report.added == ["good"])
            #expect(report.failed.map(\.code) == ["html", "huge", "gone"])
            #expect(report.failed.allSatisfy { $0.image.hasPrefix(fixture.server.baseURL.absoluteString) })
            #expect(report.failed[0].reason.contains("HTML"))
            #expect(report.failed[1].reason.contains("larger than"))
            #expect(
                report.failed[0].description.contains(":html:") && report.failed[0].description.contains("/i/html.gif"))
            #expect(try fixture.store.custom.emoji(inSet: "forum").map(\.code) == ["good"])
        }
    }

    @Test("a transient image failure keeps the code's previous image; a retry that succeeds is not a failure")
    func transientImages() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png")
            fixture.serveImage("/i/b.png", width: 40)
            fixture.servePage([(":a:", "/i/a.png", "a"), (":b:", "/i/b.png", "b")])
            let sync = fixture.sync()
            _ = try await sync.add(fixture.forumSet())
            let previous = try fixture.store.custom.emoji(code: "b")
            fixture.server.route("/i/b.png", .status(500))
            let report = try await fixture.sync(SyncOptions(retryDelay: 0.01, imageFreshness: 0)).sync(named: "forum")
            #expect(report.failed.map(\.code) == ["b"] && report.failed.first?.keptPrevious == true)
            #expect(report.imageRequests == 1 + 3)  // a: one 304; b: three tries
            #expect(try fixture.store.custom.emoji(code: "b") == previous)
        }
    }

    @Test("an image that times out is tried twice at most, and one not started by the sync's deadline fails alone")
    func imageDeadlines() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png")
            fixture.serveImage("/i/b.png", width: 40)
            // An image trickled a byte a second: each wait is short, the whole never ends in time.
            fixture.server.route(
                "/i/slow.png",
                .generated(byteCount: 1_000, contentType: "image/png", announcesLength: true, bytesPerSecond: 1))
            fixture.servePage([(":slow:", "/i/slow.png", "slow"), (":a:", "/i/a.png", "a"), (":b:", "/i/b.png", "b")])
            // 30 s: while the whole suite shares two cores, a loopback answer once took over 10 s.
            let transport = URLSessionTransport(
                configuration: HTTPConfiguration(timeout: 30, totalTimeout: 30, environment: [:]))
            // Before issue 25 a trickling image was tried three times, each for as long as it trickled.
            var sync = CustomSetSync(
                store: fixture.store, cache: fixture.cache, transport: transport,
                options: SyncOptions(attempts: 3, retryDelay: 0.01))
            let report = try await sync.add(fixture.forumSet())
            #expect(report.failed.map(\.code) == ["slow"], "\(report.failed)")
            #expect(fixture.server.requests(path: "/i/slow.png").count == 2)
            #expect(report.added.sorted() == ["a", "b"])

            // One image at a time and a 2 s deadline: the trickling image holds the only slot past
            // it, so the two after it are not started and fail, keeping their previous images.
            sync.options = SyncOptions(imageConcurrency: 1, attempts: 1, imageFreshness: 0, imageDeadline: 2)
            let late = try await sync.sync(named: "forum", force: true)
            #expect(Set(late.failed.map(\.code)) == ["slow", "a", "b"], "\(late.failed)")
            let reasons = late.failed.filter { $0.code != "slow" }.map(\.reason)
            #expect(reasons.allSatisfy { $0.contains("ran past") }, "\(reasons)")
            let kept = late.failed.filter { $0.code != "slow" }.map(\.keptPrevious)
            #expect(kept == [true, true])
            #expect(try fixture.store.custom.emoji(code: "a")?.cachedImage != nil)
        }
    }

    @Test("a file: URL and a ../ path in a page are skipped with why; the rest imports")
    func hostileReferences() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/ok.png")
            fixture.servePage([
                (":ok:", "/i/ok.png", "ok"), (":passwd:", "file:///etc/passwd", "passwd"),
                (":../evil:", "/i/ok.png", "evil"), (":a b:", "/i/ok.png", "space"),
            ])
            let report = try await fixture.sync().add(fixture.forumSet())
            #expect(report.added == ["ok"])
            #expect(report.skipped.map(\.entry) == [":passwd:", ":../evil:", ":a b:"])
            #expect(report.skipped[0].reason.contains("file:"))
            #expect(report.skipped[1].reason.contains("slash"))
            let files = try FileManager.default.contentsOfDirectory(atPath: fixture.cache.directory.path)
            #expect(files.allSatisfy { !$0.contains("..") && !$0.contains("evil") })
        }
    }

    // MARK: Usage, dry runs, locks, refresh

    @Test("a removed code keeps its usage, and gets it back when it returns")
    func usageSurvives() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png")
            fixture.serveImage("/i/b.png", width: 50)
            fixture.servePage([(":a:", "/i/a.png", "a"), (":b:", "/i/b.png", "b")])
            let sync = fixture.sync()
            _ = try await sync.add(fixture.forumSet())
            _ = try fixture.store.usage.recordUse(of: .custom("b"))
            fixture.servePage([(":a:", "/i/a.png", "a")])
            let removed = try await sync.sync(named: "forum")
            #expect(removed.removed == ["b"])
            #expect(try fixture.store.custom.emoji(code: "b") == nil)
            #expect(try fixture.store.usage.recent().map(\.item) == [.custom("b")])
            fixture.servePage([(":a:", "/i/a.png", "a"), (":b:", "/i/b.png", "b")])
            let back = try await sync.sync(named: "forum")
            #expect(back.added == ["b"])
            #expect(try fixture.store.usage.recent().first?.item == .custom("b"))
            #expect(try fixture.store.usage.frequent().contains { $0.item == .custom("b") })
        }
    }

    @Test("a dry run reads the listing only: no image request, nothing written")
    func dryRun() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png")
            fixture.servePage([(":a:", "/i/a.png", "a")])
            let report = try await fixture.sync().add(fixture.forumSet(), dryRun: true)
            #expect(report.dryRun && report.added == ["a"] && report.imageRequests == 0)
            #expect(try fixture.store.custom.sets() == [])
            #expect(try fixture.cachedFiles() == 0)
            #expect(fixture.server.requests().map(\.path) == ["/misc.php"])
        }
    }

    @Test("a set another process is syncing is not synced twice")
    func lock() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png")
            fixture.servePage([(":a:", "/i/a.png", "a")])
            let sync = fixture.sync()
            _ = try await sync.add(fixture.forumSet())
            let now = Date()
            #expect(
                try fixture.store.claimCustomSetSync(
                    named: "forum", owner: "other", until: now.addingTimeInterval(60), now: now))
            await #expect(throws: SyncError.busy("forum")) { try await sync.sync(named: "forum") }
            #expect(await sync.refreshDueSets(at: now.addingTimeInterval(30 * 3600)).isEmpty)
            try fixture.store.releaseCustomSetSync(named: "forum", owner: "other")
            _ = try await sync.sync(named: "forum")
        }
    }

    @Test("a running sync renews its lock on its clock; one left by a killed process blocks only until it expires")
    func lockRenewal() async throws {
        try await SyncFixture.with { fixture in
            // The renewals run on a clock this test moves, so it needs no real wait for one; the
            // slow image only keeps the sync running meanwhile (the client's timeout is 30 s).
            let clock = ManualClock()
            let options = SyncOptions(retryDelay: 0.01, lockDuration: 60)
            let running = try await fixture.startSlowSync(options, imageDelay: 8, clock: clock)
            let start = ContinuousClock.now
            while try fixture.store.customSetSyncOwner(named: "forum") == nil || clock.sleeperCount == 0 {
                #expect(ContinuousClock.now - start < .seconds(30), "the sync never claimed the set")
                try await Task.sleep(for: .milliseconds(5))
            }
            let owner = try #require(try fixture.store.customSetSyncOwner(named: "forum"))
            // A time just past the claim's first lifetime: only a renewal reaches it.
            let pastFirstLifetime = Date().addingTimeInterval(60.02)
            #expect(try fixture.store.customSetSyncOwner(named: "forum", now: pastFirstLifetime) == nil)
            try await Task.sleep(for: .milliseconds(50))
            clock.advance(by: .seconds(20))
            while try fixture.store.customSetSyncOwner(named: "forum", now: pastFirstLifetime) == nil {
                #expect(ContinuousClock.now - start < .seconds(30), "the lease never renewed")
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(try fixture.store.customSetSyncOwner(named: "forum", now: pastFirstLifetime) == owner)
            #expect(
                try !fixture.store.claimCustomSetSync(
                    named: "forum", owner: "other", until: pastFirstLifetime.addingTimeInterval(10),
                    now: pastFirstLifetime))
            #expect(try await running.value.added == ["b"])
            // A process that died holding the lock blocks the set while its lock runs…
            let sync = fixture.sync()
            let now = Date()
            #expect(
                try fixture.store.claimCustomSetSync(
                    named: "forum", owner: "dead", until: now.addingTimeInterval(60), now: now))
            await #expect(throws: SyncError.busy("forum")) { try await sync.sync(named: "forum") }
            // …and not once it has run out (its time set back, as if a minute had passed).
            #expect(
                try fixture.store.claimCustomSetSync(
                    named: "forum", owner: "dead", until: now.addingTimeInterval(-1), now: now))
            _ = try await sync.sync(named: "forum")
        }
    }

    @Test("a sync that stalled past its claim while another process took the set over writes nothing")
    func lostLease() async throws {
        try await SyncFixture.with { fixture in
            // A slow image keeps the sync fetching; meanwhile another process finds the claim run
            // out (its clock a minute on, as after this one stalled) and takes the set.
            let running = try await fixture.startSlowSync(
                SyncOptions(retryDelay: 0.01, lockDuration: 60), imageDelay: 5)
            // Once it holds the claim (a fixed wait was too short in a loaded run: the sync had not
            // started, then found the set taken and said busy).
            let start = ContinuousClock.now
            while try fixture.store.customSetSyncOwner(named: "forum", now: Date()) == nil {
                try #require(ContinuousClock.now - start < .seconds(120), "the sync never claimed the set")
                try await Task.sleep(for: .milliseconds(5))
            }
            let later = Date().addingTimeInterval(61)
            #expect(
                try fixture.store.claimCustomSetSync(
                    named: "forum", owner: "other", until: later.addingTimeInterval(60), now: later))
            await #expect(throws: SyncError.leaseLost("forum")) { try await running.value }
            #expect(try fixture.store.custom.emoji(inSet: "forum").map(\.code) == ["a"], "nothing was written")
            #expect(
                try fixture.store.customSetSyncOwner(named: "forum", now: later) == "other", "the new owner keeps it")
        }
    }

    @Test("automatic refresh syncs a set only once it is older than its interval")
    func refresh() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/i/a.png")
            fixture.servePage([(":a:", "/i/a.png", "a")])
            let sync = fixture.sync()
            _ = try await sync.add(fixture.forumSet())
            fixture.server.resetLog()
            #expect(await sync.refreshDueSets(at: Date().addingTimeInterval(19 * 3600)).isEmpty)
            #expect(fixture.server.requests().isEmpty)
            let results = await sync.refreshDueSets(at: Date().addingTimeInterval(21 * 3600))
            #expect(results.keys.sorted() == ["forum"])
            #expect(fixture.server.requests().first?.path == "/misc.php")
        }
    }

    // MARK: Other sources through the engine

    @Test("a Mastodon server's emoji import, the hidden ones kept for text but out of pickers")
    func mastodon() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/e/blobcat.png")
            fixture.serveImage("/e/secret.png", width: 33)
            let json = """
                [{"shortcode":"blobcat","url":"\(fixture.server.url("/e/blobcat.png"))","static_url":"\(fixture.server.url("/e/blobcat.png"))","visible_in_picker":true,"category":"Blobs"},
                 {"shortcode":"secret","url":"\(fixture.server.url("/e/secret.png"))","static_url":"\(fixture.server.url("/e/secret.png"))","visible_in_picker":false}]
                """
            fixture.server.route("/api/v1/custom_emojis", .body(Data(json.utf8), contentType: "application/json"))
            let set = CustomSet(
                name: "social",
                source: CustomSetSource(
                    kind: .mastodon, location: fixture.server.url("/api/v1/custom_emojis").absoluteString))
            let report = try await fixture.sync().add(set)
            #expect(report.added == ["blobcat", "secret"])
            #expect(try fixture.store.custom.emoji(code: "secret")?.isVisibleInPicker == false)
            #expect(try fixture.store.custom.emoji(code: "blobcat")?.group == "Blobs")
        }
    }

    @Test("a Slack emoji.list file: aliases share their target's image; missing and cyclic aliases are skipped")
    func slack() async throws {
        try await SyncFixture.with { fixture in
            fixture.serveImage("/s/parrot.gif", width: 44)
            let file = fixture.directory.appendingPathComponent("emoji.list.json")
            let json = """
                {"ok":true,"emoji":{"partyparrot":"\(fixture.server.url("/s/parrot.gif"))","parrot":"alias:partyparrot",
                "ghost":"alias:nothing","loop1":"alias:loop2","loop2":"alias:loop1"}}
                """
            try Data(json.utf8).write(to: file)
            let set = CustomSet(name: "team", source: CustomSetSource(kind: .slack, location: file.path))
            let report = try await fixture.sync().add(set)
            #expect(Set(report.added) == ["partyparrot", "parrot"])
            #expect(Set(report.skipped.map(\.entry)) == ["ghost", "loop1", "loop2"])
            #expect(report.imageRequests == 1)
            #expect(try fixture.cachedFiles() == 1)
        }
    }

    @Test("a folder of images imports with its emoji.json; no network")
    func folder() async throws {
        try await SyncFixture.with { fixture in
            let folder = fixture.directory.appendingPathComponent("pack")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("cats"), withIntermediateDirectories: true)
            try Data(png(width: 8, height: 8)).write(to: folder.appendingPathComponent("wave.png"))
            try Data(gif(width: 9, height: 9, frames: 2)).write(to: folder.appendingPathComponent("cats/blob.gif"))
            try Data("not an image".utf8).write(to: folder.appendingPathComponent("fake.png"))
            let set = CustomSet(name: "local", source: CustomSetSource(kind: .folder, location: folder.path))
            let report = try await fixture.sync().add(set)
            #expect(Set(report.added) == ["wave", "blob"])
            #expect(report.failed.map(\.code) == ["fake"])
            #expect(try fixture.store.custom.emoji(code: "blob")?.group == "cats")
            #expect(try fixture.store.custom.emoji(code: "blob")?.cachedImage?.frameCount == 2)
            #expect(fixture.server.requests().isEmpty)
        }
    }

    @Test("a Pleroma pack imports from its zip; an entry that is not an image fails alone")
    func pack() async throws {
        try await SyncFixture.with { fixture in
            let url = fixture.directory.appendingPathComponent("blobs.zip")
            let archive = try Archive(url: url, accessMode: .create)
            let files: [(String, Data)] = [
                ("pack.json", Data(#"{"files":{"blobwave":"blobwave.png","blobfake":"fake.png"}}"#.utf8)),
                ("blobwave.png", Data(png(width: 12, height: 12))),
                ("fake.png", Data("<html>nope</html>".utf8)),
            ]
            for (path, data) in files {
                try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            let set = CustomSet(name: "blobs", source: CustomSetSource(kind: .pack, location: url.path))
            let report = try await fixture.sync().add(set)
            #expect(report.added == ["blobwave"])
            #expect(report.failed.map(\.code) == ["blobfake"])
            #expect(try fixture.store.custom.emoji(code: "blobwave")?.cachedImage?.width == 12)
        }
    }
}
