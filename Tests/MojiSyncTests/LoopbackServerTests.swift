import Foundation
import MojiLoopbackServer
import MojiTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test server itself: the other suites rely on it answering whatever the tests beside them do.
@Suite("loopback server")
struct LoopbackServerTests {
    @Test("it answers while every thread of Swift's cooperative pool is held by blocking work")
    func answersWhileThePoolIsHeld() async throws {
        // In a full run, hundreds of tests start at once and the synchronous ones hold the pool's
        // threads (one per processor) until they end; a server answering on that pool kept its
        // clients waiting past their 30 s timeout.
        let server = try await LoopbackServer.start()
        server.route("/page", .body(Data("abc".utf8), contentType: "text/plain"))
        let url = server.url("/page")
        let answer = try await offCooperativePool { Self.requestWhileThePoolIsHeld(url) }
        #expect(answer == "200 abc")
        await server.stop()
    }

    /// Holds every thread of the cooperative pool, then asks for `url` with a 5 s timeout from
    /// outside the pool: the status and body, or what went wrong. The pool is held only until the
    /// answer comes, so the suites beside this one wait milliseconds.
    private static func requestWhileThePoolIsHeld(_ url: URL) -> String {
        let width = ProcessInfo.processInfo.activeProcessorCount
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<width {
            Task.detached { hold(signalling: held, until: release) }
        }
        defer { for _ in 0..<width { release.signal() } }
        // Other suites may hold threads too; then the pool is held all the same.
        for _ in 0..<width { _ = held.wait(timeout: .now() + 60) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer = "no answer within 8 s"
        var request = URLRequest(url: url)
        request.timeoutInterval = 5
        // Callbacks on a queue with a thread of its own, as URLSessionTransport has them: the
        // shared session's wait in Dispatch's pool, which other suites' blocking work can fill.
        let callbacks = OperationQueue()
        callbacks.underlyingQueue = callbackQueue
        let session = URLSession(configuration: .ephemeral, delegate: nil, delegateQueue: callbacks)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                answer = "\(error)"
            } else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                answer = "\(status) \(String(decoding: data ?? Data(), as: UTF8.self))"
            }
            done.signal()
        }
        task.resume()
        _ = done.wait(timeout: .now() + 8)
        return answer
    }

    /// Kept for the process: an operation queue does not keep its underlying queue alive.
    private static let callbackQueue = DispatchQueue(label: "LoopbackServerTests")

    /// Blocks the calling thread: the work a synchronous test does on the pool.
    private static func hold(signalling held: DispatchSemaphore, until release: DispatchSemaphore) {
        held.signal()
        release.wait()
    }
}
