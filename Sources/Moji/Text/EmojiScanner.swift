import Foundation
import Logging

/// Finds emoji in text: every RGI emoji in any qualification (fully-, minimally- or unqualified),
/// components, and valid non-RGI sequences, each at its longest.
///
/// ```swift
/// let scanner = EmojiScanner.shared
/// scanner.matches(in: "Hi 👋🏽 ©️ © 🇦🇦").map(\.isRGI)   // [true, true, false]: © alone is text
/// scanner.count(in: "🧑‍🤝‍🧑 #️⃣")                           // 2
/// try scanner.matches(inUTF8: buffer, invalidUTF8: .report)
/// ```
///
/// The scanner works on UTF-8 bytes without decoding the text into characters: ASCII is skipped
/// byte by byte, and a candidate follows a trie of every catalog sequence. See
/// ``TextPresentationRule`` for when `©` or `❤` without U+FE0F counts.
public struct EmojiScanner: Sendable {
    let automaton: EmojiAutomaton
    /// When a text-default character without U+FE0F counts as an emoji.
    public var textPresentation: TextPresentationRule

    /// The scanner for ``EmojiCatalog/shared``. When that is an installed update whose emoji
    /// properties cannot be read (damaged after it was installed), the bundled catalog's scanner,
    /// with a warning on swift-log's `moji.catalog` logger; like ``EmojiCatalog/bundled``, it stops the process only
    /// when the bundled files cannot be read (a broken installation).
    public static let shared: EmojiScanner = {
        if let scanner = try? EmojiScanner(catalog: .shared) { return scanner }
        // An installed catalog came from the network: its failure must not stop the process.
        Logger(label: "moji.catalog").warning(
            "moji: the catalog in use has unreadable emoji properties; scanning with the bundled catalog")
        do {
            return try EmojiScanner(catalog: .bundled)
        } catch {
            // Only the package's own files reach here, never a user's, a server's or the network's:
            // they ship with Moji and tests read all of them, so failing means a broken installation.
            fatalError("Moji's bundled catalog cannot be read (a broken installation; reinstall the package): \(error)")
        }
    }()

    /// A scanner for `catalog`, reading its emoji properties (once per catalog).
    ///
    /// - Throws: ``CatalogError`` naming the catalog's `properties.txt` when it is missing or damaged.
    public init(
        catalog: EmojiCatalog,
        textPresentation: TextPresentationRule = .requireEmojiPresentation
    ) throws(CatalogError) {
        let properties = try catalog.storage.emojiProperties()
        self.init(
            automaton: EmojiAutomaton(storage: catalog.storage, properties: properties),
            textPresentation: textPresentation)
    }

    init(automaton: EmojiAutomaton, textPresentation: TextPresentationRule) {
        self.automaton = automaton
        self.textPresentation = textPresentation
    }

    /// This scanner with another text-presentation rule.
    public func withTextPresentation(_ rule: TextPresentationRule) -> EmojiScanner {
        EmojiScanner(automaton: automaton, textPresentation: rule)
    }

    func emoji(at index: Int32) -> Emoji? {
        index >= 0 ? Emoji(storage: automaton.storage, index: Int(index)) : nil
    }

    // MARK: Strings

    /// Calls `body` with each match in `text`, in order.
    public func forEachMatch(in text: String, _ body: (EmojiMatch) throws -> Void) rethrows {
        try Self.withUTF8(text) { buffer in
            try scan(buffer, from: 0, limit: buffer.count) { event in
                if case .match(let start, let end, let index, let qualification) = event {
                    try body(EmojiMatch(utf8Range: start..<end, emoji: emoji(at: index), qualification: qualification))
                }
            }
        }
    }

    /// Every emoji in `text`, in order.
    public func matches(in text: String) -> [EmojiMatch] {
        var found: [EmojiMatch] = []
        forEachMatch(in: text) { found.append($0) }
        return found
    }

    /// How many emoji `text` holds.
    public func count(in text: String) -> Int {
        var total = 0
        Self.withUTF8(text) { buffer in
            scan(buffer, from: 0, limit: buffer.count) { event in
                if case .match = event { total += 1 }
            }
        }
        return total
    }

    /// Whether `text` holds at least one emoji.
    public func containsEmoji(_ text: String) -> Bool {
        Self.withUTF8(text) { buffer in
            guard let base = buffer.baseAddress else { return false }
            var position = 0
            while position < buffer.count {
                switch automaton.next(
                    in: base, count: buffer.count, from: position, limit: buffer.count, rule: textPresentation)
                {
                case .match: return true
                case .invalid(_, let end): position = end
                case .end: return false
                }
            }
            return false
        }
    }

    /// Whether `text` is nothing but emoji and whitespace, with at least one and at most `maxCount`
    /// emoji: the "jumbo emoji" test chat apps use to show a short emoji-only message large.
    public func isEmojiOnly(_ text: String, maxCount: Int = .max) -> Bool {
        var total = 0
        var previousEnd = 0
        var onlyEmoji = true
        forEachMatch(in: text) { match in
            guard onlyEmoji else { return }
            if !Self.isWhitespace(text.utf8, previousEnd..<match.utf8Range.lowerBound) { onlyEmoji = false }
            previousEnd = match.utf8Range.upperBound
            total += 1
        }
        guard onlyEmoji, total > 0, total <= maxCount else { return false }
        return Self.isWhitespace(text.utf8, previousEnd..<text.utf8.count)
    }

    private static func isWhitespace(_ utf8: String.UTF8View, _ offsets: Range<Int>) -> Bool {
        guard !offsets.isEmpty else { return true }
        let lower = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        let upper = utf8.index(lower, offsetBy: offsets.count)
        return Substring(utf8[lower..<upper]).allSatisfy(\.isWhitespace)
    }

    /// `text` with every emoji removed.
    public func strip(_ text: String) -> String {
        replace(in: text) { _ in "" }
    }

    /// `text` with each emoji replaced by what `replacement` returns for it (nil keeps it).
    ///
    /// ```swift
    /// scanner.replace(in: "I ❤️ Swift") { "[\($0.emoji?.name() ?? "emoji")]" }  // "I [red heart] Swift"
    /// ```
    public func replace(in text: String, with replacement: (EmojiMatch) throws -> String?) rethrows -> String {
        try Self.withUTF8(text) { buffer in
            var output: [UInt8] = []
            output.reserveCapacity(buffer.count)
            var copied = 0
            try scan(buffer, from: 0, limit: buffer.count) { event in
                guard case .match(let start, let end, let index, let qualification) = event else { return }
                let match = EmojiMatch(utf8Range: start..<end, emoji: emoji(at: index), qualification: qualification)
                guard let new = try replacement(match) else { return }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<start]))
                output.append(contentsOf: new.utf8)
                copied = end
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied...]))
            return String(decoding: output, as: UTF8.self)
        }
    }

    // MARK: Bytes

    /// Every emoji in UTF-8 `bytes`, with byte ranges. Ill-formed UTF-8 is skipped, or reported
    /// with its offset when `invalidUTF8` is ``InvalidUTF8Handling/report``.
    public func matches(inUTF8 bytes: some Sequence<UInt8>, invalidUTF8: InvalidUTF8Handling = .replace)
        throws(InvalidUTF8Error) -> [EmojiMatch]
    {
        var found: [EmojiMatch] = []
        let result: Result<Void, InvalidUTF8Error> = Self.withContiguousBytes(bytes) { buffer in
            var failure: InvalidUTF8Error?
            scan(buffer, from: 0, limit: buffer.count) { event in
                guard failure == nil else { return }
                switch event {
                case .match(let start, let end, let index, let qualification):
                    found.append(
                        EmojiMatch(utf8Range: start..<end, emoji: emoji(at: index), qualification: qualification))
                case .invalid(let start, _) where invalidUTF8 == .report:
                    failure = InvalidUTF8Error(offset: start)
                default:
                    break
                }
            }
            return failure.map { .failure($0) } ?? .success(())
        }
        try result.get()
        return found
    }

    // MARK: Machinery

    /// Runs the automaton over `buffer` from `from`, reporting matches and ill-formed sequences
    /// that start before `limit`; returns where scanning stopped (≥ `limit`, or the end of a match past it).
    @discardableResult
    func scan(
        _ buffer: UnsafeBufferPointer<UInt8>, from: Int, limit: Int,
        _ body: (EmojiAutomaton.Event) throws -> Void
    ) rethrows -> Int {
        guard let base = buffer.baseAddress else { return from }
        var position = from
        while true {
            let event = automaton.next(
                in: base, count: buffer.count, from: position, limit: limit, rule: textPresentation)
            switch event {
            case .match(_, let end, _, _), .invalid(_, let end):
                try body(event)
                position = end
            case .end(let end):
                return end
            }
        }
    }

    @discardableResult
    static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    static func withContiguousBytes<Result>(
        _ bytes: some Sequence<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        if let result = try bytes.withContiguousStorageIfAvailable(body) { return result }
        return try Array(bytes).withUnsafeBufferPointer(body)
    }
}
