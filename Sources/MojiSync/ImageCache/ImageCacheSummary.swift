/// How many images and bytes: the whole cache for ``ImageCache/summary()``, or what was removed
/// for ``ImageCache/prune(keeping:)`` and ``ImageCache/evict(toFit:keeping:)``.
///
/// Only the cache's own image files (`<sha256>.<ext>`) count: neither the temporary files of
/// writers at work nor files someone else put in the directory.
public struct ImageCacheSummary: Sendable, Hashable, Codable {
    /// The number of image files.
    public var files: Int
    /// Their total size in bytes.
    public var bytes: Int

    public init(files: Int = 0, bytes: Int = 0) {
        self.files = files
        self.bytes = bytes
    }
}
