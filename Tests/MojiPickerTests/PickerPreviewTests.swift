import Moji
import MojiPicker
import Testing

@Suite("preview and accessibility")
struct PickerPreviewTests {
    @Test("the preview gives the localized name, shortcodes and keywords")
    func preview() throws {
        var picker = try EmojiPicker(configuration: PickerConfiguration(locale: "de"))
        picker.setQuery("tada")
        let preview = try #require(picker.preview)
        #expect(preview.item == item("🎉"))
        #expect(preview.name == (try catalog.localized("de")).name(of: emoji("🎉")))
        #expect(preview.shortcodes.first == "tada")
        #expect(preview.keywords == (try catalog.localized("de")).keywords(of: emoji("🎉")))
    }

    @Test("every cell has a label: the CLDR name, with tone names for toned emoji")
    func labels() throws {
        let history = MemoryHistory(PickerHistorySnapshot(skinTones: [emoji("👋"): [.medium]]))
        let picker = try EmojiPicker(history: history)
        for (index, section) in picker.sections.enumerated() {
            for offset in section.items.indices {
                let label = picker.accessibilityLabel(at: picker.layout.position(ofItem: offset, inSection: index))
                #expect(label?.isEmpty == false)
            }
        }
        #expect(picker.accessibilityLabel(of: item("👋🏽")) == "waving hand: medium skin tone")
        let japanese = try EmojiPicker(configuration: PickerConfiguration(locale: "ja"))
        #expect(japanese.accessibilityLabel(of: item("👋🏽")) == (try catalog.localized("ja")).name(of: emoji("👋🏽")))
    }
}
