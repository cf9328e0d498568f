/// The parameters of a query string, decoded strictly: `+` is a space, `%XX` a byte, and the bytes
/// must be UTF-8. A malformed escape, invalid UTF-8, an unknown or a repeated name is a problem
/// (400) instead of a guess, so a client's mistake is reported where it is made.
struct QueryParameters {
    private var values: [String: String] = [:]

    /// Parses `query` (without the `?`), accepting only `allowed` names.
    init(_ query: String?, allowed: Set<String>) throws(ProblemDetails) {
        guard let query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try PercentDecoding.decode(parts[0], plusIsSpace: true, what: "a parameter name")
            let value =
                parts.count > 1
                ? try PercentDecoding.decode(parts[1], plusIsSpace: true, what: "parameter \(name)") : ""
            guard allowed.contains(name) else {
                throw .badParameter(
                    String(name.prefix(40)),
                    "unknown parameter. This route takes: \(allowed.sorted().joined(separator: ", ")).")
            }
            guard values[name] == nil else { throw .badParameter(name, "given more than once.") }
            values[name] = value
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// A whole number from `range`, or `defaultValue` when the parameter is absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(ProblemDetails) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard text.utf8.count <= 12, let number = Int(text), range.contains(number) else {
            throw .badParameter(
                name,
                "must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.prefix(40))'.")
        }
        return number
    }

    /// `true` for `true`, `1` or an empty value (`?tones`), `false` for `false` or `0`.
    func flag(_ name: String) throws(ProblemDetails) -> Bool {
        switch values[name] {
        case nil, "false", "0": return false
        case "", "true", "1": return true
        case let text?: throw .badParameter(name, "must be true or false, not '\(text.prefix(40))'.")
        }
    }
}

/// Decodes `%XX` escapes in a URL's path or query into UTF-8 text, refusing what is not.
enum PercentDecoding {
    static func decode(_ text: Substring, plusIsSpace: Bool, what: String) throws(ProblemDetails) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badParameter(what, "a '%' must be followed by two hexadecimal digits.")
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        // Decoding repairs invalid UTF-8 with U+FFFD, so a decoded text that does not re-encode to
        // the same bytes was not UTF-8.
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else {
            throw .badParameter(what, "is not UTF-8 once its %-escapes are decoded.")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
