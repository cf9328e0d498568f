import Foundation

/// The rules for text a user names things with: collection names and custom emoji names,
/// keywords and groups. The store refuses what breaks them, on the way in (API and import), so
/// nothing it hands back can steer a terminal or flood a screen.
///
/// ```swift
/// StoreText.problem(in: "work")              // nil: fine
/// StoreText.problem(in: "\u{1B}]0;PWNED")    // "holds the control character U+001B"
/// ```
public enum StoreText {
    /// The most characters a name, keyword or group may have.
    public static let maximumLength = 200
    /// The most characters an image or source reference (a URL or a path) may have.
    public static let maximumReferenceLength = 4_096

    /// Why `text` is not acceptable as a name, or nil when it is: too long, holding a control
    /// character (C0, DEL, C1, or a line or paragraph separator), or, unless `allowsEmpty`,
    /// empty or only white space.
    public static func problem(
        in text: String, allowsEmpty: Bool = false,
        maximumLength: Int = StoreText.maximumLength
    ) -> String? {
        if !allowsEmpty, text.allSatisfy(\.isWhitespace) { return "is empty" }
        if let scalar = text.unicodeScalars.first(where: isControl) {
            return "holds the control character \(codePoint(scalar))"
        }
        // Counting stops early, so a 100 KB name costs no more than a short one.
        if text.utf8.count > maximumLength, text.dropFirst(maximumLength).isEmpty == false {
            return "is longer than \(maximumLength) characters"
        }
        return nil
    }

    /// Whether a scalar is a control character a terminal may act on: C0, DEL, C1, or U+2028
    /// and U+2029, which end a line in some terminals and editors.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
            || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// `text` for an error message: control characters written as `\u{1B}`, and cut after 40
    /// characters, so a message neither acts on a terminal nor repeats a huge value.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for (index, character) in text.enumerated() {
            if index == 40 {
                result += "…"
                break
            }
            for scalar in character.unicodeScalars {
                if isControl(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else if scalar == "\"" || scalar == "\\" {
                    result += "\\\(scalar)"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `U+001B`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` made acceptable: control characters dropped, white space trimmed, cut to
    /// `maximumLength` characters. Used by ``EmojiStore/Maintenance/repairRows()`` on hand-edited rows.
    static func cleaned(_ text: String, maximumLength: Int = StoreText.maximumLength) -> String {
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { !isControl($0) }))
        let trimmed = kept.trimmingCharacters(in: .whitespaces)
        return String(trimmed.prefix(maximumLength))
    }
}
