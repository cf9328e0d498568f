import MojiPicker

/// A key press decoded from terminal input.
public enum TerminalKey: Sendable, Hashable {
    /// Printable text (one character, or several when pasted).
    case text(String)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case tab, backTab
    case enter
    /// Alt (Option) + Enter: ESC then CR.
    case altEnter
    case space
    case escape
    case backspace
    case delete
    /// Ctrl-C: quit.
    case interrupt
    /// Ctrl-Z: suspend, as a shell job.
    case suspend
    /// Ctrl-U: clear the query.
    case clearLine
    /// Ctrl-Space or Ctrl-T: select several.
    case toggleSelection
    /// Anything else (function keys, unbound control keys, Alt + letter).
    case unknown

    /// The picker command this key sends, or nil for keys the front end handles itself
    /// (``interrupt``, ``suspend``, ``clearLine``) or ignores.
    public var pickerCommand: PickerCommand? {
        switch self {
        case .text(let text): .insert(text)
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .home: .home
        case .end: .end
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .tab: .tab
        case .backTab: .backTab
        case .enter: .enter
        case .altEnter: .altEnter
        case .space: .space
        case .escape: .escape
        case .backspace: .deleteBackward
        case .toggleSelection: .toggleSelection
        case .delete, .interrupt, .suspend, .clearLine, .unknown: nil
        }
    }
}
