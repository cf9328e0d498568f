import Foundation
import MojiRepresentations

/// Writes a search answer's JSON by hand, byte for byte what `APIResponse.encode` (Foundation's
/// `JSONEncoder`, sorted keys, slashes unescaped) writes for the same summaries, so answers and
/// their ETags do not change. An uncached `/v1/search` spent more time in `JSONEncoder` (its
/// reflection and key sorting) than in the search itself; the tests compare both writers over the
/// benchmark queries and over strings with every character JSON escapes.
enum SearchAnswerEncoding {
    /// `summaries` as a JSON array.
    static func encode(_ summaries: [SearchResultSummary]) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 + summaries.count * 96)
        out.append(UInt8(ascii: "["))
        for (index, summary) in summaries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            write(summary, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        return Data(out)
    }

    /// One summary, its keys in `JSONEncoder`'s sorted order, absent optionals left out as the
    /// synthesized `Encodable` leaves them.
    private static func write(_ summary: SearchResultSummary, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        member("code", summary.code, &first, &out)
        member("emoji", summary.emoji, &first, &out)
        member("hexcode", summary.hexcode, &first, &out)
        member("image", summary.image, &first, &out)
        if let matches = summary.matches {
            key("matches", &first, &out)
            out.append(UInt8(ascii: "["))
            for (index, match) in matches.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "{"))
                var firstOfMatch = true
                member("field", match.field, &firstOfMatch, &out)
                member("locale", match.locale, &firstOfMatch, &out)
                key("matched", &firstOfMatch, &out)
                out.append(UInt8(ascii: "["))
                for (position, part) in match.matched.enumerated() {
                    if position > 0 { out.append(UInt8(ascii: ",")) }
                    appendString(part, to: &out)
                }
                out.append(UInt8(ascii: "]"))
                member("text", match.text, &firstOfMatch, &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        member("name", summary.name, &first, &out)
        member("relevance", summary.relevance, &first, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `"name":`, after a comma unless it is the object's first member.
    private static func key(_ name: StaticString, _ first: inout Bool, _ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        out.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    /// `"name":"value"`, or nothing for nil.
    private static func member(_ name: StaticString, _ value: String?, _ first: inout Bool, _ out: inout [UInt8]) {
        guard let value else { return }
        key(name, &first, &out)
        appendString(value, to: &out)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string, escaped as `JSONEncoder` escapes it: `"` and `\`, the short forms
    /// of backspace, form feed, line feed, carriage return and tab, other control characters as
    /// `\u00xx`; everything else, slashes included, as UTF-8.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                out.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hexDigits[Int(byte >> 4)],
                    hexDigits[Int(byte & 0x0F)],
                ])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
