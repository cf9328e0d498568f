import Foundation
import NIOPosix

/// The one place Moji's libraries run work that blocks a thread: a SQLite call that may wait up
/// to the busy timeout for another process's lock, a file read or write, unzipping a pack,
/// hashing a catalog.
///
/// Swift's cooperative pool has as many threads as cores, and every server route, network client
/// and sync shares them: one blocked there stalls them all. Dispatch queues are no way out on
/// Linux, where their threads come from the same few workers the cooperative pool runs on (a test
/// measured it: eight calls sleeping 3 s on a concurrent queue held a 10 ms task back for 3 s).
/// ``run(_:)`` hands the work to threads of their own (swift-nio's `NIOThreadPool`) and suspends
/// until it is done, so the server, the sync, the mirror and catalog updates all leave the shared
/// threads the same way.
///
/// ```swift
/// let sets = try await BlockingIO.run { () throws(StoreError) in try store.custom.sets() }
/// ```
package enum BlockingIO {
    /// How many calls block at once; more wait their turn. Enough for every user store a busy
    /// server writes to while another process holds a lock, and cheap while idle.
    package static let threadCount = 64

    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: threadCount)
        pool.start()
        return pool
    }()

    /// Runs `work` on a thread of its own and returns (or throws, typed) what it does.
    package static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            // The pool is never stopped, so every item runs: a write asked for is never dropped.
            pool.submit { _ in continuation.resume(returning: Result { () throws(Failure) in try work() }) }
        }
        return try result.get()
    }
}
