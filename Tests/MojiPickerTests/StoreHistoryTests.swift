import Foundation
import Moji
import MojiPicker
import MojiStore
import Testing

@Suite("the store as the picker's history")
struct StoreHistoryTests {
    func temporaryStore() throws -> (EmojiStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moji-picker-\(UUID().uuidString)")
        return (try EmojiStore(url: directory.appendingPathComponent("moji.sqlite")), directory)
    }

    @Test("a new store's seeded favorites are the frequently used section")
    func seeded() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let picker = try EmojiPicker(history: store)
        #expect(picker.sections.first?.id == .frequentlyUsed)
        #expect(picker.sections.first?.items.first == item("😂"))
        #expect(!picker.sections.contains { $0.id == .recent })
    }

    @Test("picking records the use in the store, and it shows in recent")
    func recordsUse() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        var picker = try EmojiPicker(history: store)
        picker.setQuery("partying face")
        #expect(picker.send(.enter) == .picked([item("🥳")]))
        #expect(try store.recent().first?.item == StoreItem(emoji("🥳")))
        #expect(try store.usage(of: StoreItem(emoji("🥳")))?.useCount == 1)
        picker.setQuery("")
        #expect(picker.sections.first { $0.id == .recent }?.items == [item("🥳")])
        #expect(picker.historyError == nil)
    }

    @Test("a tone picked in the popover becomes the store's preference, per person")
    func storesTones() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        var picker = try EmojiPicker(history: store)
        picker.setQuery("people holding hands")
        picker.send(.altEnter, .right, .down, .end)
        #expect(picker.send(.enter) == .picked([item("🧑🏼‍🤝‍🧑🏿")]))
        #expect(try store.preferredSkinTones(for: emoji("🧑‍🤝‍🧑")) == [.mediumLight, .dark])
        #expect(try store.recent().first?.displayItem == StoreItem(emoji("🧑🏼‍🤝‍🧑🏿")))
        let reopened = try EmojiPicker(history: store)
        #expect(reopened.sections.first { $0.id == .group("people-body") }?.items.contains(item("🧑🏼‍🤝‍🧑🏿")) == true)
    }

    @Test("the store's scores rank search results")
    func usageRanking() throws {
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let search = try EmojiSearch()
        let plain = search.results(for: "face")
        try #require(plain[0].relevance == plain[5].relevance)
        let used = try #require(plain[5].emoji)
        try store.recordUse(of: used)
        let ranked = search.results(for: "face", options: SearchOptions(ranking: .usage, usage: try store.usageScores()))
        #expect(ranked.first?.emoji == used)
        let direct = search.results(for: "face", options: SearchOptions(ranking: .usage, usage: store))
        #expect(direct.first?.emoji == used)
    }
}
