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

    /// The text of each row of a frame: cursor moves (`ESC [ row ; column H`) choose the row, other
    /// escape sequences are dropped.
    static func rows(of bytes: [UInt8]) -> [Int: String] {
        var rows: [Int: String] = [:]
        var row = 1
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                if end < scalars.count, scalars[end] == "H" {
                    let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                    row = Int(parameters.split(separator: ";").first ?? "1") ?? 1
                }
                index = end + 1
                continue
            }
            rows[row, default: ""].unicodeScalars.append(scalars[index])
            index += 1
        }
        return rows
    }

    @Test("in Japanese the search field, the result count, the titles and the key help are Japanese")
    func japanese() throws {
        let rows = Self.rows(of: try frame(configuration: PickerConfiguration(locale: "ja")) { $0.setQuery("いぬ") })
        #expect(rows[1]?.contains(" 検索: いぬ") == true, "\(rows[1] ?? "")")
        #expect(rows[1]?.contains("件の結果") == true, "\(rows[1] ?? "")")
        #expect(rows.values.contains { $0.contains("検索結果") })
        #expect(rows[24]?.contains("Enter 選択") == true && rows[24]?.contains("Ctrl+C 終了") == true, "\(rows[24] ?? "")")
    }

    @Test("the key help comes first; a notice too long to follow it takes the preview line until a key")
    func noticeOnce() throws {
        var picker = try EmojiPicker()
        PickerScreen.fit(&picker, width: 80, height: 24)
        var screen = PickerScreen(usesColor: false)
        screen.notice = picker.strings.text(.hiddenInTerminal, ["count": "16"])
        var buffer = ScreenBuffer()
        screen.render(picker, width: 80, height: 24, into: &buffer)
        var rows = Self.rows(of: buffer.bytes)
        #expect(rows[24]?.contains("Enter pick") == true, "key help on the last row: \(rows[24] ?? "")")
        #expect(rows[24]?.contains("cannot draw") == false)
        #expect(
            rows[23]?.contains("Hidden because this terminal cannot draw them: 16 emoji") == true, "\(rows[23] ?? "")")

        screen.keyPressed()
        buffer.removeAll()
        screen.render(picker, width: 80, height: 24, into: &buffer)
        rows = Self.rows(of: buffer.bytes)
        #expect(rows[23]?.contains("cannot draw") == false, "after a key the preview is back: \(rows[23] ?? "")")
        #expect(rows[24]?.contains("Enter pick") == true)

        // Wide enough for both: the notice follows the key help, from the first frame on.
        buffer.removeAll()
        screen.render(picker, width: 200, height: 24, into: &buffer)
        rows = Self.rows(of: buffer.bytes)
        #expect(rows[24]?.contains("Ctrl+C quit  Hidden because") == true, "\(rows[24] ?? "")")
    }

    @Test(
        "where tones are drawn apart (tmux 3.3a), a toned cell shows its tone as a number and the popover spaces its options"
    )
    func tonesDrawnApart() throws {
        var picker = try EmojiPicker()
        PickerScreen.fit(&picker, width: 80, height: 24)
        let thumbs = try #require(EmojiCatalog.shared.emoji(for: "👍🏼"))
        picker.setSnapshot(PickerHistorySnapshot(frequent: [.emoji(thumbs)], recent: [.emoji(thumbs)]))
        var screen = PickerScreen(usesColor: false)
        screen.tonedWidth = 4
        var buffer = ScreenBuffer()
        screen.render(picker, width: 80, height: 24, into: &buffer)
        let rows = Self.rows(of: buffer.bytes)
        #expect(rows[3] == "Frequently Used")
        #expect(rows[4]?.contains("👍²") == true && rows[4]?.contains("🏼") == false, "\(rows[4] ?? "")")

        // The popover: each option six cells apart, so a four-cell 👍🏽 never runs into the next.
        picker.setQuery("thumbs up")
        _ = picker.handle(.altEnter)
        _ = picker.handle(.right)
        buffer.removeAll()
        screen.render(picker, width: 80, height: 24, into: &buffer)
        let popover = Self.rows(of: buffer.bytes)
        #expect(popover[23]?.contains("👍🏼") == true, "the preview shows the toned emoji whole: \(popover[23] ?? "")")
        let optionRow = try #require(popover.first { $0.value.contains("👍🏻") }?.key)
        let text = String(decoding: buffer.bytes, as: UTF8.self)
        let columns = text.matches(of: /\x{1B}\[(\d+);(\d+)H/).compactMap { match in
            Int(match.output.1) == optionRow ? Int(match.output.2) : nil
        }
        // The moves on that row: the row's start and the left border, the five options (the
        // focused one a cell to the left, for its mark), the right border.
        let options = columns.filter { $0 > (columns.min() ?? 0) && $0 < (columns.max() ?? 0) }
        #expect(options.count == 5, "\(columns)")
        #expect(zip(options, options.dropFirst()).allSatisfy { $1 - $0 >= 5 }, "\(columns)")
    }
}
