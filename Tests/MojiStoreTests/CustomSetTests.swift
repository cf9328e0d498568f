import Foundation
import GRDB
import Moji
import MojiStore
import Testing

/// Custom emoji sets in a real SQLite file: their records, their content replaced by a sync,
/// their sync state and lock, and the image validators.
@Suite("custom emoji sets")
struct CustomSetTests {
    static let forum = CustomSet(
        name: "awful", source: CustomSetSource(kind: .forum, location: "https://forums.example.com/smilies"))
    static let mastodon = CustomSet(
        name: "mastodon", source: CustomSetSource(kind: .mastodon, location: "https://m.example/api/v1/custom_emojis"))
    static let date = Date(timeIntervalSince1970: 1_750_000_000)

    static func image(_ digit: Character, format: String = "gif") -> CustomEmojiImage {
        CustomEmojiImage(
            sha256: String(repeating: digit, count: 64), format: format, width: 15, height: 17, frameCount: 1,
            byteCount: 300)
    }

    static func smilie(_ code: String, image digit: Character? = nil) -> CustomEmoji {
        CustomEmoji(
            code: code, name: "\(code) face", keywords: [code], group: "Basic",
            image: "https://i.example.com/\(code).gif", cachedImage: digit.map { image($0) })
    }

    /// A store with the forum set holding `codes`.
    static func storeWithForum(_ codes: [String]) throws -> (TemporaryDirectory, EmojiStore) {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.custom.addSet(forum)
        _ = try store.replaceCustomSetEmoji(
            named: forum.name, with: codes.map { smilie($0) }, validators: HTTPValidators(), imageValidators: [],
            at: date)
        return (directory, store)
    }

    // MARK: Records

    @Test("a set is added, found in any case, listed by name and removed")
    func crud() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.custom.addSet(Self.mastodon)
        try store.custom.addSet(Self.forum)
        let stored = try #require(try store.custom.set(named: "AWFUL"))
        #expect(stored.name == "awful")
        #expect(stored.source == Self.forum.source)
        #expect(stored.refreshInterval == 20 * 3600)
        #expect(stored.addedAt != nil)
        #expect(stored.syncedAt == nil && stored.attemptedAt == nil && stored.lastError == nil)
        #expect(try store.custom.sets().map(\.name) == ["awful", "mastodon"])
        #expect(try store.custom.emoji(inSet: "awful").isEmpty)
        #expect(try store.custom.removeSet(named: "Awful"))
        #expect(try !store.custom.removeSet(named: "awful"))
        #expect(try store.custom.set(named: "awful") == nil)
        #expect(try store.custom.sets().map(\.name) == ["mastodon"])
        #expect(throws: StoreError.unknownCustomSet("awful")) { try store.custom.emoji(inSet: "awful") }
    }

    @Test("set names are unique whatever their case")
    func duplicateNames() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.custom.addSet(Self.forum)
        var other = Self.mastodon
        other.name = "AWFUL"
        #expect(throws: StoreError.duplicateCustomSet("awful")) { try store.custom.addSet(other) }
        #expect(try store.custom.sets().count == 1)
    }

    @Test(
        "names with white space, colons or control characters, empty or too long, are refused",
        arguments: [
            "", "two words", "tab\there", "a:b", ":awful:", "esc\u{1B}[2J", "nbsp\u{A0}x",
            String(repeating: "x", count: 101),
        ])
    func invalidNames(name: String) throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        var set = Self.forum
        set.name = name
        #expect(CustomSet.problem(inName: name) != nil)
        #expect {
            try store.custom.addSet(set)
        } throws: { error in
            guard let error = error as? StoreError, error.code == .invalidCustomSet, let named = error.subject else {
                return false
            }
            // The message quotes the name without acting on a terminal.
            return named == name && !error.description.contains("\u{1B}")
        }
        #expect(try store.custom.sets().isEmpty)
    }

    @Test("a name of 100 characters, of letters in any script, is accepted")
    func longestName() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        for name in [String(repeating: "é", count: 100), "Smilies-2015_日本"] {
            var set = Self.forum
            set.name = name
            try store.custom.addSet(set)
            #expect(try store.custom.set(named: name)?.name == name)
        }
    }

    @Test("a source must be what its kind takes: an http(s) URL or an absolute path")
    func sources() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let refused: [CustomSetSource] = [
            .init(kind: .mastodon, location: "/tmp/emoji.json"),
            .init(kind: .forum, location: "file:///etc/passwd"),
            .init(kind: .pack, location: "packs/blobs.zip"),
            .init(kind: .folder, location: "https://example.org/"),
            .init(kind: .slack, location: ""),
            .init(kind: .forum, location: "https://x/\u{7}"),
        ]
        for (index, source) in refused.enumerated() {
            #expect(throws: StoreError.self) {
                try store.custom.addSet(CustomSet(name: "s\(index)", source: source))
            }
        }
        let accepted: [CustomSetSource] = [
            .init(kind: .forum, location: "/home/ann/smilies.html"),
            .init(kind: .slack, location: "HTTPS://slack.example/emoji.list"),
            .init(kind: .pack, location: "/srv/packs/blobs.zip"),
            .init(kind: .folder, location: "/srv/emoji"),
        ]
        for (index, source) in accepted.enumerated() {
            try store.custom.addSet(CustomSet(name: "a\(index)", source: source))
        }
        #expect(try store.custom.sets().map(\.source) == accepted)
    }

    // MARK: Content

    @Test("a sync's result replaces the set's rows, in order, and leaves other sets alone")
    func replace() throws {
        let (directory, store) = try Self.storeWithForum(["smile", "frown", "wink"])
        try store.custom.addSet(Self.mastodon)
        _ = try store.replaceCustomSetEmoji(
            named: "mastodon", with: [Self.smilie("blobcat")], validators: HTTPValidators(), imageValidators: [],
            at: Self.date)
        let before = try #require(try store.custom.emoji(code: "wink"))

        let later = Self.date.addingTimeInterval(3600)
        let conflicts = try store.replaceCustomSetEmoji(
            named: "Awful", with: [Self.smilie("wink", image: "a"), Self.smilie("zzz"), Self.smilie("smile")],
            validators: HTTPValidators(etag: "\"v2\""), imageValidators: [], at: later)
        #expect(conflicts.isEmpty)
        let rows = try store.custom.emoji(inSet: "awful")
        #expect(rows.map(\.code) == ["wink", "zzz", "smile"])
        #expect(rows.allSatisfy { $0.set == "awful" })
        #expect(try store.custom.emoji(code: "frown") == nil)
        // A code the set had keeps its date; a new one gets the sync's.
        #expect(rows[0].addedAt == before.addedAt)
        #expect(rows[1].addedAt == later)
        #expect(rows[0].cachedImage == Self.image("a"))
        #expect(rows[0].keywords == ["wink"] && rows[0].group == "Basic")
        #expect(try store.custom.emoji(inSet: "mastodon").map(\.code) == ["blobcat"])
        #expect(try store.custom.allEmoji().count == 4)

        let set = try #require(try store.custom.set(named: "awful"))
        #expect(set.syncedAt == later && set.attemptedAt == later)
        #expect(set.validators == HTTPValidators(etag: "\"v2\""))
        _ = directory
    }

    @Test("codes another set or a hand-added emoji owns are not written but returned, in any case")
    func conflicts() throws {
        let (directory, store) = try Self.storeWithForum(["smile"])
        try store.custom.addSet(Self.mastodon)
        try store.custom.addEmoji(CustomEmoji(code: "PartyParrot", name: "mine"))
        let conflicts = try store.replaceCustomSetEmoji(
            named: "mastodon",
            with: [Self.smilie("blobcat"), Self.smilie("SMILE"), Self.smilie("partyparrot"), Self.smilie("BlobCat")],
            validators: HTTPValidators(), imageValidators: [], at: Self.date)
        #expect(
            conflicts == [
                CustomSetConflict(code: "SMILE", owner: "awful"), CustomSetConflict(code: "partyparrot", owner: nil),
                CustomSetConflict(code: "BlobCat", owner: "mastodon"),
            ])
        #expect(try store.custom.emoji(inSet: "mastodon").map(\.code) == ["blobcat"])
        #expect(try store.custom.emoji(code: "smile")?.set == "awful")
        #expect(try store.custom.emoji(code: "partyparrot")?.name == "mine")
        #expect(try store.custom.emoji(code: "partyparrot")?.set == nil)
        _ = directory
    }

    @Test("a code that leaves a set keeps its usage, and has it back when it returns")
    func usageSurvivesRemoval() throws {
        let (directory, store) = try Self.storeWithForum(["smile", "frown"])
        for _ in 0..<3 { try store.usage.recordUse(of: StoreItem(Self.smilie("frown"))) }
        try store.usage.recordUse(of: emoji("🎉"))
        _ = try store.replaceCustomSetEmoji(
            named: "awful", with: [Self.smilie("smile")], validators: HTTPValidators(), imageValidators: [],
            at: Self.date)
        #expect(try store.custom.emoji(code: "frown") == nil)
        #expect(try store.usage.recent().map(\.item.key).prefix(2) == ["🎉", ":frown:"])

        _ = try store.replaceCustomSetEmoji(
            named: "awful", with: [Self.smilie("smile"), Self.smilie("frown")], validators: HTTPValidators(),
            imageValidators: [], at: Self.date)
        #expect(try store.custom.emoji(code: "frown")?.set == "awful")
        let frown = try #require(try store.usage.entry(for: .custom(":frown:")))
        #expect(frown.useCount == 3)
        #expect(try store.usage.frequent().contains { $0.item.key == ":frown:" })
        #expect(try store.usage.recent().map(\.item.key).prefix(2) == ["🎉", ":frown:"])
        _ = directory
    }

    @Test("removing a set removes its emoji and keeps their usage and the hand-added ones")
    func removeKeepsUsage() throws {
        let (directory, store) = try Self.storeWithForum(["smile", "frown"])
        try store.custom.addEmoji(CustomEmoji(code: "mine"))
        try store.usage.recordUse(of: .custom(":smile:"))
        #expect(try store.custom.removeSet(named: "awful"))
        #expect(try store.custom.allEmoji().map(\.code) == ["mine"])
        #expect(try store.usage.entry(for: .custom(":smile:"))?.useCount == 1)
        // The set added again gets its history back with its codes.
        try store.custom.addSet(Self.forum)
        _ = try store.replaceCustomSetEmoji(
            named: "awful", with: [Self.smilie("smile")], validators: HTTPValidators(), imageValidators: [],
            at: Self.date)
        #expect(try store.usage.recent().first?.item.key == ":smile:")
        _ = directory
    }

    @Test("replacing the content of a set removed meanwhile throws and writes nothing")
    func replaceRemoved() throws {
        let (directory, store) = try Self.storeWithForum(["smile"])
        #expect(try store.custom.removeSet(named: "awful"))
        #expect(throws: StoreError.unknownCustomSet("awful")) {
            try store.replaceCustomSetEmoji(
                named: "awful", with: [Self.smilie("smile")], validators: HTTPValidators(),
                imageValidators: [
                    ImageValidator(url: "https://i.example.com/smile.gif", validators: .init(), image: Self.image("b"))
                ],
                at: Self.date)
        }
        #expect(try store.custom.allEmoji().isEmpty)
        #expect(try store.imageValidators(forURLs: ["https://i.example.com/smile.gif"]).isEmpty)
        #expect(throws: StoreError.unknownCustomSet("awful")) {
            try store.recordCustomSetCheck(named: "awful", at: Self.date, validators: .init())
        }
        #expect(throws: StoreError.unknownCustomSet("awful")) {
            try store.recordCustomSetFailure(named: "awful", at: Self.date, error: "x", retryAfter: nil)
        }
        _ = directory
    }

    @Test("an entry the store refuses fails the whole replacement: the set keeps its rows")
    func replaceRefusesBadEntry() throws {
        let (directory, store) = try Self.storeWithForum(["smile"])
        var bad = Self.smilie("frown")
        bad.name = "\u{1B}]0;PWNED\u{7}"
        #expect(throws: StoreError.self) {
            try store.replaceCustomSetEmoji(
                named: "awful", with: [Self.smilie("wink"), bad], validators: HTTPValidators(), imageValidators: [],
                at: Self.date)
        }
        var badImage = Self.smilie("wink")
        badImage.cachedImage = CustomEmojiImage(
            sha256: "../../etc/passwd", format: "gif", width: 1, height: 1, frameCount: 1, byteCount: 1)
        #expect(throws: StoreError.self) {
            try store.replaceCustomSetEmoji(
                named: "awful", with: [badImage], validators: HTTPValidators(), imageValidators: [], at: Self.date)
        }
        #expect(try store.custom.emoji(inSet: "awful").map(\.code) == ["smile"])
        #expect(try store.custom.set(named: "awful")?.syncedAt == Self.date)
        _ = directory
    }

    @Test("a custom emoji added by hand with a set joins it at its end; with an unknown set it is refused")
    func handAddedWithSet() throws {
        let (directory, store) = try Self.storeWithForum(["smile", "frown"])
        var extra = Self.smilie("extra")
        extra.set = "AWFUL"
        try store.custom.addEmoji(extra)
        #expect(try store.custom.emoji(inSet: "awful").map(\.code) == ["smile", "frown", "extra"])
        #expect(try store.custom.emoji(code: "extra")?.set == "awful")
        extra.code = "other"
        extra.set = "nope"
        #expect(throws: StoreError.unknownCustomSet("nope")) { try store.custom.addEmoji(extra) }
        _ = directory
    }

    @Test("visibility and the cached image round-trip through the store")
    func newFields() throws {
        let (directory, store) = try Self.storeWithForum([])
        var hidden = Self.smilie("hidden", image: "c")
        hidden.isVisibleInPicker = false
        hidden.cachedImage?.format = "apng"
        hidden.cachedImage?.frameCount = 12
        _ = try store.replaceCustomSetEmoji(
            named: "awful", with: [hidden], validators: HTTPValidators(), imageValidators: [], at: Self.date)
        let stored = try #require(try store.custom.emoji(code: "hidden"))
        #expect(!stored.isVisibleInPicker)
        #expect(stored.cachedImage == hidden.cachedImage)
        #expect(try store.custom.allEmoji().first == stored)
        _ = directory
    }

    // MARK: Sync state

    @Test("a failure keeps the last good content and its date; a check clears the error")
    func checkAndFailure() throws {
        let (directory, store) = try Self.storeWithForum(["smile"])
        let failedAt = Self.date.addingTimeInterval(60)
        let retry = Self.date.addingTimeInterval(600)
        try store.recordCustomSetFailure(
            named: "AWFUL", at: failedAt, error: "HTTP 503 \u{1B}[31mfrom server\u{7}", retryAfter: retry)
        var set = try #require(try store.custom.set(named: "awful"))
        #expect(set.syncedAt == Self.date)
        #expect(set.attemptedAt == failedAt)
        #expect(set.lastError == "HTTP 503 [31mfrom server")
        #expect(set.retryAfter == retry)
        #expect(try store.custom.emoji(inSet: "awful").map(\.code) == ["smile"])

        let checkedAt = Self.date.addingTimeInterval(700)
        try store.recordCustomSetCheck(
            named: "awful", at: checkedAt,
            validators: HTTPValidators(etag: "W/\"1\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))
        set = try #require(try store.custom.set(named: "awful"))
        #expect(set.syncedAt == checkedAt && set.attemptedAt == checkedAt)
        #expect(set.lastError == nil && set.retryAfter == nil)
        #expect(set.validators == HTTPValidators(etag: "W/\"1\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))

        // A header a server stuffed with control characters or megabytes is not kept.
        try store.recordCustomSetCheck(
            named: "awful", at: checkedAt,
            validators: HTTPValidators(etag: "\"a\"\r\nX-Evil: 1", lastModified: String(repeating: "x", count: 5000)))
        #expect(try store.custom.set(named: "awful")?.validators.isEmpty == true)
        _ = directory
    }

    @Test("a set is due when never synced or at least its interval old, and never before retryAfter")
    func isDue() {
        let now = Self.date
        var set = Self.forum
        #expect(set.isDue(at: now))
        set.syncedAt = now.addingTimeInterval(-19 * 3600)
        #expect(!set.isDue(at: now))
        set.syncedAt = now.addingTimeInterval(-20 * 3600 + 1)
        #expect(!set.isDue(at: now))
        // The boundary: exactly the interval old is due (syncedAt + interval <= now).
        set.syncedAt = now.addingTimeInterval(-20 * 3600)
        #expect(set.isDue(at: now))
        set.syncedAt = now.addingTimeInterval(-21 * 3600)
        #expect(set.isDue(at: now))
        // Retry-After holds it off, whether or not it ever synced.
        set.retryAfter = now.addingTimeInterval(1)
        #expect(!set.isDue(at: now))
        set.syncedAt = nil
        #expect(!set.isDue(at: now))
        set.retryAfter = now
        #expect(set.isDue(at: now))
        // A sync dated in the future (the clock went back) does not stop refreshes.
        set.retryAfter = nil
        set.syncedAt = now.addingTimeInterval(3600)
        #expect(set.isDue(at: now))
        // A custom interval.
        set.refreshInterval = 60
        set.syncedAt = now.addingTimeInterval(-59)
        #expect(!set.isDue(at: now))
    }

    @Test("a stored set is due as its dates say")
    func isDueStored() throws {
        let (directory, store) = try Self.storeWithForum(["smile"])
        let set = try #require(try store.custom.set(named: "awful"))
        #expect(!set.isDue(at: Self.date.addingTimeInterval(3600)))
        #expect(set.isDue(at: Self.date.addingTimeInterval(20 * 3600)))
        _ = directory
    }

    // MARK: The sync lock

    @Test("one owner claims the lock; others wait until it is released or expires")
    func lock() throws {
        let (directory, first) = try Self.storeWithForum(["smile"])
        let second = try EmojiStore(url: directory.databaseURL)
        let now = Self.date
        let until = now.addingTimeInterval(300)
        #expect(try first.claimCustomSetSync(named: "awful", owner: "A", until: until, now: now))
        #expect(try !second.claimCustomSetSync(named: "AWFUL", owner: "B", until: until, now: now))
        // The owner may claim again (extending it).
        #expect(try first.claimCustomSetSync(named: "awful", owner: "A", until: until + 300, now: now))
        #expect(try !second.claimCustomSetSync(named: "awful", owner: "B", until: until, now: until))
        // A release by someone else does nothing.
        try second.releaseCustomSetSync(named: "awful", owner: "B")
        #expect(try !second.claimCustomSetSync(named: "awful", owner: "B", until: until, now: now))
        // Expired: taken over, and the old owner's late release does not free it.
        #expect(try second.claimCustomSetSync(named: "awful", owner: "B", until: until + 900, now: until + 300))
        try first.releaseCustomSetSync(named: "awful", owner: "A")
        #expect(try !first.claimCustomSetSync(named: "awful", owner: "A", until: until, now: until + 301))
        // Released by its owner: free.
        try second.releaseCustomSetSync(named: "awful", owner: "B")
        #expect(try first.claimCustomSetSync(named: "awful", owner: "A", until: until, now: now))
        #expect(throws: StoreError.unknownCustomSet("gone")) {
            try first.claimCustomSetSync(named: "gone", owner: "A", until: until, now: now)
        }
        try first.releaseCustomSetSync(named: "gone", owner: "A")
    }

    @Test("of many claims at once through two stores on one file, exactly one wins")
    func lockRace() async throws {
        let (directory, first) = try Self.storeWithForum(["smile"])
        let second = try EmojiStore(url: directory.databaseURL)
        let now = Date()
        let winners = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    try store.claimCustomSetSync(
                        named: "awful", owner: "owner-\(index)", until: now.addingTimeInterval(60), now: now)
                        ? "owner-\(index)" : nil
                }
            }
            var winners: [String] = []
            for try await winner in group { if let winner { winners.append(winner) } }
            return winners
        }
        #expect(winners.count == 1)
    }

    // MARK: Image validators

    @Test("image validators are saved by a sync, replaced by the next, and found by URL")
    func imageValidators() throws {
        let (directory, store) = try Self.storeWithForum([])
        let smile = "https://i.example.com/smile.gif"
        let frown = "https://i.example.com/frown.gif"
        _ = try store.replaceCustomSetEmoji(
            named: "awful", with: [Self.smilie("smile", image: "a"), Self.smilie("frown", image: "b")],
            validators: HTTPValidators(),
            imageValidators: [
                ImageValidator(url: smile, validators: .init(etag: "\"s1\""), image: Self.image("a")),
                ImageValidator(url: frown, validators: .init(lastModified: "yesterday"), image: Self.image("b")),
            ], at: Self.date)
        var found = try store.imageValidators(forURLs: [smile, frown, "https://i.example.com/none.gif", smile])
        #expect(found.count == 2)
        #expect(found[smile]?.validators == HTTPValidators(etag: "\"s1\""))
        #expect(found[frown]?.image == Self.image("b"))

        _ = try store.replaceCustomSetEmoji(
            named: "awful", with: [Self.smilie("smile", image: "c")], validators: HTTPValidators(),
            imageValidators: [ImageValidator(url: smile, validators: .init(etag: "\"s2\""), image: Self.image("c"))],
            at: Self.date)
        found = try store.imageValidators(forURLs: [smile, frown])
        #expect(found[smile]?.validators.etag == "\"s2\"")
        #expect(found[smile]?.image == Self.image("c"))
        // Validators are shared by URL, not owned by a set: frown's stays.
        #expect(found[frown] != nil)
        #expect(try store.custom.referencedImageHashes() == [Self.image("c").sha256])
        // Many URLs at once (more than SQLite's variables in one statement).
        let many = (0..<2_000).map { "https://i.example.com/\($0).gif" } + [smile]
        #expect(try store.imageValidators(forURLs: many).keys.sorted() == [smile])
        _ = directory
    }

    @Test("referenced hashes are those of every stored custom emoji, of any set or none, each once")
    func referencedHashes() throws {
        let (directory, store) = try Self.storeWithForum([])
        #expect(try store.custom.referencedImageHashes().isEmpty)
        _ = try store.replaceCustomSetEmoji(
            named: "awful",
            with: [
                Self.smilie("a", image: "1"), Self.smilie("b", image: "1"), Self.smilie("c", image: "2"),
                Self.smilie("d"),
            ],
            validators: HTTPValidators(), imageValidators: [], at: Self.date)
        try store.custom.addEmoji(Self.smilie("mine", image: "3"))
        #expect(
            try store.custom.referencedImageHashes() == Set(["1", "2", "3"].map { String(repeating: $0, count: 64) }))
        #expect(try store.custom.removeSet(named: "awful"))
        #expect(try store.custom.referencedImageHashes() == [String(repeating: "3", count: 64)])
        _ = directory
    }

    // MARK: Changes

    @Test("changes in customSets are reported for adding, syncing and removing a set")
    func changes() async throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let other = try EmojiStore(url: directory.databaseURL)
        let added = store.changes(in: [.customSets], pollingInterval: .milliseconds(50))
        try store.usage.recordUse(of: emoji("😀"))  // usage: not subscribed
        try store.custom.addSet(Self.forum)
        let first = await added.prefix(1, within: .seconds(300))
        #expect(first.map(\.area) == [.customSets] && first.map(\.version) == [1])
        // Another store's sync arrives by polling.
        let synced = store.changes(in: [.customSets, .customEmoji], pollingInterval: .milliseconds(50))
        _ = try other.replaceCustomSetEmoji(
            named: "awful", with: [Self.smilie("smile")], validators: .init(), imageValidators: [], at: Self.date)
        let received = await synced.prefix(2, within: .seconds(300))
        #expect(Set(received.map(\.area)) == [.customSets, .customEmoji])
        let removed = store.changes(in: [.customSets], pollingInterval: .milliseconds(50))
        #expect(try store.custom.removeSet(named: "awful"))
        #expect(await removed.prefix(1, within: .seconds(300)).map(\.area) == [.customSets])
        #expect(try store.changeVersions()[.customSets] == 3)
        #expect(try store.changeVersions()[.customEmoji] == 2)
    }
}
