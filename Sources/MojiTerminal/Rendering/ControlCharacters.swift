/// Control characters made harmless before text reaches a terminal.
///
/// A name or a collection title is data: a custom emoji called `"\u{1B}]0;PWNED\u{07}"` must
/// not set the terminal's title, leave the alternate screen or write the clipboard (OSC 52)
/// when the picker previews it or `moji recent` prints it. Every C0 control, DEL and every C1
/// control is drawn as a visible stand-in, one cell wide: C0 and DEL as their Unicode control
/// pictures (`␛` for ESC, `␇` for BEL, `␡` for DEL), C1 as U+FFFD. So are the characters that
/// reorder or hide text (bidirectional controls such as U+202E, which prints `:rtl‮gnp.exe:`
/// reversed, and zero-width spaces, which make `:zw​sp:` look like `:zwsp:`), as U+FFFD; the
/// joiners and selectors emoji are made of stay.
public enum ControlCharacters {
    /// Whether `text` holds any character that ``neutralized(_:)`` would replace.
    public static func occur(in text: some StringProtocol) -> Bool {
        // The first byte of every such character in UTF-8: C0, DEL, C1 (C2), U+061C (D8), U+180E
        // (E1), U+200B…U+206F (E2), U+FEFF (EF); only then are the scalars looked at.
        text.utf8.contains {
            $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE1 || $0 == 0xE2 || $0 == 0xEF
        }
            && text.unicodeScalars.contains(where: isControl)
    }

    /// `text` with every control character replaced by its visible stand-in.
    public static func neutralized(_ text: String) -> String {
        guard occur(in: text) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isControl(scalar) ? standIn(for: scalar) : scalar)
        }
        return String(result)
    }

    /// C0 controls, DEL and C1 controls, and the bidirectional controls and zero-width spaces.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0) || hidesOrReorders(value)
    }

    /// Bidirectional marks, embeddings, overrides and isolates; zero-width space, word joiner and
    /// the invisible operators; the Mongolian vowel separator and the byte-order mark.
    private static func hidesOrReorders(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }

    private static func standIn(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: return Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }
}
