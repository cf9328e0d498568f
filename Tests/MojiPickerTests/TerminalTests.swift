import Moji
import MojiPicker
import MojiTerminal
import Testing

@Suite("terminal")
struct TerminalTests {
    @Test("keys decode from bytes: text, arrows, Alt+Enter, and a lone Escape after a pause")
    func decoding() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("pa\u{1B}[B\u{1B}OA\u{1B}\r".utf8)) == [.text("pa"), .down, .up, .altEnter])
        #expect(decoder.decode(Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[Z\t\r\u{7F}\u{3}".utf8))
            == [.pageUp, .pageDown, .home, .end, .backTab, .tab, .enter, .backspace, .interrupt])
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        let heart = Array("❤".utf8)
        #expect(decoder.decode(Array(heart.prefix(2))).isEmpty)
        #expect(decoder.decode(Array(heart.dropFirst(2))) == [.text("❤")])
    }

    @Test("cells count emoji and East Asian text as two wide")
    func widths() {
        #expect(TerminalWidth.of("abc") == 3)
        #expect(TerminalWidth.of("🧑‍🤝‍🧑") == 2)
        #expect(TerminalWidth.of("❤️") == 2)
        #expect(TerminalWidth.of("手を振る") == 8)
        #expect(TerminalWidth.truncated("celebration", to: 5) == "cele…")
    }

    @Test("an 80×24 frame draws the search field, tabs, titles, preview and help")
    func frame() throws {
        var picker = try EmojiPicker()
        PickerScreen.fit(&picker, width: 80, height: 24)
        #expect(picker.columns == 26)
        picker.setQuery("party")
        var screen = PickerScreen(usesColor: true)
        var buffer = ScreenBuffer()
        screen.render(picker, width: 80, height: 24, into: &buffer)
        let text = String(decoding: buffer.bytes, as: UTF8.self)
        #expect(text.contains("Search: "))
        #expect(text.contains("party"))
        #expect(text.contains("Search Results"))
        #expect(text.contains("party popper"))
        #expect(text.contains("Alt+Enter"))
        #expect(text.contains("\u{1B}[0;1;36m"))
        #expect(text.contains("\u{1B}[24;1H"))
        #expect(!text.contains("\u{1B}[25;"))
    }

    @Test("NO_COLOR drops colors but keeps the selection visible")
    func noColor() throws {
        var picker = try EmojiPicker()
        picker.setQuery("cat")
        var screen = PickerScreen(usesColor: false)
        var buffer = ScreenBuffer()
        screen.render(picker, width: 80, height: 24, into: &buffer)
        let text = String(decoding: buffer.bytes, as: UTF8.self)
        #expect(!text.contains("36m"))
        #expect(!text.contains("33m"))
        #expect(text.contains("\u{1B}[0;7m"))
    }

    @Test("the popover is drawn over the grid with a row per person")
    func popover() throws {
        var picker = try EmojiPicker()
        PickerScreen.fit(&picker, width: 80, height: 24)
        picker.setQuery("people holding hands")
        picker.send(.altEnter)
        var screen = PickerScreen()
        var buffer = ScreenBuffer()
        screen.render(picker, width: 80, height: 24, into: &buffer)
        let text = String(decoding: buffer.bytes, as: UTF8.self)
        #expect(text.contains("┌"))
        #expect(text.filter { $0 == "│" }.count == 4)
        #expect(text.contains("🏿"))
    }
}
