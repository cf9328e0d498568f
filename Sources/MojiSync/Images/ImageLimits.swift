/// The largest image the image cache accepts, so a hostile or broken server cannot fill the
/// disk or make a picker decode a 20000 × 20000 bitmap.
///
/// ```swift
/// let limits = ImageLimits(maximumBytes: 512 * 1024)
/// let info = try ImageInspector.inspect(bytes, limits: limits)
/// ```
public struct ImageLimits: Sendable, Hashable {
    /// The largest file, in bytes: 2 MiB by default.
    public var maximumBytes: Int
    /// The most pixels (width × height) in the image or in any one of its frames: 4096 × 4096 by default.
    public var maximumPixels: Int
    /// The most frames an animation may have: 1000 by default.
    public var maximumFrames: Int

    public init(
        maximumBytes: Int = 2 * 1024 * 1024, maximumPixels: Int = 4096 * 4096, maximumFrames: Int = 1000
    ) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
        self.maximumFrames = maximumFrames
    }

    /// The default limits.
    public static let `default` = ImageLimits()
}
