/// Why bytes offered to the image cache are not a usable image.
///
/// The ``description`` is written to follow a code and URL:
/// `smith (https://example.com/smith.gif): the image is HTML, not an image — probably an error or login page`.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not in any format the cache accepts; ``Content`` says what they look like.
    case notAnImage(Content)
    /// The bytes start as an image of this format but end before it does, as a cut-off download would.
    case truncated(ImageFormat)
    /// The file is larger than ``ImageLimits/maximumBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// The image, or one of its frames, has more pixels than ``ImageLimits/maximumPixels``.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The animation has more frames than ``ImageLimits/maximumFrames``.
    case tooManyFrames(count: Int, limit: Int)
    /// The bytes start as an image of this format but break its rules.
    case malformed(ImageFormat, reason: String)

    /// What bytes that are not an image look like, when that can be told.
    public enum Content: Sendable, Hashable {
        /// No bytes at all.
        case empty
        /// An HTML document: usually a server's error or login page served in place of the image.
        case html
        /// An SVG drawing, which the cache does not accept.
        case svg
        /// Some other XML document.
        case xml
        /// A JSON document, often an API's error answer.
        case json
        /// Plain text.
        case text
        /// An image in a format the cache does not accept, named (`BMP`, `TIFF`, `ICO`, `AVIF`, `HEIC`).
        case unsupportedImage(String)
        /// Nothing recognizable.
        case unknown
    }

    public var description: String {
        switch self {
        case .notAnImage(let content):
            switch content {
            case .empty: "the image is empty (0 bytes)"
            case .html: "the image is HTML, not an image — probably an error or login page"
            case .svg: "the image is SVG, which is not supported (PNG, APNG, GIF, JPEG and WebP are)"
            case .xml: "the image is an XML document, not an image"
            case .json: "the image is JSON, not an image — probably an error answer from the server"
            case .text: "the image is plain text, not an image"
            case .unsupportedImage(let name):
                "the image is \(name), which is not supported (PNG, APNG, GIF, JPEG and WebP are)"
            case .unknown: "the file is not an image (not PNG, APNG, GIF, JPEG or WebP)"
            }
        case .truncated(let format):
            "the \(format.displayName) image is truncated — the download was probably cut off"
        case .tooLarge(let bytes, let limit):
            "the image is \(Self.size(bytes)), over the limit of \(Self.size(limit))"
        case .tooManyPixels(let width, let height, let limit):
            "the image is \(width) × \(height) pixels, over the limit of \(limit) pixels"
        case .tooManyFrames(let count, let limit):
            "the animation has \(count) frames, over the limit of \(limit)"
        case .malformed(let format, let reason):
            "the \(format.displayName) image is malformed: \(reason)"
        }
    }

    /// A byte count as people read it, exact below a kibibyte: `512 bytes`, `40.0 KB`, `20.0 MB`.
    private static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        let kilobytes = Double(bytes) / 1024
        let (value, unit) = kilobytes < 1024 ? (kilobytes, "KB") : (kilobytes / 1024, "MB")
        let tenths = (value * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10) \(unit)"
    }
}
