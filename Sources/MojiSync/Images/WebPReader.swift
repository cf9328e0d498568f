/// Reads WebP headers: the RIFF container, then the first chunk's image or canvas size.
///
/// ```
/// RIFF size(4, LE) WEBP | fourcc(4) size(4, LE) payload(size, padded to even) | …
///   "VP8 " lossy:    frame tag(3, bit 0 = 0 on a key frame) 9D 01 2A width(2) height(2)  (14 bits each)
///   "VP8L" lossless: 2F bits(4, LE): width-1 (14) height-1 (14) alpha (1) version (3, = 0)
///   "VP8X" extended: flags(1, 0x02 = animation) reserved(3) width-1(3) height-1(3); then
///                    ANIM and one ANMF chunk per frame, or the image's VP8/VP8L chunk
/// ```
enum WebPReader {
    static func inspect(_ reader: ByteReader, limits: ImageLimits) throws(ImageError) -> ImageInfo {
        guard reader.has(12, at: 0), let riffSize = reader.u32LE(at: 4) else { throw .truncated(.webp) }
        // The container's own length is authoritative; bytes after it are ignored as browsers do.
        guard let size = Int(exactly: riffSize), size >= 4 else {
            throw .malformed(.webp, reason: "the RIFF container claims \(riffSize) bytes")
        }
        guard reader.has(size, at: 8) else { throw .truncated(.webp) }
        let end = 8 + size
        var chunks = ChunkWalk(reader: reader, offset: 12, end: end)
        guard let first = try chunks.next() else { throw .malformed(.webp, reason: "it has no chunks") }
        switch first.fourCC {
        case "VP8 ":
            let (width, height) = try lossySize(reader, first)
            try limits.checkSize(width: width, height: height, of: .webp)
            return ImageInfo(format: .webp, width: width, height: height, frameCount: 1)
        case "VP8L":
            let (width, height) = try losslessSize(reader, first)
            try limits.checkSize(width: width, height: height, of: .webp)
            return ImageInfo(format: .webp, width: width, height: height, frameCount: 1)
        case "VP8X":
            guard first.size >= 10, let flags = reader.u8(at: first.data),
                let widthMinusOne = reader.u24LE(at: first.data + 4),
                let heightMinusOne = reader.u24LE(at: first.data + 7)
            else { throw .malformed(.webp, reason: "the VP8X chunk is \(first.size) bytes, not 10") }
            let (width, height) = (widthMinusOne + 1, heightMinusOne + 1)
            try limits.checkSize(width: width, height: height, of: .webp)
            var frames = 0
            var sawAnimation = false
            var sawImage = false
            while let chunk = try chunks.next() {
                switch chunk.fourCC {
                case "ANIM": sawAnimation = true
                case "ANMF": frames += 1
                case "VP8 ", "VP8L": sawImage = true
                default: break
                }
            }
            if flags & 0x02 != 0 {
                guard sawAnimation, frames > 0 else {
                    throw .malformed(.webp, reason: "it is marked animated but has no ANIM chunk or no frame")
                }
                return ImageInfo(format: .webp, width: width, height: height, frameCount: frames)
            }
            guard sawImage else { throw .malformed(.webp, reason: "it has no VP8 or VP8L image chunk") }
            return ImageInfo(format: .webp, width: width, height: height, frameCount: 1)
        default:
            throw .malformed(.webp, reason: "the first chunk is \(first.fourCC), not VP8, VP8L or VP8X")
        }
    }

    private static func lossySize(_ reader: ByteReader, _ chunk: Chunk) throws(ImageError) -> (Int, Int) {
        guard chunk.size >= 10, let tag = reader.u8(at: chunk.data), let width = reader.u16LE(at: chunk.data + 6),
            let height = reader.u16LE(at: chunk.data + 8)
        else { throw .malformed(.webp, reason: "the VP8 chunk is \(chunk.size) bytes, too short for a frame header") }
        guard tag & 0x01 == 0 else { throw .malformed(.webp, reason: "the VP8 frame is not a key frame") }
        guard reader.matches([0x9D, 0x01, 0x2A], at: chunk.data + 3) else {
            throw .malformed(.webp, reason: "the VP8 frame lacks its start code")
        }
        // The top two bits of each are an upscaling hint, not part of the size.
        return (width & 0x3FFF, height & 0x3FFF)
    }

    private static func losslessSize(_ reader: ByteReader, _ chunk: Chunk) throws(ImageError) -> (Int, Int) {
        guard chunk.size >= 5, let signature = reader.u8(at: chunk.data), let bits = reader.u32LE(at: chunk.data + 1)
        else { throw .malformed(.webp, reason: "the VP8L chunk is \(chunk.size) bytes, too short for a header") }
        guard signature == 0x2F else { throw .malformed(.webp, reason: "the VP8L chunk lacks its signature 0x2F") }
        guard bits >> 29 == 0 else { throw .malformed(.webp, reason: "the VP8L version is \(bits >> 29), not 0") }
        return (Int(bits & 0x3FFF) + 1, Int(bits >> 14 & 0x3FFF) + 1)
    }

    /// One chunk: its name, where its payload starts and how long the payload is.
    struct Chunk {
        var fourCC: String
        var data: Int
        var size: Int
    }

    /// The chunks of the RIFF container in order. Each step advances at least the 8-byte header,
    /// so zero-size chunks cannot make it loop.
    struct ChunkWalk {
        let reader: ByteReader
        var offset: Int
        let end: Int

        mutating func next() throws(ImageError) -> Chunk? {
            // Fewer than 8 bytes left cannot hold a chunk; encoders leave such padding, decoders ignore it.
            guard end - offset >= 8, let rawSize = reader.u32LE(at: offset + 4) else { return nil }
            let fourCC = reader.fourCC(at: offset)
            guard let size = Int(exactly: rawSize), size <= end - offset - 8 else {
                throw .malformed(.webp, reason: "the \(fourCC) chunk runs past the end of the RIFF container")
            }
            let chunk = Chunk(fourCC: fourCC, data: offset + 8, size: size)
            // A chunk of odd size is followed by one padding byte, which may be missing at the very end.
            offset = min(end, offset + 8 + size + size % 2)
            return chunk
        }
    }
}
