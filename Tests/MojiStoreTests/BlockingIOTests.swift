import Foundation
import Moji
import MojiStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("blocking work off the shared threads")
struct BlockingIOTests {
    /// The calling thread's name, as the system keeps it.
    static func threadName() -> String {
        #if canImport(Glibc)
            // Glibc's pthread_getname_np is not in Swift's Glibc module; Linux shows it here.
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            return name.trimmingCharacters(in: .whitespacesAndNewlines)
        #else
            var buffer = [CChar](repeating: 0, count: 64)
            guard pthread_getname_np(pthread_self(), &buffer, buffer.count) == 0 else { return "" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    @Test("the work runs on threads of its own, not on the cooperative pool nor Dispatch's workers")
    func threadsOfItsOwn() async {
        // BlockingIO once used a concurrent Dispatch queue: on Linux its workers are the few the
        // cooperative pool runs on, and eight calls sleeping 3 s held a 10 ms task back for 3 s.
        let name = await BlockingIO.run { Self.threadName() }
        #expect(name.hasPrefix("TP-#"), "ran on '\(name)'")
    }

    @Test("more calls than cores block at the same time, each on its own thread")
    func manyAtOnce() async {
        // Each call waits until all have started: on fewer threads than calls, none would end,
        // and the wait's deadline would say so.
        let calls = max(ProcessInfo.processInfo.activeProcessorCount * 4, 16)
        let started = Locked(0)
        let allStarted = DispatchSemaphore(value: 0)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<calls {
                group.addTask {
                    await BlockingIO.run { () -> Bool in
                        if started.withLock({ count -> Bool in
                            count += 1
                            return count == calls
                        }) {
                            for _ in 0..<calls { allStarted.signal() }
                        }
                        return allStarted.wait(timeout: .now() + 60) == .success
                    }
                }
            }
            var outcomes: [Bool] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.count == calls && outcomes.allSatisfy { $0 }, "\(outcomes.filter { !$0 }.count) timed out")
    }

    @Test("it returns the work's value and throws its typed error")
    func valueAndError() async throws {
        struct Refused: Error, Equatable {}
        #expect(await BlockingIO.run { 6 * 7 } == 42)
        await #expect(throws: Refused.self) {
            try await BlockingIO.run { () throws(Refused) -> Int in throw Refused() }
        }
    }
}
