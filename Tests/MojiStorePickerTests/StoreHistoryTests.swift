import Foundation
import Moji
import MojiPicker
import MojiStore
import MojiStorePicker
import Testing

@Suite("the store as the picker's history")
struct StoreHistoryTests {
    func temporaryStore() throws -> (EmojiStore, URL) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("moji-store-picker-\(UUID().uuidString)")
        return (try EmojiStore(url: directory.appendingPathComponent("moji.sqlite")), directory)
    }

    /// Sends the commands and returns the pick of the last one; records an issue if it picked nothing.
    func pick(_ picker: inout EmojiPicker, _ commands: PickerCommand...) -> EmojiPick? {
        var event: PickerEvent?
        for command in commands { event = picker.handle(command) }
        guard case .picked(let pick) = event else {
            Issue.record("no pick, but \(String(describing: event))")
            return nil
        }
        return pick
    }

    @Test("a new store's seeded frequent emoji are the Frequently Used section")
    func seeded() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picker = try EmojiPicker(history: store)
        #expect(picker.sections.first?.id == .frequent)
        #expect(picker.sections.first?.title == "Frequently Used")
        #expect(picker.sections.first?.items.first == item("😂"))
        #expect(!picker.sections.contains { $0.id == .recent })
    }

    @Test("the store's pinned list is the Favorites section, in its order")
    func pinned() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        try store.favorites.pin(StoreItem(emoji("🚀")))
        try store.favorites.pin(StoreItem(emoji("🐶")), at: 0)
        let picker = try EmojiPicker(history: store)
        let section = try #require(picker.sections.first { $0.id == .pinned })
        #expect(section.title == "Favorites")
        #expect(section.items == [item("🐶"), item("🚀")])
    }

    @Test("the host records a pick in the store, and it shows in recent on reload")
    func recordsUse() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        var picker = try EmojiPicker(history: store)
        picker.setQuery("partying face")
        let partying = try #require(pick(&picker, .enter))
        #expect(partying == EmojiPick(items: [item("🥳")], query: "partying face"))
        #expect(try store.usage.recent().isEmpty)
        try store.record(partying)
        #expect(try store.usage.recent().first?.item == StoreItem(emoji("🥳")))
        #expect(try store.usage.entry(for: StoreItem(emoji("🥳")))?.useCount == 1)
        picker.reloadHistory()
        picker.setQuery("")
        #expect(picker.sections.first { $0.id == .recent }?.items == [item("🥳")])
        #expect(picker.historyError == nil)
    }

    @Test("a tone picked in the popover becomes the store's preference, per person, once recorded")
    func storesTones() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        var picker = try EmojiPicker(history: store)
        picker.setQuery("people holding hands")
        let toned = try #require(pick(&picker, .altEnter, .right, .down, .end, .enter))
        #expect(toned.items == [item("🧑🏼‍🤝‍🧑🏿")])
        #expect(try store.skinTones.preferred(for: emoji("🧑‍🤝‍🧑")) == nil)
        try store.record(toned)
        #expect(try store.skinTones.preferred(for: emoji("🧑‍🤝‍🧑")) == [.mediumLight, .dark])
        #expect(try store.usage.recent().first?.displayItem == StoreItem(emoji("🧑🏼‍🤝‍🧑🏿")))
        let reopened = try EmojiPicker(history: store)
        #expect(reopened.sections.first { $0.id == .group("people-body") }?.items.contains(item("🧑🏼‍🤝‍🧑🏿")) == true)
    }

    @Test("the store's custom emoji are picker sets by group, found by search and recorded when picked")
    func customEmojiSets() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        try store.custom.addEmoji(
            CustomEmoji(
                code: "partyparrot", name: "party parrot", keywords: ["bird"],
                group: "animals", image: "parrot.gif"))
        try store.custom.addEmoji(CustomEmoji(code: "frogout", name: "frog out", image: "frog.gif"))
        let sets = try store.customEmojiSets()
        #expect(sets.map(\.id) == ["custom", "animals"])
        #expect(sets.map(\.title) == ["Custom", "Animals"])
        #expect(sets[1].emoji.map(\.code) == ["partyparrot"])

        var picker = try EmojiPicker(configuration: PickerConfiguration(customEmojiSets: sets), history: store)
        picker.setQuery(":partyparrot:")
        let parrot = try #require(pick(&picker, .enter))
        #expect(parrot.text == ":partyparrot:")
        try store.record(parrot)
        #expect(try store.usage.recent().first?.item == .custom("partyparrot"))
        picker.reloadHistory()
        picker.setQuery("")
        #expect(picker.sections.first { $0.id == .recent }?.items == sets[1].emoji.map(SearchItem.custom))
    }

    @Test("the store's scores rank search results")
    func usageRanking() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let search = try EmojiSearch()
        let plain = search.results(for: "face")
        try #require(plain[0].relevance == plain[5].relevance)
        let used = try #require(plain[5].emoji)
        try store.usage.recordUse(of: used)
        let snapshot = try store.usage.scores()
        let ranked = search.results(for: "face", options: SearchOptions(ranking: .usage, usage: snapshot))
        #expect(ranked.first?.emoji == used)
        let direct = search.results(for: "face", options: SearchOptions(ranking: .usage, usage: store))
        #expect(direct.first?.emoji == used)
    }
}

func emoji(_ text: String) -> Emoji {
    guard let found = EmojiCatalog.shared.emoji(for: text) else { fatalError("no emoji \(text) in the catalog") }
    return found
}

func item(_ text: String) -> SearchItem { .emoji(emoji(text)) }

extension StoreHistoryTests {
    @Test("each imported set is a section of its own, in the set's order, without the emoji it hides")
    func importedSets() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        try store.custom.addEmoji(
            CustomEmoji(code: "frogout", name: "frog out", group: "forum", image: "frog.gif"))
        let source = CustomSetSource(kind: .mastodon, location: "https://social.example/api/v1/custom_emojis")
        try store.custom.addSet(CustomSet(name: "forum", source: source))
        let emoji = [
            CustomEmoji(code: "zebra", name: "zebra", image: "https://social.example/z.png"),
            CustomEmoji(code: "blobcat", name: "blob cat", image: "https://social.example/b.png"),
            CustomEmoji(code: "secret", image: "https://social.example/s.png", isVisibleInPicker: false),
        ]
        _ = try store.replaceCustomSetEmoji(
            named: "forum", with: emoji, validators: HTTPValidators(), imageValidators: [], at: Date())
        let sets = try store.customEmojiSets()
        #expect(sets.map(\.id) == ["forum", "forum+"])
        #expect(sets.map(\.title) == ["Forum", "forum"])
        #expect(sets[1].emoji.map(\.code) == ["zebra", "blobcat"])
        #expect(try store.custom.emoji(code: "secret")?.isVisibleInPicker == false)
    }

    @Test(
        "a pick made after a query is learned by the store, and the next picker shows it first for that query's prefix")
    func learnsFromPicks() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        var picker = try EmojiPicker(configuration: PickerConfiguration(locale: "es"), history: store)
        picker.setQuery("hola")
        #expect(picker.sections.first?.items.first != item("🦜"))
        // The person picks 🦜 (from the grid, say) after typing "hola", twice.
        let pick = EmojiPick(items: [item("🦜")], query: "hola")
        try store.record(pick)
        try store.record(pick)
        #expect(try store.usage.learnedPicks(for: "hol").keys == ["🦜"])
        picker.reloadHistory()
        picker.setQuery("hol")
        #expect(picker.sections.first?.items.first == item("🦜"))
        // A query of control characters and the rest is learned by what is left; the use is never refused.
        try store.record(EmojiPick(items: [item("🎉")], query: "fi\u{1B}esta"))
        #expect(try store.usage.learnedPicks(for: "fiesta").keys == ["🎉"])
        try store.record(EmojiPick(items: [item("🎉")], query: String(repeating: "z", count: 400)))
        #expect(try store.usage.entry(for: StoreItem(emoji("🎉")))?.useCount == 2)
    }
}
