/// Converts between emoji strings and their code points written in hex (`1F44D-1F3FB`).
package enum Hexcode {
    /// The code points of `string` as uppercase hex joined by `separator`: `"👍🏻"` → `"1F44D-1F3FB"`.
    package static func from(_ string: String, separator: String = "-") -> String {
        // Written byte by byte: servers make one per search result, and a String per code point
        // padded and joined cost more than the rest of the result's summary.
        let digits: StaticString = "0123456789ABCDEF"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.unicodeScalars.count * 6)
        for (position, scalar) in string.unicodeScalars.enumerated() {
            if position > 0 { bytes.append(contentsOf: separator.utf8) }
            let value = scalar.value
            var width = 4
            while width < 8, value >> (4 * UInt32(width)) != 0 { width += 1 }
            for shift in stride(from: 4 * (width - 1), through: 0, by: -4) {
                bytes.append(digits.utf8Start[Int((value >> UInt32(shift)) & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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
