import Foundation
import Moji
import MojiPicker
import MojiStore
import MojiStorePicker
import Testing

/// README, "Pick an emoji in the terminal": the engine block verbatim, with a temporary store.
@Suite("README: the picker engine")
struct PickerExampleTests {
    @Test("typing selects the first result; enter hands the pick over and the host records it")
    func picker() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("moji-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EmojiStore(url: directory.appendingPathComponent("moji.sqlite"))
        let partyPopper = SearchItem.emoji(EmojiCatalog.shared.emoji(for: "🎉")!)
        var picked: [SearchItem] = []

        var picker = try EmojiPicker(configuration: PickerConfiguration(locale: "en"), history: store, columns: 10)
        picker.handle(.insert("party"))  // the first result is selected
        #expect(picker.selectedItem == partyPopper)
        if case .picked(let pick) = picker.handle(.enter) {  // the picker hands the pick over
            print(pick.text)
            #expect(try store.usage.recent().isEmpty, "the picker itself writes nothing")
            try store.record(pick)  // the host records it
            picked = pick.items
        }
        #expect(picked == [partyPopper])
        #expect(try store.usage.recent().first?.item == StoreItem(EmojiCatalog.shared.emoji(for: "🎉")!))
    }
}
