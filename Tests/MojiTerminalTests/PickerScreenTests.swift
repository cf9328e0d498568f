import Moji
import MojiPicker
import MojiTerminal
import Testing

/// Whole frames of `moji pick`'s screen, compared with the files in `Snapshots/`.
@Suite("picker screen")
struct PickerScreenTests {
    private func frame(width: Int = 80, height: Int = 24, usesColor: Bool = true,
                       _ prepare: (inout EmojiPicker) -> Void) throws -> [UInt8] {
        var picker = try EmojiPicker()
        PickerScreen.fit(&picker, width: width, height: height)
        prepare(&picker)
        var screen = PickerScreen(usesColor: usesColor)
        var buffer = ScreenBuffer()
        screen.render(picker, width: width, height: height, into: &buffer)
        return buffer.bytes
    }

    @Test("an 80×24 frame draws the search field, tabs, titles, results, preview and help")
    func searchFrame() throws {
        let bytes = try frame { $0.setQuery("party") }
        FrameSnapshot.expect(bytes, matches: "search-party-80x24")
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}[25;"), "nothing is drawn below row 24")
    }

    @Test("the picker fits 26 columns of emoji on 80 cells")
    func columns() throws {
        var picker = try EmojiPicker()
        PickerScreen.fit(&picker, width: 80, height: 24)
        #expect(picker.columns == 26)
    }

    @Test("the first screen with no query shows the groups from the top")
    func openingFrame() throws {
        FrameSnapshot.expect(try frame { _ in }, matches: "opening-80x24")
    }

    @Test("NO_COLOR drops colors but keeps the selection in reverse video")
    func noColor() throws {
        let bytes = try frame(usesColor: false) { $0.setQuery("cat") }
        FrameSnapshot.expect(bytes, matches: "search-cat-no-color-80x24")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("36m") && !text.contains("33m"))
        #expect(text.contains("\u{1B}[0;7m"))
    }

    @Test("the skin-tone popover is drawn over the grid with a row per person")
    func popover() throws {
        let bytes = try frame {
            $0.setQuery("people holding hands")
            _ = $0.handle(.altEnter)
        }
        FrameSnapshot.expect(bytes, matches: "popover-two-people-80x24")
    }

    @Test("a narrow 40×12 terminal still draws every part without wrapping")
    func narrowFrame() throws {
        FrameSnapshot.expect(try frame(width: 40, height: 12) { $0.setQuery("heart") }, matches: "search-heart-40x12")
    }
}
