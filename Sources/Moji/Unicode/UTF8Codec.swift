/// Strict UTF-8 decoding of one scalar at a time, straight from bytes (Unicode Table 3-7).
enum UTF8Decoding {
    /// The value returned for an ill-formed sequence.
    static let invalid: UInt32 = 0xFFFF_FFFF

    /// The UTF-8 bytes of U+FFFD, written in place of ill-formed input.
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The scalar starting at `i` and its length in bytes. For ill-formed input, ``invalid`` and
    /// the length of the maximal subpart, the bytes one U+FFFD replaces (as `String(decoding:as:)` does).
    @inline(__always)
    static func scalar(at i: Int, in p: UnsafePointer<UInt8>, count n: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(p[i])
        if lead < 0x80 { return (lead, 1) }
        let need: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: need = 1; value = lead & 0x1F
        case 0xE0: need = 2; lower = 0xA0; value = lead & 0x0F
        case 0xE1...0xEC, 0xEE...0xEF: need = 2; value = lead & 0x0F
        case 0xED: need = 2; upper = 0x9F; value = lead & 0x0F
        case 0xF0: need = 3; lower = 0x90; value = lead & 0x07
        case 0xF1...0xF3: need = 3; value = lead & 0x07
        case 0xF4: need = 3; upper = 0x8F; value = lead & 0x07
        default: return (invalid, 1)
        }
        var j = 1
        while j <= need {
            guard i + j < n else { return (invalid, j) }
            let byte = p[i + j]
            guard byte >= lower && byte <= upper else { return (invalid, j) }
            value = value << 6 | UInt32(byte & 0x3F)
            lower = 0x80
            upper = 0xBF
            j += 1
        }
        return (value, need + 1)
    }
}
