/// How many terminal cells text takes: emoji and East Asian wide characters take two,
/// combining marks none, the rest one (as `wcwidth` and modern terminals count them).
public enum TerminalWidth {
    /// The cells a character takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let value = first.value
        // A control character (and a bidi control or zero-width space) is drawn as a one-cell
        // stand-in (see ControlCharacters); CR LF is one Character of two.
        if ControlCharacters.isControl(first) { return scalars.count }
        if value < 0x300 { return 1 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// The cells a string takes.
    public static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The longest prefix of `text` that fits in `width` cells, with "…" when cut.
    public static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if text.utf8.count <= width, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var used = 0
        var result = ""
        for character in text {
            let cells = of(character)
            if used + cells > width {
                while used + 1 > width, let last = result.popLast() { used -= of(last) }
                return result + "…"
            }
            used += cells
            result.append(character)
        }
        return result
    }

    /// Wide ranges of East Asian Width W and F outside emoji: Hangul Jamo, CJK, kana, Hangul
    /// syllables, compatibility ideographs, full-width forms and the supplementary ideographs.
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
