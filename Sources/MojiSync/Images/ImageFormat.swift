/// An image format the image cache accepts, as sniffed from an image's first bytes.
///
/// APNG is its own case although its files are PNG files: a picker that shows a still
/// PNG in place of an animation would be wrong, and the cache stores the format it saw.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png
    case apng
    case gif
    case jpeg
    case webp

    /// The name people know the format by, for messages: `PNG`, `APNG`, `GIF`, `JPEG`, `WebP`.
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .apng: "APNG"
        case .gif: "GIF"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        }
    }
}
