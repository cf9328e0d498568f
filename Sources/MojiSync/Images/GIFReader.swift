/// Reads GIF87a and GIF89a headers and counts frames by walking every block to the trailer.
///
/// ```
/// GIF89a | width(2, LE) height(2) flags(1) bg(1) aspect(1) | global colour table?
///   21 label  sub-blocks… 00          extension (graphic control, comment, application)
///   2C left(2) top(2) w(2) h(2) flags | local colour table? | lzw-size(1) sub-blocks… 00   one frame
///   3B                                trailer
/// sub-block: size(1) data(size), a size of 0 ends the run
/// ```
enum GIFReader {
    static func inspect(_ reader: ByteReader, limits: ImageLimits) throws(ImageError) -> ImageInfo {
        guard let width = reader.u16LE(at: 6), let height = reader.u16LE(at: 8), let flags = reader.u8(at: 10),
            reader.has(13, at: 0)
        else { throw .truncated(.gif) }
        try limits.checkSize(width: width, height: height, of: .gif)
        var offset = 13 + colorTableSize(flags)
        var frames = 0
        while true {
            guard let introducer = reader.u8(at: offset) else { throw .truncated(.gif) }
            switch introducer {
            case 0x3B:
                guard frames > 0 else { throw .malformed(.gif, reason: "it has no image") }
                return ImageInfo(format: .gif, width: width, height: height, frameCount: frames)
            case 0x21:
                guard reader.has(2, at: offset) else { throw .truncated(.gif) }
                offset = try skipSubBlocks(reader, from: offset + 2)
            case 0x2C:
                guard let frameWidth = reader.u16LE(at: offset + 5), let frameHeight = reader.u16LE(at: offset + 7),
                    let frameFlags = reader.u8(at: offset + 9)
                else { throw .truncated(.gif) }
                // A frame may be larger than the logical screen; a decoder allocates for it all the same.
                // Empty frames are tolerated: some encoders write 0 × 0 frames to pad a delay.
                if frameWidth > 0 && frameHeight > 0 {
                    try limits.checkSize(width: frameWidth, height: frameHeight, of: .gif)
                }
                // The descriptor (10 bytes), its colour table, then the LZW minimum code size.
                offset += 10 + colorTableSize(frameFlags)
                guard reader.has(1, at: offset) else { throw .truncated(.gif) }
                offset = try skipSubBlocks(reader, from: offset + 1)
                frames += 1
            default:
                let hex = String(introducer, radix: 16, uppercase: true)
                throw .malformed(.gif, reason: "byte 0x\(hex) at offset \(offset) starts no block")
            }
        }
    }

    /// The bytes of the colour table that the flags announce: 3 × 2^(n+1) when the high bit is set.
    private static func colorTableSize(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset just past a run of sub-blocks and its terminating zero-size block. Each step
    /// advances at least one byte, so zero-size blocks cannot make it loop.
    private static func skipSubBlocks(_ reader: ByteReader, from start: Int) throws(ImageError) -> Int {
        var offset = start
        while true {
            guard let size = reader.u8(at: offset) else { throw .truncated(.gif) }
            offset += 1
            if size == 0 { return offset }
            guard reader.has(Int(size), at: offset) else { throw .truncated(.gif) }
            offset += Int(size)
        }
    }
}
