import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads local files (a saved page, an `emoji.list` answer, a folder's image or `emoji.json`) with
/// a size limit checked before and while reading, so a huge or growing file is never read whole;
/// and only regular files: a FIFO, a device or a socket named like one would block the read (and
/// a sync or `moji serve`'s refresh with it) until someone writes to it.
/// Package-wide: catalog updates read a local catalog folder with it too.
package enum LocalFile {
    package static func read(_ path: String, maximumBytes: Int) throws(SourceError) -> Data {
        let descriptor = try openRegular(path)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else {
                throw SourceError(source: path, reason: "is larger than \(maximumBytes) bytes, the most read")
            }
            return data
        } catch let error as SourceError {
            throw error
        } catch {
            throw SourceError(source: path, reason: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// Throws unless `path` is a regular file that can be read (a pack's archive is then opened by
    /// path). Opened without blocking, so a FIFO is found out rather than waited on.
    static func checkRegular(_ path: String) throws(SourceError) {
        close(try openRegular(path))
    }

    /// A descriptor of `path` opened for reading, once it is known to be a regular file.
    private static func openRegular(_ path: String) throws(SourceError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason =
                errno == ENOENT ? "does not exist" : "cannot be read (\(String(cString: strerror(errno))))"
            throw SourceError(source: path, reason: reason)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw SourceError(
                source: path, reason: "is not a regular file (a FIFO, device, socket or folder); give a file")
        }
        return descriptor
    }
}
