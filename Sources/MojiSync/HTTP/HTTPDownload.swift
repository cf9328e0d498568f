import Crypto
import Foundation
import Moji
import MojiStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A body written to a file as it arrived (``HTTPTransport/download(_:to:)``), never held whole in
/// memory, with its size and SHA-256 computed on the way.
public struct HTTPDownload: Sendable {
    /// Where the answer came from, after redirects.
    public var url: URL
    /// The file the body was written to.
    public var file: URL
    /// Bytes written.
    public var byteCount: Int
    /// The body's SHA-256, 64 lowercase hexadecimal digits.
    public var sha256: String
    /// The answer's `ETag` and `Last-Modified`.
    public var validators: HTTPValidators

    public init(url: URL, file: URL, byteCount: Int, sha256: String, validators: HTTPValidators) {
        self.url = url
        self.file = file
        self.byteCount = byteCount
        self.sha256 = sha256
        self.validators = validators
    }
}

extension HTTPTransport {
    /// Fetches the body with ``get(_:)`` and writes it to `file`: for transports that cannot
    /// stream (stubs in tests). ``URLSessionTransport`` streams instead.
    public func download(_ request: FetchRequest, to file: URL) async throws(FetchError) -> HTTPDownload {
        var request = request
        request.validators = HTTPValidators()
        let response = try await get(request)
        let sink = try BodyFile(file, url: response.url)
        try sink.write(response.body, url: response.url)
        let (byteCount, sha256) = try sink.finish(url: response.url)
        return HTTPDownload(
            url: response.url, file: file, byteCount: byteCount, sha256: sha256, validators: response.validators)
    }
}

/// A file a body is streamed into, hashed as it is written. Created anew (an existing file is
/// replaced, a symbolic link in its place is refused), closed by ``finish(url:)`` or when dropped.
final class BodyFile: @unchecked Sendable {
    let path: String
    private var descriptor: Int32
    private var hasher = SHA256()
    private(set) var byteCount = 0

    init(_ file: URL, url: URL) throws(FetchError) {
        path = file.path
        unlink(path)
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(url, path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Appends `data`, all of it or an error (a full disk says so).
    func write(_ data: Data, url: URL) throws(FetchError) {
        if let failure = CacheFileSystem.writeAll(data, to: descriptor) {
            throw .cannotWrite(url, path: path, reason: String(cString: strerror(failure)))
        }
        hasher.update(data: data)
        byteCount += data.count
    }

    /// Flushes the file to disk and closes it; returns its size and SHA-256.
    func finish(url: URL) throws(FetchError) -> (byteCount: Int, sha256: String) {
        defer {
            close(descriptor)
            descriptor = -1
        }
        guard fsync(descriptor) == 0 else {
            throw .cannotWrite(url, path: path, reason: String(cString: strerror(errno)))
        }
        return (byteCount, hasher.finalize().lowercaseHex)
    }
}
