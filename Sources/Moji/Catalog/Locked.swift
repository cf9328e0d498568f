import Foundation

/// A value guarded by a lock, for the few caches that many threads share.
/// Loads happen under the lock, so each file is read once however many threads ask.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    // Recursive, so a locale being loaded under the lock can load English, its fallback.
    private let lock = NSRecursiveLock()

    package init(_ value: Value) { self.value = value }

    /// Runs `body` on the value under the lock; it throws what `body` throws, typed, so a
    /// loader's `CatalogError` comes out as one.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
