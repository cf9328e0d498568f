/// One of the five Fitzpatrick-based skin tones that Unicode defines as emoji modifiers.
///
/// ```swift
/// let wave = catalog.emoji(for: "👋")!
/// wave.withSkinTones([.mediumDark])?.character  // "👋🏾"
/// ```
public enum SkinTone: Int, CaseIterable, Sendable, Hashable, Comparable, Codable {
    case light = 1
    case mediumLight = 2
    case medium = 3
    case mediumDark = 4
    case dark = 5

    /// The emoji modifier scalar, U+1F3FB … U+1F3FF.
    public var modifier: Unicode.Scalar {
        Unicode.Scalar(0x1F3FA + UInt32(rawValue))!
    }

    /// The tone for an emoji modifier scalar, or nil for any other scalar.
    public init?(modifier: Unicode.Scalar) {
        let value = Int(modifier.value) - 0x1F3FA
        self.init(rawValue: value)
    }

    /// A stable identifier, as emojibase and the store use it: `light`, `medium-light`, …
    public var identifier: String {
        switch self {
        case .light: "light"
        case .mediumLight: "medium-light"
        case .medium: "medium"
        case .mediumDark: "medium-dark"
        case .dark: "dark"
        }
    }

    /// The tone for an identifier (`medium-dark`), a number 1–5, or a modifier character (🏾).
    public init?(identifier: String) {
        let text = identifier.lowercased()
        if let tone = SkinTone.allCases.first(where: { $0.identifier == text || String($0.modifier) == identifier }) {
            self = tone
        } else if let number = Int(text), let tone = SkinTone(rawValue: number) {
            self = tone
        } else if text == "mediumlight" || text == "medium_light" {
            self = .mediumLight
        } else if text == "mediumdark" || text == "medium_dark" {
            self = .mediumDark
        } else {
            return nil
        }
    }

    public static func < (lhs: SkinTone, rhs: SkinTone) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Tones as catalogs key them: one tone when every person has the same, since Unicode
    /// writes 🧑🏻‍🤝‍🧑🏻 and 💏🏻 for "everybody light", and the list unchanged otherwise.
    public static func normalized(_ tones: [SkinTone]) -> [SkinTone] {
        guard let first = tones.first, tones.allSatisfy({ $0 == first }) else { return tones }
        return [first]
    }
}
