/// Reads JPEG headers: walks the markers from `SOI` to `EOI`, taking the size from the first
/// frame header (`SOFn`) and skipping each scan's entropy-coded data.
///
/// ```
/// FF D8 | FF xx length(2, BE, counts itself) payload | … | FF DA header | entropy data | … | FF D9
///   SOFn payload: precision(1) height(2) width(2) components(1) …
///   fill: any number of FF before a marker; standalone (no length): 01, D0–D7
///   in entropy data: FF 00 is a data byte, FF D0–D7 a restart, anything else the next marker
/// ```
enum JPEGReader {
    static func inspect(_ reader: ByteReader, limits: ImageLimits) throws(ImageError) -> ImageInfo {
        guard reader.matches([0xFF, 0xD8], at: 0) else { throw .truncated(.jpeg) }
        var offset = 2
        var size: (width: Int, height: Int)?
        while true {
            // libjpeg skips stray bytes before a marker with a warning; so does this.
            while let byte = reader.u8(at: offset), byte != 0xFF { offset += 1 }
            // Fill bytes: any run of FF before the marker code.
            while reader.u8(at: offset) == 0xFF { offset += 1 }
            guard let marker = reader.u8(at: offset) else { throw .truncated(.jpeg) }
            offset += 1
            switch marker {
            case 0xD9:
                guard let size else { throw .malformed(.jpeg, reason: "it ends before a frame header (SOF)") }
                return ImageInfo(format: .jpeg, width: size.width, height: size.height, frameCount: 1)
            case 0x00, 0x01, 0xD0...0xD7:
                continue  // A stuffed zero outside a scan, TEM or a restart: no length follows.
            case 0xD8:
                throw .malformed(.jpeg, reason: "a second start of image (SOI) at offset \(offset - 2)")
            default:
                break
            }
            guard let length = reader.u16BE(at: offset) else { throw .truncated(.jpeg) }
            guard length >= 2 else {
                throw .malformed(.jpeg, reason: "a segment length of \(length) at offset \(offset)")
            }
            guard reader.has(length, at: offset) else { throw .truncated(.jpeg) }
            if isFrameHeader(marker), size == nil {
                guard length >= 8, let height = reader.u16BE(at: offset + 3), let width = reader.u16BE(at: offset + 5)
                else { throw .malformed(.jpeg, reason: "the frame header is \(length) bytes") }
                // A height of 0 defers it to a DNL marker after the first scan, which browsers do not support.
                try limits.checkSize(width: width, height: height, of: .jpeg)
                size = (width, height)
            }
            offset += length
            if marker == 0xDA {
                guard size != nil else { throw .malformed(.jpeg, reason: "a scan (SOS) comes before the frame header") }
                offset = try endOfEntropyData(reader, from: offset)
            }
        }
    }

    /// SOF0–SOF3, SOF5–SOF7, SOF9–SOF11 and SOF13–SOF15; C4 (DHT), C8 (JPG) and CC (DAC) share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }

    /// The offset of the FF that starts the first marker after a scan's entropy-coded data.
    private static func endOfEntropyData(_ reader: ByteReader, from start: Int) throws(ImageError) -> Int {
        var offset = start
        while let byte = reader.u8(at: offset) {
            guard byte == 0xFF else {
                offset += 1
                continue
            }
            guard let next = reader.u8(at: offset + 1) else { break }
            switch next {
            case 0x00, 0xD0...0xD7: offset += 2
            case 0xFF: offset += 1
            default: return offset
            }
        }
        throw .truncated(.jpeg)
    }
}
