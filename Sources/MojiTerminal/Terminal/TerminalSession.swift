#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The controlling terminal (`/dev/tty`) in full-screen raw mode: alternate screen, hidden
/// cursor, no echo, keys read one by one. Standard input and output stay free, so the caller's
/// output can be captured or piped (as fzf does).
///
/// The terminal is restored on ``restore()``, at exit, on SIGINT, SIGTERM, SIGHUP and SIGQUIT,
/// and on a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE): cursor, echo, line
/// editing and the main screen come back whatever happens. A stop (SIGTSTP, ``suspend()``)
/// restores it too, and continuing takes it back.
///
/// ```swift
/// let terminal = try TerminalSession()
/// defer { terminal.restore() }
/// while case .input(let bytes) = terminal.waitForInput(timeoutMilliseconds: -1) { … }
/// ```
public final class TerminalSession: @unchecked Sendable {
    /// What ``waitForInput(timeoutMilliseconds:)`` saw.
    public enum Input: Sendable {
        /// Bytes typed (or pasted).
        case input([UInt8])
        /// The terminal changed size (SIGWINCH).
        case resized
        /// No input within the timeout.
        case timeout
        /// The terminal went away.
        case closed
    }

    /// Opens `/dev/tty` and enters raw mode on the alternate screen.
    ///
    /// - Throws: ``TerminalError/noTerminal(reason:)`` when there is no controlling terminal,
    ///   ``TerminalError/dumbTerminal`` when `TERM` is `dumb` (it cannot draw in place).
    public init() throws(TerminalError) {
        #if canImport(Glibc) || canImport(Darwin)
            // Emacs' shell, some CI consoles and editors' terminals say they cannot take cursor moves.
            if let term = getenv("TERM"), String(cString: term) == "dumb" { throw .dumbTerminal }
            let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard fd >= 0 else { throw .noTerminal(reason: String(cString: strerror(errno))) }
            var original = termios()
            guard tcgetattr(fd, &original) == 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw .noTerminal(reason: reason)
            }
            var raw = original
            raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            raw.c_oflag &= ~tcflag_t(OPOST)
            raw.c_cflag |= tcflag_t(CS8)
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            var wake: [Int32] = [-1, -1]
            guard pipe(&wake) == 0 else {
                close(fd)
                throw .cannotConfigure(reason: "no pipe for resize signals")
            }
            _ = fcntl(wake[0], F_SETFL, fcntl(wake[0], F_GETFL) | O_NONBLOCK)
            _ = fcntl(wake[1], F_SETFL, fcntl(wake[1], F_GETFL) | O_NONBLOCK)
            TerminalRestorer.install(fd: fd, original: original, raw: raw, wakeFD: wake[1])
            guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else {
                let reason = String(cString: strerror(errno))
                TerminalRestorer.restore()
                close(fd)
                throw .cannotConfigure(reason: reason)
            }
            self.fd = fd
            self.wakeFD = wake[0]
            self.wakeWriteFD = wake[1]
            write(TerminalRestorer.enterSequence)
        #else
            throw .unsupportedPlatform
        #endif
    }

    let fd: Int32
    let wakeFD: Int32
    let wakeWriteFD: Int32
    private var restored = false

    /// The size in cells (columns, rows); 80×24 when the terminal does not say.
    public var size: (width: Int, height: Int) {
        var size = winsize()
        #if canImport(Glibc)
            let result = ioctl(fd, UInt(TIOCGWINSZ), &size)
        #else
            let result = ioctl(fd, TIOCGWINSZ, &size)
        #endif
        guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Writes bytes to the terminal, all of them.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = writeToDescriptor(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Writes text to the terminal.
    public func write(_ text: String) { write(Array(text.utf8)) }

    /// Waits for keys, a resize, or the timeout (-1: forever).
    public func waitForInput(timeoutMilliseconds: Int32) -> Input {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, timeoutMilliseconds)
        if ready < 0 { return errno == EINTR ? .resized : .closed }
        if ready == 0 { return .timeout }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakeFD, &drain, drain.count) > 0 {}
            return .resized
        }
        if fds[0].revents & Int16(POLLIN) != 0 {
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &bytes, bytes.count)
            if count <= 0 { return count < 0 && errno == EINTR ? .timeout : .closed }
            return .input(Array(bytes.prefix(count)))
        }
        return .closed
    }

    /// Stops the process as Ctrl-Z does in a shell (raw mode clears ISIG, so the key arrives as
    /// a byte): the terminal is given back first and taken again when the shell continues the
    /// process (`fg`), with ``waitForInput(timeoutMilliseconds:)`` then reporting ``Input/resized``
    /// so the caller redraws. Returns once the process runs again.
    public func suspend() {
        guard !restored else { return }
        raise(SIGTSTP)
    }

    /// Leaves raw mode and the alternate screen, shows the cursor. Safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        TerminalRestorer.restore()
        TerminalRestorer.uninstall()
        close(wakeFD)
        close(wakeWriteFD)
        close(fd)
    }

    deinit { restore() }
}

#if canImport(Glibc) || canImport(Darwin)
    /// `write(2)`, named apart from the session's own `write`.
    @inline(__always)
    private func writeToDescriptor(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        write(fd, buffer, count)
    }
#endif
