import Moji
import MojiPicker
import Testing

@Suite("skin-tone popover")
struct SkinTonePopoverTests {
    func picker(selecting query: String, history: MemoryHistory = MemoryHistory()) throws -> EmojiPicker {
        var picker = try EmojiPicker(history: history)
        picker.setQuery(query)
        return picker
    }

    @Test("Alt+Enter on a single-person emoji offers the five tones, the preferred one chosen")
    func singlePerson() throws {
        let history = MemoryHistory(PickerHistorySnapshot(skinTones: [emoji("👋"): [.medium]]))
        var picker = try picker(selecting: "waving hand", history: history)
        #expect(picker.selectedText == "👋🏽")
        picker.send(.altEnter)
        let popover = try #require(picker.popover)
        #expect(popover.rowCount == 1)
        #expect(popover.tones == [.medium])
        #expect(
            SkinTonePopover.options.compactMap { popover.option($0, inRow: 0)?.character } == ["👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"])
    }

    @Test("emoji without tones open no popover")
    func noTones() throws {
        var picker = try picker(selecting: "party popper")
        picker.send(.altEnter)
        #expect(picker.popover == nil)
    }

    @Test("two-person emoji take a tone per person; the pick is the RGI sequence and carries the preference")
    func twoPeople() throws {
        let history = MemoryHistory()
        var picker = try picker(selecting: "people holding hands", history: history)
        #expect(picker.selectedText == "🧑‍🤝‍🧑")
        picker.send(.altEnter)
        #expect(picker.popover?.rowCount == 2)
        picker.send(.right, .down, .end)
        #expect(picker.popover?.tones == [.mediumLight, .dark])
        #expect(picker.preview?.name == "people holding hands: medium-light skin tone, dark skin tone")
        let event = picker.send(.enter)
        let tones: [Emoji: [SkinTone]] = [emoji("🧑‍🤝‍🧑"): [.mediumLight, .dark]]
        #expect(
            event == .picked(EmojiPick(items: [item("🧑🏼‍🤝‍🧑🏿")], skinTones: tones, query: "people holding hands")))
        #expect(picker.popover == nil)
        #expect(history.storedTones.isEmpty)
        #expect(picker.selectedText == "🧑🏼‍🤝‍🧑🏿")
    }

    @Test("Tab moves through the tones of each person in turn; Space picks")
    func tabOrder() throws {
        var picker = try picker(selecting: "people holding hands")
        picker.send(.altEnter)
        for _ in 0..<5 { picker.send(.tab) }
        #expect(picker.popover?.focusedRow == 1)
        #expect(picker.popover?.tones == [.dark, .light])
        picker.send(.backTab)
        #expect(picker.popover?.focusedRow == 0)
        #expect(picker.send(.space)?.pickedItems == [item("🧑🏿‍🤝‍🧑🏻")])
    }

    @Test("the same tone for both people gives Unicode's one-tone sequence")
    func sameTone() throws {
        var picker = try picker(selecting: "people holding hands")
        picker.send(.altEnter, .right, .right, .down, .right, .right)
        #expect(picker.send(.enter)?.pickedItems == [item("🧑🏽‍🤝‍🧑🏽")])
    }

    @Test("every multi-person popover row combination is an RGI sequence")
    func everyCombinationIsRGI() throws {
        for base in catalog.neutralEmojis where base.personCount > 1 {
            let popover = SkinTonePopover(
                emoji: base, anchor: PickerPosition(section: 0, row: 0, column: 0), preferred: [])
            if popover.rowCount == 1 {
                for tone in SkinTonePopover.options {
                    #expect(popover.option(tone, inRow: 0) != nil, "\(base) \(tone)")
                }
                continue
            }
            #expect(popover.rowCount == base.personCount)
            for first in SkinTone.allCases {
                for second in SkinTone.allCases {
                    #expect(
                        base.withSkinTones(
                            SkinTone.normalized(
                                [first, second] + Array(repeating: second, count: base.personCount - 2))) != nil,
                        "\(base) \(first) \(second)")
                }
            }
        }
    }

    @Test("the preferred tones of each person are chosen when the popover opens")
    func preferredPerPerson() throws {
        let history = MemoryHistory(PickerHistorySnapshot(skinTones: [emoji("🧑‍🤝‍🧑"): [.dark, .light]]))
        var picker = try picker(selecting: "people holding hands", history: history)
        #expect(picker.selectedText == "🧑🏿‍🤝‍🧑🏻")
        picker.send(.altEnter)
        #expect(picker.popover?.tones == [.dark, .light])
    }

    @Test("Escape closes the popover first, keeping the query")
    func escapeClosesPopover() throws {
        var picker = try picker(selecting: "waving hand")
        picker.send(.altEnter)
        #expect(picker.send(.escape) == nil)
        #expect(picker.popover == nil)
        #expect(picker.query == "waving hand")
    }

    @Test("a tone picked in the popover shows in the grid from then on")
    func pickedToneShows() throws {
        var picker = try EmojiPicker()
        picker.setQuery("thumbs up")
        picker.send(.altEnter, .end, .enter)
        picker.setQuery("")
        #expect(picker.sections.first { $0.id == .group("people-body") }?.items.contains(item("👍🏿")) == true)
    }
}
