/// What an image's headers say about it: its format, its size in pixels and how many frames it has.
///
/// ```swift
/// let info = try ImageInspector.inspect(bytes)
/// // ImageInfo(format: .gif, width: 24, height: 18, frameCount: 6), info.isAnimated == true
/// ```
public struct ImageInfo: Sendable, Hashable {
    /// The format sniffed from the bytes.
    public var format: ImageFormat
    /// The width in pixels: a GIF's logical screen, a WebP's canvas, a PNG's or JPEG's image.
    public var width: Int
    /// The height in pixels, measured as ``width`` is.
    public var height: Int
    /// How many frames the image has: 1 for a still image.
    public var frameCount: Int

    public init(format: ImageFormat, width: Int, height: Int, frameCount: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.frameCount = frameCount
    }

    /// Whether the image has more than one frame, so a picker should animate it.
    public var isAnimated: Bool { frameCount > 1 }
}
