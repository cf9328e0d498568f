import Foundation

/// An Emoji version (the `E15.1` of emoji-test.txt), ordered as numbers.
///
/// ```swift
/// let version: EmojiVersion = "15.1"
/// catalog.emojis(upTo: version)
/// ```
public struct EmojiVersion: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, ExpressibleByStringLiteral
{
    /// The major number, e.g. 15 in 15.1.
    public var major: Int
    /// The minor number, e.g. 1 in 15.1.
    public var minor: Int

    /// Makes a version from its two numbers.
    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Parses `15.1`, `E15.1` or `15`; nil for anything else.
    public init?(_ text: String) {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        if text.first == "E" || text.first == "e" { text = text.dropFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let major = Int(parts[0]), major >= 0 else { return nil }
        let minor = parts.count == 2 ? Int(parts[1]) : 0
        guard let minor, minor >= 0 else { return nil }
        self.init(major, minor)
    }

    public init(stringLiteral value: String) {
        guard let version = EmojiVersion(value) else {
            preconditionFailure("'\(value)' is not an Emoji version such as 15.1")
        }
        self = version
    }

    /// `15.1`.
    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: EmojiVersion, rhs: EmojiVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = EmojiVersion(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not an Emoji version"))
        }
        self = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
