import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on `<database>.lock`, held while a process opens, migrates and
/// seeds the database, so processes that open a fresh file at once do it one after another.
///
/// SQLite serializes the writes themselves; this lock only covers switching a new file to WAL
/// mode, which SQLite does not retry. It is released on close, and by the kernel if the
/// process dies.
struct OpenLock: ~Copyable {
    private let descriptor: Int32

    init(path: String) throws(StoreError) {
        #if canImport(Glibc) || canImport(Darwin)
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .database(path: path, reason: "cannot open the lock file: \(String(cString: strerror(errno)))")
            }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw .database(path: path, reason: "cannot lock: \(reason)")
                }
            }
            self.descriptor = descriptor
        #else
            self.descriptor = -1
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Darwin)
            if descriptor >= 0 {
                flock(descriptor, LOCK_UN)
                close(descriptor)
            }
        #endif
    }
}
