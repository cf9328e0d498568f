import Foundation
import MojiSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on `catalogs/.lock`, so two updates never write at once: the second
/// waits up to a bound, then gives up with ``CatalogUpdateError/busy(lockPath:waitedSeconds:)``.
/// The kernel drops the lock when its process dies, so a crashed update never blocks the next.
final class CatalogUpdateLock {
    static let fileName = ".lock"
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock of `directory`, polling every 50 ms for at most `timeout` seconds.
    static func acquire(in directory: URL, timeout: TimeInterval) async throws(CatalogUpdateError) -> CatalogUpdateLock
    {
        let path = directory.appendingPathComponent(fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        // Waited time on the monotonic clock: a wall clock stepped back would make the wait endless.
        let start = ContinuousClock.now
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let waited = (ContinuousClock.now - start) / .seconds(1)
            guard errno == EWOULDBLOCK || errno == EINTR, waited < timeout else {
                close(descriptor)
                throw .busy(lockPath: path, waitedSeconds: waited)
            }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return CatalogUpdateLock(descriptor: descriptor)
    }

    /// Takes the lock of `directory` if no one holds it; nil when another update does (or the
    /// lock file cannot be opened).
    static func take(in directory: URL) -> CatalogUpdateLock? {
        let descriptor = open(directory.appendingPathComponent(fileName).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return CatalogUpdateLock(descriptor: descriptor)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
