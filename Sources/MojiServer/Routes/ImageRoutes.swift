import Foundation
import Hummingbird
import Moji
import MojiStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `GET|HEAD /v1/images/{sha256}.{ext}`: the image cache's files, by the name the cache gives them.
///
/// The path segment is checked as sent, before any decoding: 64 lowercase hexadecimal digits, a
/// dot and an image extension, or 404. So no `..`, `%2e%2e`, `%2f`, NUL or other spelling can
/// name a file outside the directory, and the file is opened with `O_NOFOLLOW` and must be a
/// regular file, so a symbolic link placed in the directory is not followed either, and a FIFO
/// or device never blocks a request.
struct ImageRoutes: Sendable {
    /// The image cache's directory.
    let directory: URL

    /// The largest file served; the cache takes far smaller images (``/MojiSync/ImageLimits``).
    static let maximumBytes = 32 << 20

    /// The media type of each extension the cache writes.
    static let mediaTypes = ["png": "image/png", "gif": "image/gif", "jpg": "image/jpeg", "webp": "image/webp"]

    func image(_ segment: Substring, _ request: Request) async throws -> Response {
        let notFound = ProblemDetails.notFound(
            "no image '\(String(segment.prefix(80)))': images are /v1/images/<sha256>.<png|gif|jpg|webp> as GET /v1/custom names them."
        )
        guard let (hash, mediaType) = Self.parse(segment) else { throw notFound }
        let tag = "\"\(hash)\""
        var headers: HTTPFields = [
            .contentType: mediaType, .eTag: tag, .cacheControl: "public, max-age=31536000, immutable",
            .xContentTypeOptions: "nosniff", .contentSecurityPolicy: "default-src 'none'",
        ]
        let path = directory.appendingPathComponent(String(segment)).path
        // A name is its content's hash, so a client holding the tag holds the bytes: it is
        // answered from the name and a look at the directory entry, without opening the file.
        guard Self.isRegularFile(atPath: path) else { throw notFound }
        if let conditions = request.headers[.ifNoneMatch], APIResponse.matches(conditions, tag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        // Off the request threads: a slow disk (or anything else that blocks) holds a thread of
        // BlockingIO, not one of the few every route shares.
        guard let data = await BlockingIO.run({ Self.readRegularFile(atPath: path) }) else {
            throw notFound
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Whether `path` names a regular file itself (not a link to one, not a FIFO or device).
    static func isRegularFile(atPath path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The hash and media type of a well-formed name, else nil.
    static func parse(_ segment: Substring) -> (hash: String, mediaType: String)? {
        let parts = segment.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, CustomEmojiImage.isValidSHA256(String(parts[0])),
            let mediaType = mediaTypes[String(parts[1])]
        else { return nil }
        return (String(parts[0]), mediaType)
    }

    /// The bytes of the regular file at `path`, without following a symbolic link; nil when there
    /// is none (or it is too large to be one of the cache's images).
    static func readRegularFile(atPath path: String) -> Data? {
        // Non-blocking: a FIFO put in place of a file after the look above must not hang the read.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size <= maximumBytes else { return nil }
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return size == 0 }
            var offset = 0
            while offset < size {
                let count = read(descriptor, base + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }
}
