import Foundation

/// Reads an image's format, size and frame count from its headers, without decoding a pixel.
///
/// The format is sniffed from the bytes, never taken from a URL or a `Content-Type`: servers
/// answer `image/gif` with HTML error pages, and `.jpg` files turn out to be GIFs. Every read is
/// bounds-checked and every loop advances, so truncated or hostile bytes throw an ``ImageError``
/// in time linear in their length, never trap or hang. Each format is walked to its end (PNG to
/// `IEND`, GIF to its trailer, JPEG to `EOI`, WebP to the end of its RIFF container), so a
/// download cut off anywhere is reported as ``ImageError/truncated(_:)``.
///
/// ```swift
/// do {
///     let info = try ImageInspector.inspect(data)
///     print(info.format, info.width, info.height, info.frameCount)
/// } catch {
///     print("\(code) (\(url)): \(error)")  // smith (https://…): the image is HTML, not an image — …
/// }
/// ```
public enum ImageInspector {
    /// Inspects an image held in `Data`.
    public static func inspect(_ data: Data, limits: ImageLimits = .default) throws(ImageError) -> ImageInfo {
        // The size is checked before copying, so a 50 MB answer is refused without a second 50 MB.
        guard data.count <= limits.maximumBytes else {
            throw .tooLarge(bytes: data.count, limit: limits.maximumBytes)
        }
        return try inspect([UInt8](data), limits: limits)
    }

    /// Inspects an image held in an array of bytes.
    public static func inspect(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageError) -> ImageInfo {
        guard bytes.count <= limits.maximumBytes else {
            throw .tooLarge(bytes: bytes.count, limit: limits.maximumBytes)
        }
        // Checked first: every magic number starts with the empty prefix.
        guard !bytes.isEmpty else { throw .notAnImage(.empty) }
        let reader = ByteReader(bytes: bytes)
        guard let format = sniff(reader) else {
            throw .notAnImage(NonImageSniffer.content(of: bytes))
        }
        let info: ImageInfo
        switch format {
        case .png, .apng: info = try PNGReader.inspect(reader, limits: limits)
        case .gif: info = try GIFReader.inspect(reader, limits: limits)
        case .jpeg: info = try JPEGReader.inspect(reader, limits: limits)
        case .webp: info = try WebPReader.inspect(reader, limits: limits)
        }
        guard info.frameCount <= limits.maximumFrames else {
            throw .tooManyFrames(count: info.frameCount, limit: limits.maximumFrames)
        }
        return info
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let gif87a = Array("GIF87a".utf8)
    static let gif89a = Array("GIF89a".utf8)
    static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF]
    static let riff = Array("RIFF".utf8)
    static let webp = Array("WEBP".utf8)

    /// The format the magic number names; a file shorter than its magic number that matches as far as
    /// it goes counts too, so the reader reports it truncated rather than calling it no image.
    private static func sniff(_ reader: ByteReader) -> ImageFormat? {
        let head = Array(reader.bytes.prefix(12))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            guard head.count > offset else { return true }
            return head[offset...].prefix(magic.count).elementsEqual(magic.prefix(head.count - offset))
        }
        if starts(pngSignature) { return .png }
        if starts(gif87a) || starts(gif89a) { return .gif }
        if starts(jpegStart) { return .jpeg }
        if starts(riff) && starts(webp, at: 8) { return .webp }
        return nil
    }
}

extension ImageLimits {
    /// Refuses an image or frame with no pixels, or with more than ``maximumPixels``.
    func checkSize(width: Int, height: Int, of format: ImageFormat) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw .malformed(format, reason: "its size is \(width) × \(height) pixels")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixels else {
            throw .tooManyPixels(width: width, height: height, limit: maximumPixels)
        }
    }
}
