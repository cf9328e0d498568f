import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process, started with `posix_spawn` and reaped by a thread of its own: the one way
/// Moji starts programs (the clipboard tools of `moji pick`, `moji-bench`'s children, and every
/// child of the tests).
///
/// Not Foundation's `Process`. On Linux, `Process.run()` finds the highest open descriptor by
/// reading `/proc/self/fd` and copies each entry's whole 256-byte name out of the directory
/// buffer, past the end of the last entry. With about 1,360 descriptors open (the SQLite files
/// and sockets of the test suites running in parallel) that buffer is full, the copy ran into an
/// unmapped page, and the whole test run died of SIGSEGV. Here the child closes every
/// descriptor above 2 itself, and the wait holds no thread of Swift's cooperative pool.
///
/// The child's signal mask is set empty, not inherited: Foundation's threads run with nearly
/// every signal blocked, and a shell started from one with SIGCHLD blocked waited for its
/// background job for good (the `dash` hang of an earlier CI run).
public final class SpawnedProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// The file at this path, created or emptied; the child opens it itself.
        case file(String)
        /// A descriptor of this process, duplicated into the child. The caller keeps (and
        /// closes) its own copy: the write end of a pipe must be closed here for reads to end.
        case descriptor(Int32)
    }

    /// How the child ended.
    public struct Termination: Sendable, Equatable {
        /// The exit status, or the number of the signal that ended it.
        public var status: Int32
        /// Whether a signal ended it.
        public var bySignal: Bool

        public init(status: Int32, bySignal: Bool) {
            self.status = status
            self.bySignal = bySignal
        }
    }

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        public var executable: String
        public var code: Int32
        public var description: String { "could not start \(executable): \(String(cString: strerror(code)))" }
    }

    public let processIdentifier: pid_t
    private let ended = NSCondition()
    private var outcome: Termination?
    private var waiters: [CheckedContinuation<Termination, Never>] = []

    /// Starts `executable` with `arguments` and exactly `environment`, in a process group of its
    /// own (as Foundation's `Process` does) and with no signal blocked.
    ///
    /// Signals this process ignores stay ignored in the child, as with `Process`: the test runner
    /// ignores SIGPIPE, and so the tests have always run their children.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        standardInput: Stream = .null, standardOutput: Stream = .null, standardError: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [
            (standardInput, STDIN_FILENO), (standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO),
        ] {
            let code: Int32
            switch stream {
            case .null:
                code = posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            case .file(let path):
                let flags = target == STDIN_FILENO ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                code = posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o644)
            case .descriptor(let descriptor):
                code = posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
            guard code == 0 else { throw SpawnError(executable: executable, code: code) }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            let closing = Self.closeDescriptorsFromThree(&actions)
            guard closing == 0 else { throw SpawnError(executable: executable, code: closing) }
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SpawnError(executable: executable, code: spawned) }
        processIdentifier = child
        Thread { [self] in reap() }.start()
    }

    /// How it ended, or nil while it runs.
    public var termination: Termination? { ended.withLock { outcome } }

    public var isRunning: Bool { termination == nil }

    /// Sends `signal` to the child (SIGTERM unless told), if it has not been reaped yet.
    public func signal(_ signal: Int32 = SIGTERM) {
        ended.withLock { if outcome == nil { _ = kill(processIdentifier, signal) } }
    }

    /// Waits for the child to end without holding a thread of the cooperative pool.
    public func waitForExit() async -> Termination {
        await withCheckedContinuation { continuation in
            let known: Termination? = ended.withLock {
                if let outcome { return outcome }
                waiters.append(continuation)
                return nil
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    /// Blocks the calling thread until the child ends: only for code that is not async.
    public func waitUntilExit() -> Termination {
        ended.lock()
        defer { ended.unlock() }
        while outcome == nil { ended.wait() }
        return outcome ?? Termination(status: -1, bySignal: false)
    }

    private func reap() {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(processIdentifier, &status, 0) } while result == -1 && errno == EINTR
        // WIFSIGNALED, WTERMSIG and WEXITSTATUS are macros Swift does not import.
        let signal = status & 0x7F
        let termination =
            result == -1
            ? Termination(status: -1, bySignal: false)
            : signal == 0
                ? Termination(status: (status >> 8) & 0xFF, bySignal: false)
                : Termination(status: signal, bySignal: true)
        let resumed: [CheckedContinuation<Termination, Never>] = ended.withLock {
            outcome = termination
            ended.broadcast()
            defer { waiters = [] }
            return waiters
        }
        for waiter in resumed { waiter.resume(returning: termination) }
    }

    #if !canImport(Darwin)
        /// Adds a `closefrom(3)` to `actions` (glibc 2.34 and later, looked up at run time because
        /// Swift does not import it); where there is none, a close of every descriptor open now.
        private static func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) -> Int32 {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
                return unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            }
            // A descriptor closed before the spawn is not an error for glibc's close action.
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
                let code = posix_spawn_file_actions_addclose(&actions, descriptor)
                guard code == 0 else { return code }
            }
            return 0
        }
    #endif
}
