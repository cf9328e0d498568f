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
        if let canonical = asciiCanonical(identifier) { return canonical }
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

    /// ``canonical(_:)`` for the usual identifiers, made only of ASCII letters, digits and
    /// separators, byte by byte; nil for any other identifier. Lowercasing and testing
    /// `Character`s is what made resolving a locale cost more than reading its file.
    private static func asciiCanonical(_ identifier: String) -> String? {
        var utf8 = Array(identifier.utf8)
        func isSeparator(_ byte: UInt8) -> Bool { byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x40 }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        guard utf8.allSatisfy({ isSeparator($0) || isLetter($0) || isDigit($0) }) else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var start = 0
        var position = 0
        while start < utf8.count {
            guard !isSeparator(utf8[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < utf8.count && !isSeparator(utf8[end]) { end += 1 }
            let part = start..<end
            // Lowercase the subtag, then uppercase what the subtag's kind asks for.
            for index in part where isLetter(utf8[index]) { utf8[index] |= 0x20 }
            if position > 0 {
                if part.count == 4 && part.allSatisfy({ isLetter(utf8[$0]) }) {
                    utf8[start] &= ~0x20
                } else if part.count == 2 || (part.count == 3 && part.allSatisfy({ isDigit(utf8[$0]) })) {
                    for index in part where isLetter(utf8[index]) { utf8[index] &= ~0x20 }
                }
                result.append(0x2D)
            }
            result += utf8[part]
            position += 1
            start = end
        }
        return String(decoding: result, as: UTF8.self)
    }
}
