/// A quick count of a page's tags and of the attributes of its largest tag, read from the bytes
/// before libxml2 parses them.
///
/// libxml2's HTML parser takes time quadratic in the attributes of one element (25,000 took
/// 2.7 s, 100,000 took 36 s), so a page whose shape no forum's smilie list has is refused before
/// parsing. The count errs on the high side (a `<` inside a script counts as a tag), never low.
struct HTMLShape: Sendable, Equatable {
    /// Start tags seen.
    var tags = 0
    /// The most attributes one tag has.
    var mostAttributes = 0

    /// The most attributes one element of a smilie page may have: real pages have fewer than 10.
    static let maximumAttributes = 256
    /// The most tags a smilie page may have: the Something Awful list of 767 smilies has about
    /// 2,500.
    static let maximumTags = 250_000

    /// Counts the tags and attributes of `html`.
    init(of html: UnsafeRawBufferPointer) {
        let bytes = html.bindMemory(to: UInt8.self)
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            index += 1
            guard index < count else { break }
            // A comment runs to `-->`; `<!DOCTYPE`, `</tag>` and `<?…>` are not start tags.
            if bytes[index] == UInt8(ascii: "!") {
                if index + 2 < count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] == UInt8(ascii: "-") {
                    index = Self.end(ofCommentIn: bytes, from: index + 3)
                }
                continue
            }
            guard Self.isLetter(bytes[index]) else { continue }
            tags += 1
            var attributes = 0
            // Past the tag's name: each run of name bytes is an attribute, a quoted value is skipped.
            while index < count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            var inName = false
            while index < count, bytes[index] != UInt8(ascii: ">") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    index += 1
                    while index < count, bytes[index] != byte { index += 1 }
                    inName = false
                } else if Self.isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") {
                    inName = false
                } else if !inName {
                    // A value without quotes follows `=` and counts as no attribute of its own.
                    if index == 0 || bytes[index - 1] != UInt8(ascii: "=") { attributes += 1 }
                    inName = true
                }
                index += 1
            }
            mostAttributes = max(mostAttributes, attributes)
        }
    }

    /// Why a page of this shape is refused, or nil.
    var problem: String? {
        if mostAttributes > Self.maximumAttributes {
            return "an element of the page has \(mostAttributes) attributes, more than the \(Self.maximumAttributes) "
                + "a smilie page may have"
        }
        if tags > Self.maximumTags {
            return "the page has \(tags) tags, more than the \(Self.maximumTags) a smilie page may have"
        }
        return nil
    }

    private static func end(ofCommentIn bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
                bytes[index + 2] == UInt8(ascii: ">")
            {
                return index + 3
            }
            index += 1
        }
        return bytes.count
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
