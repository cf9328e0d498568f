/// Why the image cache could not store or read an image.
///
/// The ``description`` says what went wrong and what to do about it, so a command can print it
/// after the emoji's code and URL:
/// `smith (https://example.com/smith.gif): the image is HTML, not an image — probably an error or login page`, or
/// `/home/ana/.cache/moji/images: cannot create the directory: Permission denied — make it writable, or set MOJI_HOME`.
public enum ImageCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not an image the cache accepts, or exceed its ``ImageLimits``.
    case image(ImageError)
    /// Reading or writing a file failed: `path` is the file or directory, `reason` says why and what to do.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .image(let error): error.description
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}
