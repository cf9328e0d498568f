/// A key press or gesture the picker understands, named after the keys that send it.
///
/// A front end maps its input to these and passes them to ``EmojiPicker/handle(_:)``:
///
/// | command | in the grid | in the skin-tone popover |
/// |---|---|---|
/// | arrows | move the selection, crossing sections | move between tones and people |
/// | `home`, `end` | first, last cell | first, last tone |
/// | `pageUp`, `pageDown` | move by ``EmojiPicker/pageRows`` rows | — |
/// | `tab`, `backTab` | next, previous section | next, previous tone (on to the next person) |
/// | `enter` | pick the selection | pick the tones chosen |
/// | `altEnter` | open the skin-tone popover | pick the tones chosen |
/// | `space` | type a space | pick the tones chosen |
/// | `escape` | clear the query, then the selection, then dismiss | close the popover |
public enum PickerCommand: Sendable, Hashable {
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    case tab
    case backTab
    /// Return: picks.
    case enter
    /// Option/Alt + Return: opens the skin-tone popover.
    case altEnter
    case space
    case escape
    /// Text typed into the query.
    case insert(String)
    /// Backspace: deletes the last character of the query.
    case deleteBackward
    /// Adds or removes the item under the cursor from the selection (``PickerSelectionMode/multiple``).
    case toggleSelection
}
