/// What to do with bytes that are not well-formed UTF-8.
public enum InvalidUTF8Handling: String, Sendable, Hashable, CaseIterable {
    /// Write U+FFFD for each ill-formed sequence (its maximal subpart), as `String(decoding:as:)` does;
    /// scanning simply skips it.
    case replace
    /// Stop with an ``InvalidUTF8Error`` naming the byte offset.
    case report
}

/// Bytes that are not well-formed UTF-8, found while ``InvalidUTF8Handling/report`` was asked for.
public struct InvalidUTF8Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset of the first ill-formed byte from the start of the input.
    public let offset: Int

    public init(offset: Int) { self.offset = offset }

    public var description: String {
        "the input is not valid UTF-8 at byte \(offset); convert it to UTF-8 first, or replace bad bytes with U+FFFD (--invalid-utf8 replace)"
    }
}
