import Foundation

/// A locale identifier as Moji uses it: BCP 47 style with hyphens (`pt-PT`, `zh-Hant-HK`).
///
/// Any usual spelling is accepted (`pt_BR`, `ZH-hant-tw`); ``EmojiCatalog/locale(for:)`` resolves
/// it to the best locale the catalog has.
public struct MojiLocale: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The canonical identifier: language lowercase, script titlecase, region uppercase.
    public let identifier: String

    /// English, the fallback for every entry a locale lacks.
    public static let english = MojiLocale("en")

    /// Canonicalizes `identifier` without checking that the catalog has it.
    public init(_ identifier: String) {
        self.identifier = Self.canonical(identifier)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { identifier }

    /// The language subtag, e.g. `zh` for `zh-Hant-HK`.
    public var language: String { String(identifier.split(separator: "-").first ?? "") }

    /// The name of this locale in English and in itself, as Foundation knows them.
    public var displayName: (english: String, native: String) {
        let english = Locale(identifier: "en").localizedString(forIdentifier: identifier) ?? identifier
        let native = Locale(identifier: identifier).localizedString(forIdentifier: identifier) ?? english
        return (english, native)
    }

    static func canonical(_ identifier: String) -> String {
        let parts = identifier.trimmingCharacters(in: .whitespaces)
            .split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." || $0 == "@" })
        var result: [String] = []
        for (position, part) in parts.enumerated() {
            if position == 0 {
                result.append(part.lowercased())
            } else if part.count == 4, part.allSatisfy(\.isLetter) {
                result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                result.append(part.uppercased())
            } else {
                result.append(part.lowercased())
            }
        }
        return result.joined(separator: "-")
    }
}
