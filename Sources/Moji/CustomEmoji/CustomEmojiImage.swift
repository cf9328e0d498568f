/// A custom emoji's image as the image cache holds it: content-addressed by the SHA-256 of its
/// bytes, with what its headers say. Two codes with identical images share one.
///
/// The file name, `<sha256>.<fileExtension>`, is also the image's address on a Moji server
/// (`/v1/images/<sha256>.<ext>`), so it can be cached forever.
public struct CustomEmojiImage: Sendable, Hashable, Codable {
    /// The SHA-256 of the bytes, as 64 lowercase hexadecimal digits.
    public var sha256: String
    /// The format sniffed from the bytes: `png`, `apng`, `gif`, `jpeg` or `webp`.
    public var format: String
    /// Width in pixels, from the image's header.
    public var width: Int
    /// Height in pixels, from the image's header.
    public var height: Int
    /// Frames: 1 for a still image, more for an animation.
    public var frameCount: Int
    /// The file's size in bytes.
    public var byteCount: Int

    public init(sha256: String, format: String, width: Int, height: Int, frameCount: Int, byteCount: Int) {
        self.sha256 = sha256
        self.format = format
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.byteCount = byteCount
    }

    /// The extension of the cached file: `png` for PNG and APNG, `gif`, `jpg`, `webp`.
    public var fileExtension: String {
        switch format {
        case "apng": "png"
        case "jpeg": "jpg"
        default: format
        }
    }

    /// `<sha256>.<fileExtension>`: the name of the cached file.
    public var fileName: String { "\(sha256).\(fileExtension)" }

    /// The media type to serve it with: `image/png`, `image/apng`, `image/gif`, `image/jpeg`,
    /// `image/webp`.
    public var mediaType: String { "image/\(format)" }

    /// Whether it is a valid SHA-256 name: 64 lowercase hexadecimal digits. Checked before a
    /// hash read from a database or a URL becomes part of a file path.
    public static func isValidSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
