/// What a command produced that the front end must act on.
public enum PickerEvent: Sendable, Hashable {
    /// The person picked: insert ``EmojiPick/items``, and record the pick in the history
    /// (``PickerHistory/record(_:)``); the picker itself writes nothing.
    case picked(EmojiPick)
    /// Escape with nothing left to close or clear: the person wants the picker gone.
    case dismissed
}
