#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a lock: the one lock of the package, for the caches and the state that
/// many threads share.
///
/// The lock is not recursive: a body that takes the same lock again is a mistake, which a debug
/// build stops at with a message (the lock checks its owner there) instead of hanging. Bodies
/// stay short and call out to nothing that may take the lock; a cache's load runs under it, so a
/// file is read once however many threads ask.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    // A pthread mutex, allocated so its address never moves (Swift may move a stored struct).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if DEBUG
            // Taking the lock again on the thread that holds it fails instead of deadlocking.
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value under the lock; it throws what `body` throws, typed, so a
    /// loader's `CatalogError` comes out as one.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        let status = pthread_mutex_lock(mutex)
        precondition(status == 0, "Locked: this thread already holds the lock (a body that takes it again)")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
