import Moji
import MojiPicker
import Testing

@Suite("hiding what the screen cannot draw")
struct PickerHidingTests {
    @Test("without a maximum version nothing is hidden")
    func nothingHidden() throws {
        let picker = try EmojiPicker()
        #expect(picker.hiddenCount == 0)
        let shown = picker.sections.flatMap(\.items).count
        #expect(shown == catalog.groups.reduce(0) { $0 + catalog.emojis(in: $1).count })
    }

    @Test("the hidden count is every neutral emoji newer than the maximum, tones not counted apart")
    func countsEachEmojiOnce() throws {
        let maximum = EmojiVersion(14, 0)
        let picker = try EmojiPicker(configuration: PickerConfiguration(maximumVersion: maximum))
        let newer = catalog.groups.flatMap { catalog.emojis(in: $0) }.filter { $0.version > maximum }
        #expect(!newer.isEmpty)
        #expect(newer.allSatisfy { !$0.hasSkinTones })
        #expect(picker.hiddenCount == newer.count)
        let withTones = catalog.emojis.filter { $0.version > maximum }.count
        #expect(picker.hiddenCount < withTones, "toned variants must not count as more hidden emoji")
        let shown = picker.sections.flatMap(\.items).count
        let all = try EmojiPicker().sections.flatMap(\.items).count
        #expect(shown + picker.hiddenCount == all)
    }

    @Test(
        "14.0 hides the shaking face, the pink heart, the face with bags and the distorted face, not the melting face")
    func fourteen() throws {
        var picker = try EmojiPicker(configuration: PickerConfiguration(maximumVersion: EmojiVersion(14, 0)))
        let shown = Set(picker.sections.flatMap(\.items).map(\.text))
        for hidden in ["\u{1FAE8}", "\u{1FA77}", "\u{1FAE9}", "\u{1FAEA}"] { #expect(!shown.contains(hidden)) }
        #expect(shown.contains("\u{1FAE0}"))
        picker.setQuery("shaking face")
        #expect(!picker.sections.flatMap(\.items).map(\.text).contains("\u{1FAE8}"))
        picker.setQuery("melting face")
        #expect(picker.sections.first?.items.first?.text == "\u{1FAE0}")
    }

    @Test("a newer maximum hides fewer")
    func newerHidesFewer() throws {
        let fourteen = try EmojiPicker(configuration: PickerConfiguration(maximumVersion: EmojiVersion(14, 0)))
        let fifteen = try EmojiPicker(configuration: PickerConfiguration(maximumVersion: EmojiVersion(15, 0)))
        let newest = try #require(catalog.emojis.map(\.version).max())
        let all = try EmojiPicker(configuration: PickerConfiguration(maximumVersion: newest))
        #expect(fourteen.hiddenCount > fifteen.hiddenCount)
        #expect(fifteen.hiddenCount > 0)
        #expect(all.hiddenCount == 0)
    }

    @Test("a maximum version set once the picker is open hides as the configured one does, and the selection stays")
    func setLater() throws {
        let maximum = EmojiVersion(14, 0)
        let configured = try EmojiPicker(configuration: PickerConfiguration(maximumVersion: maximum))
        var later = try EmojiPicker()
        later.handle(.right)
        let selected = later.selectedItem
        later.setMaximumVersion(maximum)
        #expect(later.hiddenCount == configured.hiddenCount)
        #expect(later.sections == configured.sections)
        #expect(later.selectedItem == selected)
        later.setQuery("shaking face")
        #expect(!later.sections.flatMap(\.items).map(\.text).contains("\u{1FAE8}"))
        later.setMaximumVersion(nil)
        #expect(later.hiddenCount == 0)
        #expect(later.sections.first?.items.first?.text == "\u{1FAE8}")
    }

    @Test("a tone newer than the maximum is not shown or offered: 🤝 stays neutral at 13.0 with a default tone")
    func tonesNewerThanMaximum() throws {
        // 🤝 is Emoji 3.0; its toned forms came with 14.0.
        let history = MemoryHistory(PickerHistorySnapshot(defaultSkinTone: .medium))
        var old = try EmojiPicker(
            configuration: PickerConfiguration(maximumVersion: EmojiVersion(13, 0)), history: history)
        old.setQuery("handshake")
        #expect(old.selectedText == "🤝")
        #expect(!old.sections.flatMap(\.items).map(\.text).contains("🤝🏽"))
        old.send(.altEnter)
        #expect(old.popover == nil, "no tone of 🤝 is drawable at 13.0")
        // 👋 takes the tone at 13.0: its toned forms are as old as it.
        old.setQuery("waving hand")
        #expect(old.selectedText == "👋🏽")
        var new = try EmojiPicker(
            configuration: PickerConfiguration(maximumVersion: EmojiVersion(14, 0)), history: history)
        new.setQuery("handshake")
        #expect(new.selectedText == "🤝🏽")
        // People holding hands (12.0) with a tone per person: of its 25 toned forms, 10 came with
        // 12.1, and at 12.0 exactly those cannot be picked.
        let hands = try #require(catalog.emoji(for: "🧑‍🤝‍🧑"))
        var newer = 0
        for variant in hands.skinToneVariants {
            let popover = SkinTonePopover(
                emoji: hands, anchor: PickerPosition(section: 0, row: 0, column: 0), preferred: variant.skinTones,
                maximumVersion: EmojiVersion(12, 0))
            #expect((popover.result == nil) == (variant.version > EmojiVersion(12, 0)), "\(variant.character)")
            if variant.version > EmojiVersion(12, 0) { newer += 1 }
        }
        #expect(newer == 10)
    }
}
