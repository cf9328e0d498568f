#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's device and inode numbers: the same while the file exists, different once it was
/// deleted and created again (or replaced by a rename).
struct StoreFileIdentity: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path`, or nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}
