#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the terminal back from places where Swift code cannot run normally: signal handlers
/// and `atexit`. It keeps what it needs in plain globals and calls only async-signal-safe
/// functions (`write`, `tcsetattr`, `_exit`, `raise`, `sigaction`, `pthread_sigmask`).
///
/// SIGTSTP (Ctrl-Z, or `kill -TSTP`) stops the process with the terminal as the shell left
/// it, and SIGCONT (`fg`) takes it back: raw mode, the alternate screen, and a redraw.
enum TerminalRestorer {
    /// Alternate screen, hidden cursor, cleared screen.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Shown cursor, normal attributes, main screen.
    static let leaveSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    #if canImport(Glibc) || canImport(Darwin)
        /// Signals that end the process: restore, then exit with 128 + the signal.
        static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
        /// Signals of a crash: restore, then die of the signal as before.
        static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

        static func install(fd: Int32, original: termios, raw: termios, wakeFD: Int32) {
            restorerState.fd = fd
            restorerState.original = original
            restorerState.raw = raw
            restorerState.wakeFD = wakeFD
            restorerState.active = true
            if !restorerState.atexitRegistered {
                restorerState.atexitRegistered = true
                atexit { TerminalRestorer.restore() }
            }
            for signal in terminatingSignals {
                installHandler(signal) { number in
                    TerminalRestorer.restore()
                    _exit(128 + number)
                }
            }
            for signal in crashSignals {
                installHandler(signal) { number in
                    TerminalRestorer.restore()
                    TerminalRestorer.resetToDefault(number)
                    raise(number)
                }
            }
            installHandler(SIGWINCH) { _ in TerminalRestorer.wake() }
            installHandler(SIGTSTP) { _ in TerminalRestorer.stopUntilContinued() }
        }

        /// Wakes ``TerminalSession/waitForInput(timeoutMilliseconds:)`` to redraw; async-signal-safe.
        static func wake() {
            var byte: UInt8 = 1
            _ = write(restorerState.wakeFD, &byte, 1)
        }

        /// The SIGTSTP handler: gives the terminal back, stops the process as SIGTSTP's default
        /// action would, and once continued takes the terminal again and asks for a redraw.
        ///
        /// SIGTSTP is blocked while its handler runs, so the default action is restored and the
        /// signal raised again, then unblocked: the process stops inside this function and goes on
        /// from there on SIGCONT. In an orphaned process group the system discards the stop, and
        /// the picker simply carries on.
        private static func stopUntilContinued() {
            let saved = errno
            defer { errno = saved }
            guard restorerState.active else { return }
            leaveSequence.withUnsafeBytes { bytes in
                _ = write(restorerState.fd, bytes.baseAddress, bytes.count)
            }
            _ = tcsetattr(restorerState.fd, TCSADRAIN, &restorerState.original)
            resetToDefault(SIGTSTP)
            raise(SIGTSTP)
            var stop = sigset_t()
            sigemptyset(&stop)
            sigaddset(&stop, SIGTSTP)
            pthread_sigmask(SIG_UNBLOCK, &stop, nil)
            // Continued (fg), or never stopped.
            installHandler(SIGTSTP) { _ in TerminalRestorer.stopUntilContinued() }
            _ = tcsetattr(restorerState.fd, TCSADRAIN, &restorerState.raw)
            enterSequence.utf8CString.withUnsafeBytes { bytes in
                _ = write(restorerState.fd, bytes.baseAddress, bytes.count - 1)
            }
            wake()
        }

        private static func installHandler(_ signal: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = handler
            #else
                action.__sigaction_u.__sa_handler = handler
            #endif
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }

        /// Restores the terminal if the picker has it; async-signal-safe.
        static func restore() {
            guard restorerState.active else { return }
            restorerState.active = false
            leaveSequence.withUnsafeBytes { bytes in
                _ = write(restorerState.fd, bytes.baseAddress, bytes.count)
            }
            _ = tcsetattr(restorerState.fd, TCSAFLUSH, &restorerState.original)
        }

        /// Gives the signals back their default handlers.
        static func uninstall() {
            for signal in terminatingSignals + crashSignals + [SIGWINCH, SIGTSTP] { resetToDefault(signal) }
        }

        /// Gives one signal back its default handler; async-signal-safe.
        private static func resetToDefault(_ signal: Int32) {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = SIG_DFL
            #else
                action.__sigaction_u.__sa_handler = SIG_DFL
            #endif
            sigaction(signal, &action, nil)
        }
    #else
        static func restore() {}
        static func uninstall() {}
    #endif
}

#if canImport(Glibc) || canImport(Darwin)
    /// What the signal handlers need; plain memory, as signal handlers cannot take locks.
    struct RestorerState {
        var fd: Int32 = -1
        var wakeFD: Int32 = -1
        var original = termios()
        /// The picker's raw mode, to take the terminal back after a stop.
        var raw = termios()
        var active = false
        var atexitRegistered = false
    }

    nonisolated(unsafe) var restorerState = RestorerState()
#endif
