import Foundation
import Moji
import MojiPicker

/// A history in memory: a test records picks in it as a host would, and watches that the picker
/// itself never does.
final class MemoryHistory: PickerHistory, @unchecked Sendable {
    private let lock = NSLock()
    private var state: PickerHistorySnapshot
    private var recorded: [SearchItem] = []
    private var preferences: [(Emoji, [SkinTone])] = []

    init(_ snapshot: PickerHistorySnapshot = PickerHistorySnapshot()) { state = snapshot }

    /// What was picked, in order.
    var picks: [SearchItem] { lock.withLock { recorded } }
    /// The tone preferences stored, in order.
    var storedTones: [(Emoji, [SkinTone])] { lock.withLock { preferences } }

    func pickerSnapshot() throws -> PickerHistorySnapshot { lock.withLock { state } }

    func record(_ pick: EmojiPick) throws {
        lock.withLock {
            for (emoji, tones) in pick.skinTones {
                preferences.append((emoji, tones))
                state.skinTones[emoji.neutral] = tones
            }
            for item in pick.items {
                recorded.append(item)
                state.recent.removeAll { $0.text == item.text }
                state.recent.insert(item, at: 0)
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
