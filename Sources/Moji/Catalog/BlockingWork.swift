import Foundation

extension DispatchQueue {
    /// Runs blocking `work` (a database call that may wait for a lock, a file read, hashing a
    /// catalog) on this queue and waits for it without holding a thread of Swift's cooperative
    /// pool: that pool has as many threads as cores, and every server route and network client
    /// shares them. It throws what `work` throws, typed.
    package func performBlocking<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            self.async { continuation.resume(returning: Result { () throws(Failure) in try work() }) }
        }
        return try result.get()
    }
}
