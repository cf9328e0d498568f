import Moji

/// What a command produced that the front end must act on.
public enum PickerEvent: Sendable, Hashable {
    /// These items were picked (tones applied) and recorded in the history: insert them.
    case picked([SearchItem])
    /// Escape with nothing left to close or clear: the person wants the picker gone.
    case dismissed
}
