import Dispatch
import Synchronization

/// Where a ``LoopbackServer`` runs its Swift tasks: serial Dispatch queues of its own, not Swift's
/// cooperative pool.
///
/// The pool has one thread per processor (two in CI). A test process runs hundreds of tests at
/// once, and a synchronous test (one that waits for a child process, or computes for seconds)
/// holds its thread until it ends; the server's answers then queued behind them, and clients
/// that were only waiting for the server timed out after 30 s. A serial queue made with a label
/// gets a thread whenever it has work (Dispatch's overcommitting queues), so the server answers
/// however busy the pool is.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class LoopbackExecutor: TaskExecutor {
    private let queues: [DispatchQueue]
    private let turn = Atomic<Int>(0)

    /// `threads` queues, used in turn; each runs one job at a time.
    init(threads: Int) {
        queues = (0..<max(1, threads)).map { DispatchQueue(label: "MojiLoopbackServer.\($0)") }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let index = turn.wrappingAdd(1, ordering: .relaxed).oldValue
        queues[Int(UInt(bitPattern: index) % UInt(queues.count))].async {
            job.runSynchronously(on: executor)
        }
    }
}
