/// Escaping for text and attribute values that go into HTML: the five characters that can end a
/// text run or an attribute, or start markup (`&`, `<`, `>`, `"`, `'`).
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
    public static func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        appendEscaped(text.utf8, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `bytes` (UTF-8) to `output` with the five characters escaped.
    static func appendEscaped(_ bytes: some Sequence<UInt8>, to output: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
            default: output.append(byte)
            }
        }
    }
}
