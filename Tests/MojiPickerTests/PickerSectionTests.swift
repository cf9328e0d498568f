import Moji
import MojiPicker
import Testing

@Suite("sections")
struct PickerSectionTests {
    @Test("without history the sections are the Unicode groups in CLDR order, components hidden")
    func groupsOnly() throws {
        let picker = try EmojiPicker()
        let expected = catalog.groups.filter { !catalog.emojis(in: $0).isEmpty }.map {
            PickerSectionID.group($0.identifier)
        }
        #expect(picker.sections.map(\.id) == expected)
        #expect(!picker.sections.contains { $0.id == .group("component") })
        #expect(picker.sections.first?.title == "Smileys & Emotion")
        #expect(picker.sections.first?.items.first == item("😀"))
    }

    @Test("history sections come first and empty ones are hidden")
    func historySections() throws {
        let history = MemoryHistory(PickerHistorySnapshot(frequent: [item("🎉"), item("👍")], recent: [item("🐶")]))
        let picker = try EmojiPicker(history: history)
        #expect(picker.sections.prefix(3).map(\.id) == [.frequent, .recent, .group("smileys-emotion")])
        #expect(picker.sections[0].title == "Frequently Used")
        #expect(picker.sections[1].items == [item("🐶")])
        let pinned = MemoryHistory(PickerHistorySnapshot(frequent: [item("🎉")], pinned: [item("🚀"), item("🐶")]))
        let withPins = try EmojiPicker(history: pinned)
        #expect(withPins.sections.prefix(2).map(\.id) == [.frequent, .pinned])
        #expect(withPins.sections[1].title == "Favorites")
        #expect(withPins.sections[1].items == [item("🚀"), item("🐶")])
    }

    @Test("which sections appear and in what order is configurable")
    func configuredSections() throws {
        let history = MemoryHistory(PickerHistorySnapshot(frequent: [item("🎉")], recent: [item("🐶")]))
        let flags = catalog.group("flags")!
        let configuration = PickerConfiguration(sections: [.group(flags), .recent])
        let picker = try EmojiPicker(configuration: configuration, history: history)
        #expect(picker.sections.map(\.id) == [.group("flags"), .recent])
    }

    @Test("titles are localized: CLDR names for groups, the picker's own for its sections")
    func localizedTitles() throws {
        let history = MemoryHistory(PickerHistorySnapshot(recent: [item("🐶")]))
        let picker = try EmojiPicker(configuration: PickerConfiguration(locale: "ja"), history: history)
        #expect(picker.sections[0].title == "最近使用した項目")
        let smileys = try #require(picker.sections.first { $0.id == .group("smileys-emotion") })
        #expect(smileys.title == (try catalog.localized("ja")).name(of: catalog.group("smileys-emotion")!))
        #expect(smileys.title != "Smileys & Emotion")
    }

    @Test("a maximum version hides newer emoji everywhere")
    func maximumVersion() throws {
        let newer = try #require(catalog.emojis.first { $0.version > EmojiVersion(14, 0) && !$0.hasSkinTones })
        let history = MemoryHistory(PickerHistorySnapshot(recent: [.emoji(newer), item("🐶")]))
        var picker = try EmojiPicker(
            configuration: PickerConfiguration(maximumVersion: EmojiVersion(14, 0)), history: history)
        #expect(!picker.sections.flatMap(\.items).contains(.emoji(newer)))
        picker.setQuery(newer.name())
        #expect(!picker.sections.flatMap(\.items).contains(.emoji(newer)))
    }

    @Test("custom emoji sets are sections of their own and are searched")
    func customSets() throws {
        let parrot = CustomEmoji(code: "partyparrot", name: "party parrot", keywords: ["bird"])
        let configuration = PickerConfiguration(customEmojiSets: [
            CustomEmojiSet(id: "team", title: "Team", emoji: [parrot])
        ])
        var picker = try EmojiPicker(configuration: configuration)
        #expect(picker.sections.last?.id == .customSet("team"))
        #expect(picker.sections.last?.title == "Team")
        picker.setQuery("parrot")
        #expect(picker.sections.first?.items.contains(.custom(parrot)) == true)
    }

    @Test("a query shows only the search results, ranked by use")
    func searchResults() throws {
        let plain = try EmojiSearch().results(for: "face")
        try #require(plain[0].relevance == plain[5].relevance)
        let history = MemoryHistory(PickerHistorySnapshot(usage: UsageScores([plain[5].item.text: 5])))
        var picker = try EmojiPicker(history: history)
        picker.setQuery("face")
        #expect(picker.sections.map(\.id) == [.searchResults])
        #expect(picker.sections[0].title == "Search Results")
        #expect(picker.sections[0].items.first == plain[5].item)
        picker.setQuery("   ")
        #expect(picker.sections.first?.id == .group("smileys-emotion"))
    }

    @Test("emoji are shown with the preferred tone, else the default tone")
    func preferredTones() throws {
        let history = MemoryHistory(PickerHistorySnapshot(skinTones: [emoji("👋"): [.medium]], defaultSkinTone: .dark))
        let picker = try EmojiPicker(history: history)
        let people = try #require(picker.sections.first { $0.id == .group("people-body") })
        #expect(people.items.contains(item("👋🏽")))
        #expect(people.items.contains(item("👍🏿")))
        #expect(!people.items.contains(item("👋")))
    }
}
