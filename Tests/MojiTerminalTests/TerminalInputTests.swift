import MojiTerminal
import Testing

@Suite("terminal input and widths")
struct TerminalInputTests {
    @Test("keys decode from bytes: text, arrows, Alt+Enter, and a lone Escape after a pause")
    func decoding() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("pa\u{1B}[B\u{1B}OA\u{1B}\r".utf8)) == [.text("pa"), .down, .up, .altEnter])
        #expect(
            decoder.decode(Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[Z\t\r\u{7F}\u{3}".utf8))
                == [.pageUp, .pageDown, .home, .end, .backTab, .tab, .enter, .backspace, .interrupt])
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        let heart = Array("❤".utf8)
        #expect(decoder.decode(Array(heart.prefix(2))).isEmpty)
        #expect(decoder.decode(Array(heart.dropFirst(2))) == [.text("❤")])
    }

    @Test("Ctrl-Z arrives as a byte in raw mode and decodes as suspend, which no picker command takes")
    func suspendKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1A]) == [.suspend])
        #expect(TerminalKey.suspend.pickerCommand == nil)
    }

    @Test("cells count emoji and East Asian text as two wide")
    func widths() {
        #expect(TerminalWidth.of("abc") == 3)
        #expect(TerminalWidth.of("🧑‍🤝‍🧑") == 2)
        #expect(TerminalWidth.of("❤️") == 2)
        #expect(TerminalWidth.of("手を振る") == 8)
        #expect(TerminalWidth.truncated("celebration", to: 5) == "cele…")
    }
}

@Suite("control characters")
struct ControlCharacterTests {
    @Test("ESC, BEL, DEL and C1 controls become visible one-cell stand-ins")
    func neutralized() {
        let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[?1049l\u{7F}\u{9B}x"
        #expect(ControlCharacters.neutralized(hostile) == "␛]0;PWNED␇␛[?1049l␡\u{FFFD}x")
        #expect(ControlCharacters.neutralized("party popper 🎉") == "party popper 🎉")
        #expect(TerminalWidth.of(hostile) == TerminalWidth.of(ControlCharacters.neutralized(hostile)))
        #expect(TerminalWidth.of("a\r\nb") == 4)
        // Characters that reorder or hide text show too; the joiners of emoji stay.
        let spoofed = ":rtl\u{202E}gnp.exe: :zw\u{200B}sp: \u{2066}x\u{2069}\u{FEFF}"
        #expect(
            ControlCharacters.neutralized(spoofed) == ":rtl\u{FFFD}gnp.exe: :zw\u{FFFD}sp: \u{FFFD}x\u{FFFD}\u{FFFD}")
        #expect(TerminalWidth.of(spoofed) == TerminalWidth.of(ControlCharacters.neutralized(spoofed)))
        #expect(ControlCharacters.neutralized("🧑‍🤝‍🧑 ❤️ ۱۲‌۳") == "🧑‍🤝‍🧑 ❤️ ۱۲‌۳")
    }

    @Test("no control byte of a name reaches the screen buffer")
    func screenBuffer() {
        var buffer = ScreenBuffer()
        buffer.write("\u{1B}]52;c;cHduZWQ=\u{07}name")
        #expect(!buffer.bytes.contains(0x1B) && !buffer.bytes.contains(0x07))
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "␛]52;c;cHduZWQ=␇name")
    }
}
