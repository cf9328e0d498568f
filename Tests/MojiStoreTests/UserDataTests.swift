import Foundation
import Moji
import MojiStore
import Testing

@Suite("pins, collections, tones and custom emoji")
struct UserDataTests {
    @Test("the pinned list keeps the user's order and can be reordered")
    func pinned() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        for text in ["😀", "🎉", "👍"] { try store.favorites.pin(StoreItem(emoji(text))) }
        try store.favorites.pin(.custom("partyparrot"), at: 0)
        try store.favorites.movePinned(StoreItem(emoji("👍")), to: 1)
        #expect(try store.favorites.pinned().map(\.key) == [":partyparrot:", "👍", "😀", "🎉"])
        #expect(try store.favorites.unpin(StoreItem(emoji("😀"))))
        #expect(try !store.favorites.unpin(StoreItem(emoji("😀"))))
        #expect(throws: StoreError.self) { try store.favorites.movePinned(StoreItem(emoji("😀")), to: 0) }
        #expect(try store.favorites.pinned().map(\.key) == [":partyparrot:", "👍", "🎉"])
    }

    @Test("setPinned replaces the whole list in one change, repeats keeping their first place")
    func setPinned() async throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        for text in ["😀", "🎉"] { try store.favorites.pin(StoreItem(emoji(text))) }
        let before = try store.changeVersions()[.pinned]
        try store.favorites.setPinned([
            StoreItem(emoji("👍")), .custom("parrot"), StoreItem(emoji("👍")), StoreItem(emoji("😀")),
        ])
        #expect(try store.favorites.pinned().map(\.key) == ["👍", ":parrot:", "😀"])
        // One transaction: the pinned area's version moves once, not once per item.
        #expect(try store.changeVersions()[.pinned] == before.map { $0 + 1 })
        try store.favorites.setPinned([])
        #expect(try store.favorites.pinned().isEmpty)
    }

    @Test("collections are created, filled, reordered, renamed and deleted")
    func collections() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.favorites.createCollection(named: "work")
        #expect(throws: StoreError.collectionExists("Work")) { try store.favorites.createCollection(named: "Work") }
        for text in ["🚀", "✅", "🐛"] { try store.favorites.add(StoreItem(emoji(text)), toCollection: "work") }
        try store.favorites.add(StoreItem(emoji("🍕")), toCollection: "food")
        try store.favorites.move(StoreItem(emoji("🐛")), inCollection: "work", to: 0)
        #expect(try store.favorites.remove(StoreItem(emoji("✅")), fromCollection: "work"))
        try store.favorites.renameCollection("work", to: "office")
        #expect(
            try store.favorites.collections() == [
                EmojiCollection(name: "office", items: [StoreItem(emoji("🐛")), StoreItem(emoji("🚀"))]),
                EmojiCollection(name: "food", items: [StoreItem(emoji("🍕"))]),
            ])
        #expect(try store.favorites.deleteCollection(named: "office"))
        #expect(try store.favorites.collection(named: "office") == nil)
        #expect(throws: StoreError.collectionNotFound("office")) {
            try store.favorites.renameCollection("office", to: "x")
        }
    }

    @Test("two-person emoji take a tone per person; the default tone applies elsewhere")
    func skinTones() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let pair = emoji("🧑‍🤝‍🧑")
        try store.skinTones.setPreferred([.light, .dark], for: pair)
        #expect(try store.skinTones.resolved(pair).character == "🧑🏻‍🤝‍🧑🏿")
        #expect(try store.skinTones.preferred(for: emoji("🧑🏽‍🤝‍🧑🏽")) == [.light, .dark])
        #expect(try store.skinTones.resolved(emoji("👋")).character == "👋")
        try store.skinTones.setDefault(.mediumDark)
        #expect(try store.skinTones.resolved(emoji("👋")).character == "👋🏾")
        #expect(try store.skinTones.resolved(emoji("👋🏻")).character == "👋🏻")
        #expect(try store.skinTones.resolved(emoji("🎉")).character == "🎉")
        #expect(throws: StoreError.self) {
            try store.skinTones.setPreferred([.light, .dark], for: emoji("👋"))
        }
        #expect(throws: StoreError.self) { try store.skinTones.setPreferred([.light], for: emoji("🎉")) }
        try store.skinTones.setPreferred([], for: pair)
        #expect(try store.skinTones.preferred(for: pair) == nil)
    }

    @Test("custom emoji codes are unique, case-insensitively")
    func customEmojiCodes() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let parrot = CustomEmoji(
            code: ":partyparrot:", name: "party parrot", keywords: ["parrot"], group: "animals",
            image: "https://example.org/parrot.gif", source: "test")
        try store.custom.addEmoji(parrot)
        var other = parrot
        other.code = "PartyParrot"
        #expect(throws: StoreError.duplicateCustomCode("PartyParrot")) { try store.custom.addEmoji(other) }
        #expect(throws: StoreError.invalidCustomCode("two words")) {
            try store.custom.addEmoji(CustomEmoji(code: "two words", name: "x", image: "x.png"))
        }
        let stored = try #require(try store.custom.emoji(code: "PARTYPARROT"))
        #expect(stored.code == "partyparrot")
        #expect(stored.keywords == ["parrot"])
        #expect(stored.image == "https://example.org/parrot.gif")
        #expect(stored.addedAt != nil)
        #expect(StoreItem(stored) == .custom(":partyparrot:"))
        #expect(try store.custom.allEmoji().count == 1)
        #expect(try store.custom.removeEmoji(code: "partyparrot"))
        #expect(try store.custom.allEmoji().isEmpty)
    }

    @Test("the default location follows MOJI_HOME, then XDG_DATA_HOME, then ~/.local/share")
    func defaultLocation() {
        #expect(
            StoreLocation.defaultURL(environment: ["MOJI_HOME": "/m", "XDG_DATA_HOME": "/x"]).path == "/m/moji.sqlite")
        #expect(
            StoreLocation.defaultURL(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).path == "/x/moji/moji.sqlite")
        #expect(StoreLocation.defaultURL(environment: ["HOME": "/h"]).path == "/h/.local/share/moji/moji.sqlite")
    }

    @Test("opening creates the database directory with its parents")
    func createsParents() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("a/b/c/moji.sqlite")
        _ = try EmojiStore(url: url)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test("changes arrive per area, from this store and from another connection")
    func changeNotifications() async throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let other = try EmojiStore(url: directory.databaseURL)
        let changes = store.changes(in: [.pinned, .collections], pollingInterval: .milliseconds(50))
        try store.usage.recordUse(of: emoji("😀"))  // usage: not subscribed
        try store.favorites.pin(StoreItem(emoji("😀")))
        try other.favorites.add(StoreItem(emoji("🍕")), toCollection: "food")
        // A change that never comes fails within the deadline instead of hanging the run.
        let received = await changes.prefix(2, within: .seconds(300))
        #expect(received.map(\.area) == [.pinned, .collections])
    }
}
