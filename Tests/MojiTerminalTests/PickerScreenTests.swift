import Moji
import MojiPicker
import MojiTerminal
import Testing

/// Whole frames of `moji pick`'s screen, compared with the files in `Snapshots/`.
@Suite("picker screen")
struct PickerScreenTests {
    private func frame(
        width: Int = 80, height: Int = 24, usesColor: Bool = true,
        configuration: PickerConfiguration = PickerConfiguration(),
        _ prepare: (inout EmojiPicker) -> Void
    ) throws -> [UInt8] {
        var picker = try EmojiPicker(configuration: configuration)
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

    @Test("a custom emoji named with escape sequences is previewed without an escape of its own")
    func hostileCustomName() throws {
        // What a hand-edited or older store may hold: set the title, leave the alternate screen,
        // write the clipboard (OSC 52).
        let name = "\u{1B}]0;PWNED\u{07}\u{1B}[?1049l parrot \u{1B}]52;c;SGk=\u{07}"
        let custom = CustomEmoji(code: "pwned", name: name, keywords: ["pwned"])
        let set = CustomEmojiSet(id: "forum", title: "Forum\u{1B}[2J", emoji: [custom])
        let bytes = try frame(configuration: PickerConfiguration(customEmojiSets: [set])) { picker in
            picker.setQuery("pwned")
            _ = picker.handle(.right)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("␛]0;PWNED␇␛[?1049l parrot"), "the name is shown, made visible")
        #expect(!bytes.contains(0x07), "no BEL ends an OSC")
        // The renderer's own sequences are CSI (ESC [) with parameters; none is the name's.
        let escapes = text.unicodeScalars.indices.filter { text.unicodeScalars[$0] == "\u{1B}" }
        for index in escapes {
            let next = text.unicodeScalars[text.unicodeScalars.index(after: index)...].prefix(7)
            #expect(next.first == "[", "an ESC that does not start a CSI: \(String(String.UnicodeScalarView(next)))")
            #expect(!String(String.UnicodeScalarView(next)).hasPrefix("[?1049"), "the frame leaves the alt screen")
        }
        #expect(!text.contains("\u{1B}[2J"), "the set's title clears the screen")
    }
}
