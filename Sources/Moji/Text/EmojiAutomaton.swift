import Foundation

/// The matching machinery behind ``EmojiScanner``: the catalog trie, the emoji properties and the
/// fully-qualified bytes of every entry, and the longest-match step over UTF-8 bytes.
///
/// A match is the longest catalog sequence at a position (U+FE0F optional after every scalar), or,
/// when longer, a sequence that is valid by the UTS #51 grammar but not in the catalog
/// (non-RGI ZWJ sequences, unknown flags and tag sequences, tone on a non-RGI base).
final class EmojiAutomaton: Sendable {
    let storage: CatalogStorage
    let trie: SequenceTrie
    /// Emoji property flags (``EmojiProperties/Property`` bits) plus ``mayStart``.
    let flags: ScalarTable<UInt8>
    /// The fully-qualified UTF-8 bytes of each catalog entry, concatenated, and their offsets.
    let qualifiedBytes: [UInt8]
    let qualifiedOffsets: [Int32]

    static let mayStart: UInt8 = 1 << 6
    static let emoji = EmojiProperties.Property.emoji.rawValue
    static let presentation = EmojiProperties.Property.emojiPresentation.rawValue
    static let modifier = EmojiProperties.Property.emojiModifier.rawValue
    static let modifierBase = EmojiProperties.Property.emojiModifierBase.rawValue

    /// Bytes scanned at most past a match's start; streams keep this much unprocessed between chunks.
    static let maximumMatchLength = 200
    static let maximumZWJElements = 16
    static let maximumTagCharacters = 32

    init(storage: CatalogStorage, properties: EmojiProperties) {
        self.storage = storage
        trie = SequenceTrie(Array(storage.characters))
        var flags = properties.flags
        for (scalar, value) in flags where value & Self.emoji != 0 { flags[scalar] = value | Self.mayStart }
        for character in storage.characters {
            let first = character.unicodeScalars.first!.value
            flags[first, default: 0] |= Self.mayStart
        }
        for value in UInt32(0x1F1E6)...0x1F1FF { flags[value, default: 0] |= Self.mayStart }
        self.flags = ScalarTable(flags)
        var bytes: [UInt8] = []
        var offsets: [Int32] = [0]
        for character in storage.characters {
            bytes.append(contentsOf: character.utf8)
            offsets.append(Int32(bytes.count))
        }
        qualifiedBytes = bytes
        qualifiedOffsets = offsets
    }

    /// What the scanner found next.
    enum Event {
        /// An emoji from `start` to `end` (byte offsets); `index` is the catalog entry, -1 for a non-RGI sequence.
        case match(start: Int, end: Int, index: Int32, qualification: EmojiQualification)
        /// Ill-formed UTF-8.
        case invalid(start: Int, end: Int)
        /// No match starts before the limit; scanning stopped at this offset.
        case end(Int)
    }

    /// The next match or ill-formed sequence starting at or after `from` and before `limit`.
    /// Matches may extend past `limit` up to `count`.
    @inline(__always)
    func next(in p: UnsafePointer<UInt8>, count n: Int, from: Int, limit: Int, rule: TextPresentationRule) -> Event {
        var i = from
        while i < limit {
            let byte = p[i]
            if byte < 0x80 {
                // Only keycap bases (#, *, 0-9) can start an emoji among ASCII.
                if byte == 0x23 || byte == 0x2A || (byte >= 0x30 && byte <= 0x39),
                    let found = match(at: i, first: UInt32(byte), length: 1, in: p, count: n, rule: rule)
                {
                    return found
                }
                i += 1
                continue
            }
            let (value, length) = UTF8Codec.scalar(at: i, in: p, count: n)
            if value == UTF8Codec.invalid { return .invalid(start: i, end: i + length) }
            if flags[value] & Self.mayStart != 0,
                let found = match(at: i, first: value, length: length, in: p, count: n, rule: rule)
            {
                return found
            }
            i += length
        }
        return .end(i)
    }

    @inline(__always)
    private func isSelector(_ p: UnsafePointer<UInt8>, _ position: Int, _ n: Int, _ last: UInt8) -> Bool {
        position + 3 <= n && p[position] == 0xEF && p[position + 1] == 0xB8 && p[position + 2] == last
    }

    /// The match starting at `start` with first scalar `first`, or nil.
    private func match(
        at start: Int, first: UInt32, length: Int, in p: UnsafePointer<UInt8>, count n: Int,
        rule: TextPresentationRule
    ) -> Event? {
        var bestEnd = -1
        var bestIndex: Int32 = -1
        var bestScalars = 0
        var firstHasSelector = false
        var node = trie.child(of: 0, first)
        var position = start + length
        var scalars = 1
        while node != 0 {
            var selected = false
            if isSelector(p, position, n, 0x8F) {
                if scalars == 1 { firstHasSelector = true }
                position += 3
                selected = true
            }
            if isSelector(p, position, n, 0x8E) {
                // U+FE0E after one bare character makes it text; after anything longer it ends the
                // sequence and belongs to it (see TextPresentationRule).
                if scalars > 1 || selected, trie.terminal[Int(node)] >= 0 {
                    bestEnd = position + 3
                    bestIndex = trie.terminal[Int(node)]
                    bestScalars = scalars
                }
                break
            }
            let index = trie.terminal[Int(node)]
            if index >= 0 {
                bestEnd = position
                bestIndex = index
                bestScalars = scalars
            }
            guard position < n, trie.edgeCount[Int(node)] > 0 else { break }
            let (value, valueLength) = UTF8Codec.scalar(at: position, in: p, count: n)
            guard value != UTF8Codec.invalid else { break }
            node = trie.child(of: node, value)
            position += valueLength
            scalars += 1
        }
        // A lone text-default character is text unless qualified (see TextPresentationRule).
        if bestEnd >= 0 && bestScalars == 1 && !firstHasSelector && flags[first] & Self.presentation == 0
            && (rule == .requireEmojiPresentation || first < 0x80)
        {
            bestEnd = -1
        }
        if bestEnd < 0 || extends(at: bestEnd, in: p, count: n) {
            if let sequence = grammarMatch(at: start, in: p, count: n, rule: rule), sequence.end > bestEnd {
                return .match(start: start, end: sequence.end, index: -1, qualification: sequence.qualification)
            }
        }
        guard bestEnd >= 0 else { return nil }
        return .match(
            start: start, end: bestEnd, index: bestIndex,
            qualification: qualification(of: bestIndex, start: start, end: bestEnd, in: p, first: first))
    }

    /// Whether the scalar at `position` could continue a sequence the catalog lacks
    /// (ZWJ, a skin tone, a tag, a keycap mark, a regional indicator).
    @inline(__always)
    private func extends(at position: Int, in p: UnsafePointer<UInt8>, count n: Int) -> Bool {
        guard position < n, p[position] >= 0xE2 else { return false }
        let (value, _) = UTF8Codec.scalar(at: position, in: p, count: n)
        return value == 0x200D || value == 0x20E3 || (0x1F3FB...0x1F3FF).contains(value)
            || (0xE0020...0xE007F).contains(value) || (0x1F1E6...0x1F1FF).contains(value)
    }

    /// How the matched bytes compare with the catalog's fully-qualified form (UTS #51 ED-18, ED-18a, ED-19).
    private func qualification(of index: Int32, start: Int, end: Int, in p: UnsafePointer<UInt8>, first: UInt32)
        -> EmojiQualification
    {
        if storage.isComponent[Int(index)] { return .component }
        let qualifiedStart = Int(qualifiedOffsets[Int(index)])
        let qualifiedEnd = Int(qualifiedOffsets[Int(index) + 1])
        if qualifiedEnd - qualifiedStart == end - start
            && qualifiedBytes.withUnsafeBufferPointer({
                memcmp($0.baseAddress! + qualifiedStart, p + start, end - start) == 0
            })
        {
            return .fullyQualified
        }
        // Walk both forms scalar by scalar: every U+FE0F of the qualified form must be in the text.
        var missing = false
        var firstQualified = flags[first] & Self.presentation != 0
        var q = qualifiedStart
        var t = start
        var ordinal = 0
        qualifiedBytes.withUnsafeBufferPointer { buffer in
            let qualified = buffer.baseAddress!
            while q < qualifiedEnd && t < end {
                let (value, length) = UTF8Codec.scalar(at: q, in: qualified, count: qualifiedEnd)
                let (_, textLength) = UTF8Codec.scalar(at: t, in: p, count: end)
                q += length
                t += textLength
                ordinal += 1
                let wants = isSelector(qualified, q, qualifiedEnd, 0x8F)
                let has = isSelector(p, t, end, 0x8F)
                if wants { q += 3 }
                if has { t += 3 }
                if ordinal == 1 {
                    if has { firstQualified = true }
                    if t < end, flags[value] & Self.modifierBase != 0 {
                        let (next, _) = UTF8Codec.scalar(at: t, in: p, count: end)
                        if flags[next] & Self.modifier != 0 { firstQualified = true }
                    }
                }
                if wants && !has { missing = true }
            }
        }
        if !missing { return .fullyQualified }
        return firstQualified ? .minimallyQualified : .unqualified
    }

    /// The longest possible emoji sequence at `start` by the UTS #51 grammar (ED-17, ED-15a), with its qualification.
    private func grammarMatch(
        at start: Int, in p: UnsafePointer<UInt8>, count n: Int,
        rule: TextPresentationRule
    ) -> (end: Int, qualification: EmojiQualification)? {
        // Capped, so a stream never has to hold back more than UTF8StreamFilterLimits.holdback bytes.
        let cap = start + Self.maximumMatchLength
        // A single character followed by U+FE0E is text.
        guard let first = element(at: start, in: p, count: n, cap: cap), !first.endsWithTextSelector else {
            return nil
        }
        var end = first.end
        var elements = 1
        var allQualified = first.qualified
        while elements < Self.maximumZWJElements,
            end + 3 <= n, p[end] == 0xE2, p[end + 1] == 0x80, p[end + 2] == 0x8D,
            end + 3 < n, let next = element(at: end + 3, in: p, count: n, cap: cap)
        {
            end = next.end
            elements += 1
            allQualified = allQualified && next.qualified
            if next.endsWithTextSelector { break }
        }
        if elements == 1 && !first.qualified && (rule == .requireEmojiPresentation || p[start] < 0x80) { return nil }
        // U+FE0E after a sequence of two or more code points belongs to it (see TextPresentationRule).
        if isSelector(p, end, n, 0x8E), end + 3 <= cap, elements > 1 || end - start > Self.scalarLength(p[start]) {
            end += 3
        }
        let qualification: EmojiQualification =
            allQualified ? .fullyQualified : first.qualified ? .minimallyQualified : .unqualified
        return (end, qualification)
    }

    /// The UTF-8 length of the scalar that starts with `lead`.
    @inline(__always)
    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// One ZWJ element of the UTS #51 grammar, as found by ``element(at:in:count:cap:)``.
    private struct Element {
        /// Where the element ends (before a U+FE0E that follows a bare character).
        var end: Int
        /// Whether it is shown as emoji by itself: U+FE0F, a tone, a flag, a keycap, a tag
        /// sequence, or a character with emoji presentation.
        var qualified: Bool
        /// A bare character followed by U+FE0E: text when alone; it ends a ZWJ sequence.
        var endsWithTextSelector = false
    }

    /// One ZWJ element: a flag, a keycap, a tag sequence, a character with a tone or U+FE0F, or a bare emoji character.
    private func element(at start: Int, in p: UnsafePointer<UInt8>, count n: Int, cap: Int) -> Element? {
        guard let found = unboundedElement(at: start, in: p, count: n), found.end <= cap else { return nil }
        return found
    }

    private func unboundedElement(at start: Int, in p: UnsafePointer<UInt8>, count n: Int) -> Element? {
        let (value, length) = UTF8Codec.scalar(at: start, in: p, count: n)
        guard value != UTF8Codec.invalid else { return nil }
        var position = start + length
        switch value {
        case 0x1F1E6...0x1F1FF:
            guard position < n else { return nil }
            let (second, secondLength) = UTF8Codec.scalar(at: position, in: p, count: n)
            guard (0x1F1E6...0x1F1FF).contains(second) else { return nil }
            return Element(end: position + secondLength, qualified: true)
        case 0x23, 0x2A, 0x30...0x39:
            let selected = isSelector(p, position, n, 0x8F)
            if selected { position += 3 }
            guard position + 3 <= n, p[position] == 0xE2, p[position + 1] == 0x83, p[position + 2] == 0xA3 else {
                return nil
            }
            return Element(end: position + 3, qualified: selected)
        default:
            break
        }
        let properties = flags[value]
        guard properties & Self.emoji != 0, properties & Self.modifier == 0 else { return nil }
        if value == 0x1F3F4, position < n {
            var tags = 0
            var tagPosition = position
            while tags <= Self.maximumTagCharacters, tagPosition < n {
                let (tag, tagLength) = UTF8Codec.scalar(at: tagPosition, in: p, count: n)
                if tag == 0xE007F && tags > 0 { return Element(end: tagPosition + tagLength, qualified: true) }
                guard (0xE0020...0xE007E).contains(tag) else { break }
                tags += 1
                tagPosition += tagLength
            }
        }
        if position < n {
            let (next, nextLength) = UTF8Codec.scalar(at: position, in: p, count: n)
            if next == 0xFE0F { return Element(end: position + nextLength, qualified: true) }
            if next == 0xFE0E {
                return Element(
                    end: position, qualified: properties & Self.presentation != 0, endsWithTextSelector: true)
            }
            if properties & Self.modifierBase != 0 && flags[next] & Self.modifier != 0 {
                return Element(end: position + nextLength, qualified: true)
            }
        }
        return Element(end: position, qualified: properties & Self.presentation != 0)
    }
}
