import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path that a whole file is written to (an export, a repaired database) without clobbering
/// whatever is there:
///
/// | at the path                          | what happens                                                |
/// |--------------------------------------|-------------------------------------------------------------|
/// | nothing                              | written under a temporary name beside it, then renamed      |
/// | a regular file                       | the same, keeping its permissions; refused if read-only     |
/// | a symbolic link                      | followed: its target is replaced, in the target's directory |
/// | a link to nothing, a directory       | refused                                                     |
/// | a FIFO, a device, an open descriptor | written through, never replaced                             |
///
/// (An open descriptor: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/…/fd/N`.) A reader of
/// a regular file sees the old file or the whole new one, never a part; a FIFO's reader gets the
/// data; and a read-only file stays as it is. "Read-only" means the process may not write
/// it, or the file has no write permission bit at all (so even root does not replace a file its
/// owner marked read-only with `chmod a-w`).
package struct OutputFile: Sendable {
    /// The path as given, for messages.
    package let path: String
    /// Where the bytes go.
    package let target: Target

    /// Where an ``OutputFile`` writes.
    package enum Target: Sendable {
        /// A regular file, written under a temporary name in its directory and renamed over
        /// `path` (symbolic links resolved); `mode` and `owner` are those of the file it replaces,
        /// nil for a new file.
        case regularFile(path: String, mode: mode_t?, owner: (user: uid_t, group: gid_t)?)
        /// A FIFO, a device or an open descriptor, written through.
        case stream(path: String)
    }

    /// Why an ``OutputFile`` could not be written; the message names the path and what to do.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// The path as given.
        package var path: String
        /// What went wrong and what to do.
        package var reason: String

        package var description: String { "cannot write \(path): \(reason)" }
    }

    /// Inspects `path` and decides how to write it.
    ///
    /// - Throws: ``Failure`` for a directory, a symbolic link to nothing or a read-only file.
    package init(path: String) throws(Failure) {
        self.path = path
        if Self.isDescriptorPath(path) {
            target = .stream(path: path)
            return
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw Failure(path: path, reason: Self.systemReason()) }
            target = .regularFile(path: path, mode: nil, owner: nil)
            return
        }
        var resolved = path
        if info.st_mode & S_IFMT == S_IFLNK {
            guard stat(path, &info) == 0 else {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw Failure(
                    path: path,
                    reason: "it is a symbolic link to \(destination), which cannot be "
                        + "reached (\(Self.systemReason())). Create the target, or give another path.")
            }
            guard let real = realpath(path, nil) else { throw Failure(path: path, reason: Self.systemReason()) }
            resolved = String(cString: real)
            free(real)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Root passes access(2) for any file, so the permission bits are checked as well.
            if access(resolved, W_OK) != 0 || info.st_mode & 0o222 == 0 {
                throw Failure(
                    path: path,
                    reason: "it is read-only. Make it writable (chmod u+w \(resolved)) "
                        + "or give another path; it was left unchanged.")
            }
            target = .regularFile(path: resolved, mode: info.st_mode & 0o7777, owner: (info.st_uid, info.st_gid))
        case S_IFDIR:
            throw Failure(path: path, reason: "it is a directory. Give the path of a file.")
        default:
            target = .stream(path: path)
        }
    }

    /// Writes `data` as the whole content: through to a stream, or by rename for a regular file.
    package func write(_ data: Data) throws(Failure) {
        switch target {
        case .stream(let streamPath):
            // O_APPEND: `/dev/stdout` redirected with `>>` to a file keeps what the file holds.
            let descriptor = open(streamPath, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { throw Failure(path: path, reason: Self.systemReason()) }
            defer { close(descriptor) }
            try writeAll(data, to: descriptor)
        case .regularFile:
            let temporary = try makeTemporaryFile()
            do throws(Failure) {
                let descriptor = open(temporary, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw Failure(path: path, reason: Self.systemReason()) }
                defer { close(descriptor) }
                try writeAll(data, to: descriptor)
                try commit(temporary)
            } catch {
                discard(temporary)
                throw error
            }
        }
    }

    /// For a regular-file target: creates an empty file with a unique name in the target's
    /// directory (`.<name>.partial-XXXXXX`, permissions from the umask), to be filled and then
    /// passed to ``commit(_:)``, or to ``discard(_:)`` on failure.
    package func makeTemporaryFile() throws(Failure) -> String {
        guard case .regularFile(let destination, _, _) = target else {
            throw Failure(path: path, reason: "it is not a regular file.")
        }
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        while true {
            let suffix = String((0..<8).map { _ in letters.randomElement()! })
            let temporary = "\(directory)/.\(url.lastPathComponent).partial-\(suffix)"
            // 0o666 as a shell's `>` would create it: the umask decides, as for any new file.
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                close(descriptor)
                return temporary
            }
            if errno != EEXIST {
                throw Failure(
                    path: path,
                    reason: "cannot create a temporary file in \(directory) "
                        + "(\(Self.systemReason())). Give a path in a writable directory.")
            }
        }
    }

    /// Makes the complete `temporary` file durable and renames it over the target, with the
    /// permissions and owner of the file it replaces (a new file keeps those it was created with).
    package func commit(_ temporary: String) throws(Failure) {
        guard case .regularFile(let destination, let mode, let owner) = target else {
            throw Failure(path: path, reason: "it is not a regular file.")
        }
        let descriptor = open(temporary, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, reason: Self.systemReason()) }
        if let owner { _ = fchown(descriptor, owner.user, owner.group) }  // only root may; else keep ours
        if let mode { _ = fchmod(descriptor, mode) }
        let synced = fsync(descriptor) == 0 ? nil : Self.systemReason()
        close(descriptor)
        if let synced { throw Failure(path: path, reason: synced + Self.unchanged) }
        guard rename(temporary, destination) == 0 else {
            throw Failure(path: path, reason: Self.systemReason() + Self.unchanged)
        }
        // The rename itself is durable once the directory is synced; a failure here loses nothing.
        let directory = open(URL(fileURLWithPath: destination).deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    /// Removes a temporary file made by ``makeTemporaryFile()`` that will not be committed.
    package func discard(_ temporary: String) {
        unlink(temporary)
    }

    private func writeAll(_ data: Data, to descriptor: Int32) throws(Failure) {
        let failure: String? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return Self.systemReason()
                }
                offset += written
            }
            return nil
        }
        guard let failure else { return }
        if case .stream = target { throw Failure(path: path, reason: failure + ".") }
        throw Failure(path: path, reason: failure + Self.unchanged)
    }

    private static let unchanged = ". Fix that and try again; what was there is unchanged."

    /// `/dev/stdout`, `/dev/fd/N` and `/proc/…/fd/N` name an open descriptor: resolving them as
    /// symbolic links would name a pipe or a file the shell opened, never something to replace.
    private static func isDescriptorPath(_ path: String) -> Bool {
        ["/dev/stdout", "/dev/stderr"].contains(path) || path.hasPrefix("/dev/fd/")
            || (path.hasPrefix("/proc/") && path.contains("/fd/"))
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
