import Foundation
import Moji
import MojiPicker

/// A history in memory, to watch what the picker records.
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

    func recordPick(of item: SearchItem) throws {
        lock.withLock {
            recorded.append(item)
            state.recent.removeAll { $0.text == item.text }
            state.recent.insert(item, at: 0)
        }
    }

    func setPreferredSkinTones(_ tones: [SkinTone], for emoji: Emoji) throws {
        lock.withLock {
            preferences.append((emoji, tones))
            state.skinTones[emoji.neutral] = tones
        }
    }
}

let catalog = EmojiCatalog.shared

func emoji(_ text: String) -> Emoji { catalog.emoji(for: text)! }

func item(_ text: String) -> SearchItem { .emoji(emoji(text)) }

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
