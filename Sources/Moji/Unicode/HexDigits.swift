extension Sequence<UInt8> {
    /// The bytes as lowercase hex, two digits each: how Moji writes SHA-256 digests (API token
    /// hashes, catalog file hashes). Built from a table rather than `String(format:)`, which costs
    /// a formatter per byte: a token's hash is taken on every authenticated request.
    package var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
