/// Control characters made harmless before text reaches a terminal.
///
/// A name or a collection title is data: a custom emoji called `"\u{1B}]0;PWNED\u{07}"` must
/// not set the terminal's title, leave the alternate screen or write the clipboard (OSC 52)
/// when the picker previews it or `moji recent` prints it. Every C0 control, DEL and every C1
/// control is drawn as a visible stand-in, one cell wide: C0 and DEL as their Unicode control
/// pictures (`␛` for ESC, `␇` for BEL, `␡` for DEL), C1 as U+FFFD.
public enum ControlCharacters {
    /// Whether `text` holds any character that ``neutralized(_:)`` would replace.
    public static func occur(in text: some StringProtocol) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 } && text.unicodeScalars.contains(where: isControl)
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

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    private static func standIn(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: return Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }
}
