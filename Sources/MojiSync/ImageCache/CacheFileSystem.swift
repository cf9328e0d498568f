import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX calls the image cache makes directly, because it needs their exact semantics and
/// their `errno`: `open` with `O_EXCL` for a temporary file nobody else has, `rename` that replaces
/// the target atomically (FileManager's move refuses an existing target), `mkdir` with 0700, and
/// `utimensat` that does not follow a symbolic link.
enum CacheFileSystem {
    /// What `lstat` says about a directory entry, without following a symbolic link.
    struct Entry {
        var isRegularFile: Bool
        var size: Int
        var modified: Date
    }

    static func entry(atPath path: String) -> Entry? {
        // One lstat: FileManager's attributes also list extended attributes, two more system
        // calls per image that a sync checking 766 cached files does not need.
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let seconds = info.st_mtimespec.tv_sec
            let nanoseconds = info.st_mtimespec.tv_nsec
        #else
            let seconds = info.st_mtim.tv_sec
            let nanoseconds = info.st_mtim.tv_nsec
        #endif
        let modified = Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1e9)
        return Entry(
            isRegularFile: (info.st_mode & S_IFMT) == S_IFREG, size: Int(info.st_size), modified: modified)
    }

    /// Creates `path` and any missing parents with mode 0700; an `errno` and the path that failed, or nil.
    static func makeDirectories(_ path: String) -> (code: Int32, path: String)? {
        var missing: [String] = []
        var current = path
        // Climbs to the deepest ancestor that exists; bounded by the number of components.
        while !current.isEmpty, current != "/", entry(atPath: current) == nil {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for directory in missing.reversed() where mkdir(directory, 0o700) != 0 {
            let code = errno
            // Another process may have created it a moment ago: that is what we wanted.
            if code == EEXIST, FileManager.default.fileExists(atPath: directory) { continue }
            return (code, directory)
        }
        return nil
    }

    /// Writes `data` to a new file at `path` that must not exist yet; the `errno` of the failure, or nil.
    static func writeNewFile(_ data: Data, atPath path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errno }
        var failure = writeAll(data, to: descriptor)
        // A full disk on a network file system can first show up at close.
        if close(descriptor) != 0, failure == nil { failure = errno }
        return failure
    }

    /// Writes all of `data` to `descriptor`, as many calls as it takes; the `errno` of the failure
    /// (a full disk), or nil.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Renames atomically, replacing `target` if it exists; the `errno` of the failure, or nil.
    static func rename(_ source: String, to target: String) -> Int32? {
        moveReplacing(source, target) == 0 ? nil : errno
    }

    /// Removes a file; the `errno` of the failure, or nil. A file already gone is not a failure.
    @discardableResult
    static func remove(_ path: String) -> Int32? {
        if unlink(path) == 0 { return nil }
        let code = errno
        return code == ENOENT ? nil : code
    }

    /// Sets the modification time to now, without following a symbolic link; false when it failed.
    @discardableResult
    static func touch(_ path: String) -> Bool {
        utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// The system's message for an `errno`: `Permission denied`.
    static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// `rename(2)`, under a name that member functions called `rename` do not shadow.
private func moveReplacing(_ source: String, _ target: String) -> Int32 {
    rename(source, target)
}
