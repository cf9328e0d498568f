/// Removes or replaces emoji in a UTF-8 stream, chunk by chunk: the streaming form of
/// ``EmojiScanner/replace(in:with:)`` and ``EmojiScanner/strip(_:)``.
///
/// ```swift
/// var stripper = EmojiReplacer { _ in "" }
/// let clean = try stripper.process(bytes)
/// ```
public struct EmojiReplacer: UTF8StreamFilter {
    /// The scanner that finds the emoji.
    public var scanner: EmojiScanner
    /// What to do with ill-formed UTF-8.
    public var invalidUTF8: InvalidUTF8Handling
    private let replacement: (EmojiMatch) -> String?
    private var offset = 0

    /// A filter writing `replacement(match)` in place of each emoji (nil keeps it); match ranges
    /// count from the start of the stream.
    public init(
        scanner: EmojiScanner = .shared, invalidUTF8: InvalidUTF8Handling = .replace,
        replacement: @escaping (EmojiMatch) -> String?
    ) {
        self.scanner = scanner
        self.invalidUTF8 = invalidUTF8
        self.replacement = replacement
    }

    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8])
        throws(InvalidUTF8Error) -> Int
    {
        guard let p = chunk.baseAddress else { return 0 }
        let writer = VerbatimWriter(invalidUTF8: invalidUTF8, isValidated: false, base: offset)
        var copied = 0
        var position = 0
        let limit = Self.limit(of: chunk, isFinal: isFinal)
        while true {
            switch scanner.automaton.next(
                in: p, count: chunk.count, from: position, limit: limit, rule: scanner.textPresentation)
            {
            case .match(let start, let end, let index, let qualification):
                position = end
                let match = EmojiMatch(
                    utf8Range: (offset + start)..<(offset + end), emoji: scanner.emoji(at: index),
                    qualification: qualification)
                guard let new = replacement(match) else { continue }
                try writer.append(p, copied..<start, count: chunk.count, to: &output)
                output.append(contentsOf: new.utf8)
                copied = end
            case .invalid(_, let end):
                position = end
            case .end(let end):
                try writer.append(p, copied..<end, count: chunk.count, to: &output)
                offset += end
                return end
            }
        }
    }
}

/// Finds emoji in a UTF-8 stream, chunk by chunk, writing nothing: the streaming form of
/// ``EmojiScanner/matches(inUTF8:invalidUTF8:)``. Match ranges count from the start of the stream.
public struct EmojiFinder: UTF8StreamFilter {
    /// The scanner that finds the emoji.
    public var scanner: EmojiScanner
    /// What to do with ill-formed UTF-8: skip it, or stop with its offset.
    public var invalidUTF8: InvalidUTF8Handling
    private let onMatch: (_ match: EmojiMatch, _ written: String) -> Void
    private var offset = 0

    /// A finder calling `onMatch` with each emoji, in order, and its text as written.
    public init(
        scanner: EmojiScanner = .shared, invalidUTF8: InvalidUTF8Handling = .replace,
        onMatch: @escaping (_ match: EmojiMatch, _ written: String) -> Void
    ) {
        self.scanner = scanner
        self.invalidUTF8 = invalidUTF8
        self.onMatch = onMatch
    }

    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8])
        throws(InvalidUTF8Error) -> Int
    {
        guard let p = chunk.baseAddress else { return 0 }
        var position = 0
        let limit = Self.limit(of: chunk, isFinal: isFinal)
        while true {
            switch scanner.automaton.next(
                in: p, count: chunk.count, from: position, limit: limit, rule: scanner.textPresentation)
            {
            case .match(let start, let end, let index, let qualification):
                position = end
                onMatch(
                    EmojiMatch(
                        utf8Range: (offset + start)..<(offset + end), emoji: scanner.emoji(at: index),
                        qualification: qualification),
                    String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self))
            case .invalid(let start, let end):
                if invalidUTF8 == .report { throw InvalidUTF8Error(offset: offset + start) }
                position = end
            case .end(let end):
                offset += end
                return end
            }
        }
    }
}
