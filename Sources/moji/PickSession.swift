import MojiPicker
import MojiTerminal

/// The interactive loop of `moji pick`: keys in, picker commands, frames out.
struct PickSession {
    /// How the session ended.
    enum Outcome: Equatable {
        /// Enter picked (the last pick, with `--keep-open`).
        case picked
        /// Esc with nothing left to clear, or the terminal closed.
        case dismissed
        /// Ctrl+C.
        case interrupted
    }

    private(set) var picker: EmojiPicker
    /// The last failure of `onPick` to record a pick.
    private(set) var recordingError: (any Error)?
    let terminal: TerminalSession
    private var screen: PickerScreen
    private var decoder = KeyDecoder()
    private var buffer = ScreenBuffer()
    private var size: (width: Int, height: Int)

    /// Keys typed before the session started (while the terminal was probed), decoded first.
    private var typedAhead: [UInt8]

    init(
        picker: EmojiPicker, terminal: TerminalSession, usesColor: Bool, notice: String? = nil,
        tonedWidth: Int = 2, typedAhead: [UInt8] = []
    ) {
        self.picker = picker
        self.terminal = terminal
        self.typedAhead = typedAhead
        screen = PickerScreen(usesColor: usesColor)
        screen.notice = notice
        screen.tonedWidth = tonedWidth
        size = terminal.size
    }

    /// Runs until a pick (unless `keepOpen`), Esc or Ctrl+C. `onPick` gets each pick to print and
    /// record; with `keepOpen` the picker then reads its history again, so the pick shows in
    /// Recent. A recording failure is shown on the status line and kept in `recordingError`.
    mutating func run(keepOpen: Bool, onPick: (EmojiPick) throws -> Void) -> Outcome {
        PickerScreen.fit(&picker, width: size.width, height: size.height)
        draw()
        var lastOutcome = Outcome.dismissed
        while true {
            let keys: [TerminalKey]
            let input =
                typedAhead.isEmpty
                ? terminal.waitForInput(timeoutMilliseconds: decoder.hasPending ? 40 : -1) : .input(typedAhead)
            typedAhead = []
            // A lone ESC is Escape only once no sequence follows it within a moment.
            switch input {
            case .input(let bytes):
                keys = decoder.decode(bytes)
                if !keys.isEmpty { screen.keyPressed() }
            case .timeout: keys = decoder.flush()
            case .resized:
                // Also after a stop and `fg`: the terminal was taken back and cleared.
                size = terminal.size
                PickerScreen.fit(&picker, width: size.width, height: size.height)
                draw()
                continue
            case .closed: return lastOutcome
            }
            for key in keys {
                switch key {
                case .interrupt: return .interrupted
                // Returns after `fg`; the wake-up that follows redraws, at the terminal's size then.
                case .suspend: terminal.suspend()
                case .clearLine: picker.setQuery("")
                default:
                    guard let command = key.pickerCommand else { continue }
                    switch picker.handle(command) {
                    case .picked(let pick):
                        do { try onPick(pick) } catch { recordingError = error }
                        lastOutcome = .picked
                        if !keepOpen { return .picked }
                        picker.reloadHistory()
                    case .dismissed:
                        return lastOutcome == .picked ? .picked : .dismissed
                    case nil:
                        break
                    }
                }
            }
            draw()
        }
    }

    private mutating func draw() {
        screen.status =
            recordingError.map { "Not saved to the store: \($0)" }
            ?? picker.historyError.map { "Cannot read the store: \($0)" }
        buffer.removeAll()
        screen.render(picker, width: size.width, height: size.height, into: &buffer)
        terminal.write(buffer.bytes)
    }
}
