import Foundation
import Moji
import MojiStore

/// The main store's custom emoji by code (case-insensitive), for the items of `/v1/me`: re-read
/// only when the store's `customEmoji` change version moves, checked at most once a second, so a
/// request never reads the whole table.
final class CustomEmojiIndex: Sendable {
    private let store: Result<EmojiStore, StoreError>
    private let snapshot = Locked(Snapshot())

    private struct Snapshot: Sendable {
        var version: Int?
        /// When the change version was last read (monotonic, so a clock stepped back cannot freeze it).
        var checked: ContinuousClock.Instant?
        var byCode: [String: CustomEmoji] = [:]
    }

    init(store: Result<EmojiStore, StoreError>) {
        self.store = store
    }

    /// The current custom emoji by lowercased code.
    func current() -> [String: CustomEmoji] {
        guard case .success(let store) = store else { return [:] }
        let now = ContinuousClock.now
        let known = snapshot.withLock { $0 }
        if let checked = known.checked, now - checked < .seconds(1) { return known.byCode }
        guard let version = try? store.changeVersions()[.customEmoji] else { return known.byCode }
        if version == known.version {
            snapshot.withLock { $0.checked = now }
            return known.byCode
        }
        guard let emoji = try? store.customEmojis() else { return known.byCode }
        var byCode: [String: CustomEmoji] = [:]
        for custom in emoji { byCode[custom.code.lowercased()] = custom }
        snapshot.withLock { $0 = Snapshot(version: version, checked: now, byCode: byCode) }
        return byCode
    }
}
