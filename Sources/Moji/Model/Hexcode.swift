/// Converts between emoji strings and their code points written in hex (`1F44D-1F3FB`).
package enum Hexcode {
    /// The code points of `string` as uppercase hex joined by `separator`: `"👍🏻"` → `"1F44D-1F3FB"`.
    package static func from(_ string: String, separator: String = "-") -> String {
        string.unicodeScalars.map { String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
            .joined(separator: separator)
    }

    /// The string for hex code points separated by spaces, dashes, commas or underscores,
    /// each optionally written `U+1F44D`; nil when a part is not a valid scalar.
    package static func string(from hexcode: String) -> String? {
        let parts = hexcode.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "," || $0 == "_" })
        guard !parts.isEmpty else { return nil }
        var scalars = String.UnicodeScalarView()
        for part in parts {
            var digits = part
            if digits.hasPrefix("U+") || digits.hasPrefix("u+") { digits = digits.dropFirst(2) }
            guard (1...6).contains(digits.count), let value = UInt32(digits, radix: 16),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
