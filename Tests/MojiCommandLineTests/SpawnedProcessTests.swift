import Foundation
import MojiSpawn
import MojiTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The helper every test starts its children with: what the child gets from the test process.
@Suite("child processes of the tests")
struct SpawnedProcessTests {
    @Test("a child started beside 1,500 open descriptors and a blocked SIGCHLD inherits neither")
    func cleanStart() async throws {
        // Foundation's Process read past its directory buffer with this many open and crashed
        // the run. Foundation's threads start with nearly every signal blocked, and a shell
        // spawned from one with SIGCHLD blocked waited for its job for good.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let extra = max(0, min(1_500, Int(limit.rlim_cur) - 2_500))
        let opened = (0..<extra).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in opened where descriptor >= 0 { close(descriptor) } }
        #expect(opened.allSatisfy { $0 >= 0 })

        // Each program is the child itself: a shell in between sets its own signal mask.
        func run(_ program: String, _ arguments: [String]) async throws -> [Substring] {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent(
                "moji-spawn-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            let process: SpawnedProcess = try await withCheckedThrowingContinuation { continuation in
                Thread {
                    var blocked = sigset_t()
                    sigemptyset(&blocked)
                    sigaddset(&blocked, SIGCHLD)
                    pthread_sigmask(SIG_BLOCK, &blocked, nil)
                    continuation.resume(
                        with: Result {
                            try SpawnedProcess(program, arguments, environment: [:], standardOutput: .file(output.path))
                        })
                }.start()
            }
            #expect(await process.waitForExit() == SpawnedProcess.Termination(status: 0, bySignal: false))
            return try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        }
        // 0, 1 and 2, and the one `ls` opens to read the folder.
        let descriptors = try await run("/bin/ls", ["/proc/self/fd"]).compactMap { Int($0) }
        #expect(descriptors.count <= 4 && descriptors.allSatisfy { $0 <= 3 }, "\(descriptors)")
        let mask = try await run("/bin/grep", ["SigBlk", "/proc/self/status"])
        #expect(mask == ["SigBlk:\t0000000000000000"])
    }

    @Test("a killed child reports the signal, and a missing program is an error that names it")
    func endings() async throws {
        let sleeper = try SpawnedProcess("/bin/sleep", ["30"], environment: [:])
        #expect(sleeper.isRunning)
        sleeper.signal(SIGKILL)
        #expect(await sleeper.waitForExit() == SpawnedProcess.Termination(status: SIGKILL, bySignal: true))
        #expect(!sleeper.isRunning)

        let exited = try SpawnedProcess("/bin/sh", ["-c", "exit 7"], environment: [:])
        #expect(await exited.waitForExit() == SpawnedProcess.Termination(status: 7, bySignal: false))

        #expect {
            try SpawnedProcess("/nonexistent/moji-nothing", [], environment: [:])
        } throws: { error in
            "\(error)".contains("/nonexistent/moji-nothing")
        }
    }
}
