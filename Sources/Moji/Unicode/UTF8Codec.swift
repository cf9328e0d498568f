/// UTF-8 one scalar at a time, straight from and to bytes, for the code that works on UTF-8
/// buffers rather than `String`s: the text scanner, search folding and the search index.
///
/// Decoding is strict (Unicode Table 3-7): ill-formed input decodes to ``invalid``, never to a
/// wrong scalar.
enum UTF8Codec {
    /// The value returned for an ill-formed sequence.
    static let invalid: UInt32 = 0xFFFF_FFFF

    /// The UTF-8 bytes of U+FFFD, written in place of ill-formed input.
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    // MARK: Decoding

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
        case 0xC2...0xDF:
            need = 1
            value = lead & 0x1F
        case 0xE0:
            need = 2
            lower = 0xA0
            value = lead & 0x0F
        case 0xE1...0xEC, 0xEE...0xEF:
            need = 2
            value = lead & 0x0F
        case 0xED:
            need = 2
            upper = 0x9F
            value = lead & 0x0F
        case 0xF0:
            need = 3
            lower = 0x90
            value = lead & 0x07
        case 0xF1...0xF3:
            need = 3
            value = lead & 0x07
        case 0xF4:
            need = 3
            upper = 0x8F
            value = lead & 0x07
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

    /// Calls `body` with each scalar of `utf8` (``invalid`` for each ill-formed part), at most
    /// `maximumScalars` of them.
    @inline(__always)
    static func forEachScalar(
        in utf8: UnsafeBufferPointer<UInt8>, maximumScalars: Int = .max,
        _ body: (UInt32) -> Void
    ) {
        guard let base = utf8.baseAddress else { return }
        var index = 0
        var seen = 0
        while index < utf8.count && seen < maximumScalars {
            let (value, length) = scalar(at: index, in: base, count: utf8.count)
            body(value)
            index += length
            seen += 1
        }
    }

    /// The scalars of `utf8`, replacing what `scalars` held.
    static func decode(_ utf8: ArraySlice<UInt8>, into scalars: inout [UInt32]) {
        scalars.removeAll(keepingCapacity: true)
        utf8.withUnsafeBufferPointer { utf8 in forEachScalar(in: utf8) { scalars.append($0) } }
    }

    // MARK: Encoding

    /// Appends a scalar value as UTF-8.
    @inline(__always)
    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            bytes.append(UInt8(truncatingIfNeeded: value))
        case 0x80..<0x800:
            bytes.append(UInt8(truncatingIfNeeded: 0xC0 | value >> 6))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(truncatingIfNeeded: 0xE0 | value >> 12))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (value >> 6) & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(truncatingIfNeeded: 0xF0 | value >> 18))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (value >> 12) & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (value >> 6) & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        }
    }

    /// Appends scalar values as UTF-8.
    @inline(__always)
    static func append<Scalars: Sequence<UInt32>>(_ scalars: Scalars, to bytes: inout [UInt8]) {
        for value in scalars { append(value, to: &bytes) }
    }
}
