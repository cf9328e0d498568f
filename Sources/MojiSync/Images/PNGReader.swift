/// Reads PNG and APNG headers.
///
/// ```
/// 89 50 4E 47 0D 0A 1A 0A | length(4, BE) type(4) data(length) crc(4) | … | IEND
///                           IHDR first: width(4) height(4) depth colour …
///                           acTL before IDAT: num_frames(4) num_plays(4)  → APNG
///                           fcTL: sequence(4) width(4) height(4) …        (one per frame)
/// ```
enum PNGReader {
    static func inspect(_ reader: ByteReader, limits: ImageLimits) throws(ImageError) -> ImageInfo {
        var format = ImageFormat.png
        guard reader.matches(ImageInspector.pngSignature, at: 0) else { throw .truncated(format) }
        var offset = 8
        var size: (width: Int, height: Int)?
        var animationFrames: Int?
        var sawImageData = false
        while true {
            guard let rawLength = reader.u32BE(at: offset), reader.has(8, at: offset) else {
                throw .truncated(format)
            }
            let type = reader.fourCC(at: offset + 4)
            // PNG caps chunk lengths at 2^31 - 1; anything above is garbage, not a long chunk.
            guard rawLength <= 0x7FFF_FFFF, let length = Int(exactly: rawLength) else {
                throw .malformed(format, reason: "the \(type) chunk claims \(rawLength) bytes")
            }
            guard type.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .malformed(format, reason: "a chunk name is not four letters")
            }
            let data = offset + 8
            // The length is compared with what remains before anything is added to it.
            guard reader.has(length, at: data), reader.has(4, at: data + length) else { throw .truncated(format) }
            if size == nil, type != "IHDR" {
                throw .malformed(format, reason: "the first chunk is \(type), not IHDR")
            }
            switch type {
            case "IHDR":
                guard size == nil else { throw .malformed(format, reason: "it has two IHDR chunks") }
                guard length == 13, let width = reader.u32BE(at: data), let height = reader.u32BE(at: data + 4) else {
                    throw .malformed(format, reason: "the IHDR chunk is \(length) bytes, not 13")
                }
                size = try checked(width, height, format, limits)
            case "acTL" where !sawImageData && animationFrames == nil:
                // An acTL after the first IDAT does not make an APNG: decoders show the still image.
                guard length == 8, let frames = reader.u32BE(at: data) else {
                    throw .malformed(.apng, reason: "the acTL chunk is \(length) bytes, not 8")
                }
                guard frames > 0 else { throw .malformed(.apng, reason: "the acTL chunk announces 0 frames") }
                format = .apng
                animationFrames = Int(exactly: frames) ?? Int.max
            case "fcTL" where format == .apng:
                guard length == 26, let width = reader.u32BE(at: data + 4), let height = reader.u32BE(at: data + 8)
                else { throw .malformed(format, reason: "an fcTL chunk is \(length) bytes, not 26") }
                _ = try checked(width, height, format, limits)
            case "IDAT":
                sawImageData = true
            case "IEND":
                guard sawImageData, let size else { throw .malformed(format, reason: "it has no IDAT chunk") }
                return ImageInfo(
                    format: format, width: size.width, height: size.height, frameCount: animationFrames ?? 1)
            default:
                break
            }
            offset = data + length + 4
        }
    }

    private static func checked(
        _ width: UInt32, _ height: UInt32, _ format: ImageFormat, _ limits: ImageLimits
    ) throws(ImageError) -> (width: Int, height: Int) {
        let width = Int(exactly: width) ?? Int.max
        let height = Int(exactly: height) ?? Int.max
        try limits.checkSize(width: width, height: height, of: format)
        return (width, height)
    }
}
