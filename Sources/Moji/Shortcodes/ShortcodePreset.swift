import Foundation

/// A set of `:shortcodes:`, as chat apps and emojibase define them.
public struct ShortcodePreset: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible, Codable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// GitHub's (gemoji) shortcodes: `:tada:`, `:+1:`.
    public static let github = ShortcodePreset(rawValue: "github")
    /// Slack's shortcodes (iamcal's emoji-data): `:thumbsup:`, `:skin-tone-2:`.
    public static let slack = ShortcodePreset(rawValue: "slack")
    /// emojibase's own shortcodes, covering every emoji and tone: `:thumbs_up_tone1:`.
    public static let emojibase = ShortcodePreset(rawValue: "emojibase")
    /// CLDR's short names as shortcodes, per locale: `:party_popper:`, `:kurakka:` in Japanese.
    public static let cldr = ShortcodePreset(rawValue: "cldr")

    /// Every preset, in the order lookups try them.
    public static let allCases: [ShortcodePreset] = [.github, .slack, .emojibase, .cldr]

    /// The preset with this name (`slack` also answers to `iamcal`); nil for an unknown one.
    public init?(name: String) {
        let name = name.lowercased()
        guard let preset = Self.allCases.first(where: { $0.rawValue == name }) ?? (name == "iamcal" ? .slack : nil)
        else {
            return nil
        }
        self = preset
    }

    public var description: String { rawValue }

    /// Strips one pair of surrounding colons: `:tada:` → `tada`.
    public static func bare(_ shortcode: String) -> String {
        var code = Substring(shortcode.trimmingCharacters(in: .whitespaces))
        if code.count > 1 && code.hasPrefix(":") && code.hasSuffix(":") { code = code.dropFirst().dropLast() }
        return String(code)
    }
}
