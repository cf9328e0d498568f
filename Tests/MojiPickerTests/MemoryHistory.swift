import Foundation
import Moji
import MojiPicker

/// A history in memory: a test records picks in it as a host would, and watches that the picker
/// itself never does.
final class MemoryHistory: PickerHistory, Sendable {
    private struct State {
        var snapshot: PickerHistorySnapshot
        var recorded: [SearchItem] = []
        var preferences: [(Emoji, [SkinTone])] = []
    }

    private let state: Locked<State>

    init(_ snapshot: PickerHistorySnapshot = PickerHistorySnapshot()) { state = Locked(State(snapshot: snapshot)) }

    /// What was picked, in order.
    var picks: [SearchItem] { state.withLock { $0.recorded } }
    /// The tone preferences stored, in order.
    var storedTones: [(Emoji, [SkinTone])] { state.withLock { $0.preferences } }

    func pickerSnapshot() throws -> PickerHistorySnapshot { state.withLock { $0.snapshot } }

    func record(_ pick: EmojiPick) throws {
        state.withLock { state in
            for (emoji, tones) in pick.skinTones {
                state.preferences.append((emoji, tones))
                state.snapshot.skinTones[emoji.neutral] = tones
            }
            for item in pick.items {
                state.recorded.append(item)
                state.snapshot.recent.removeAll { $0.text == item.text }
                state.snapshot.recent.insert(item, at: 0)
            }
        }
    }
}

let catalog = EmojiCatalog.shared

func emoji(_ text: String) -> Emoji { catalog.emoji(for: text)! }

func item(_ text: String) -> SearchItem { .emoji(emoji(text)) }

extension PickerEvent {
    /// The items of a pick, or nil for another event.
    var pickedItems: [SearchItem]? {
        if case .picked(let pick) = self { return pick.items }
        return nil
    }
}

/// The event of picking these items from the grid.
func picked(_ items: SearchItem...) -> PickerEvent { .picked(EmojiPick(items: items)) }

extension EmojiPicker {
    /// The text of the selected cell.
    var selectedText: String? { selectedItem?.text }

    /// Sends each command in turn; returns the last event.
    @discardableResult
    mutating func send(_ commands: PickerCommand...) -> PickerEvent? {
        var event: PickerEvent?
        for command in commands { event = handle(command) }
        return event
    }
}
