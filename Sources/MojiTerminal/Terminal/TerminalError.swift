/// Why the picker cannot draw on a terminal.
public enum TerminalError: Error, Sendable, CustomStringConvertible {
    /// There is no controlling terminal (a pipe, a cron job, CI without a tty).
    case noTerminal(reason: String)
    /// `TERM` is `dumb`: the terminal cannot move the cursor or draw in place.
    case dumbTerminal
    /// The terminal refused raw mode.
    case cannotConfigure(reason: String)
    /// This platform has no termios.
    case unsupportedPlatform

    public var description: String {
        switch self {
        case .noTerminal(let reason): "there is no terminal to draw on (/dev/tty: \(reason))"
        case .dumbTerminal: "TERM=dumb says this terminal cannot move the cursor or draw in place"
        case .cannotConfigure(let reason): "the terminal cannot be put in raw mode (\(reason))"
        case .unsupportedPlatform: "this platform has no terminal support"
        }
    }
}
