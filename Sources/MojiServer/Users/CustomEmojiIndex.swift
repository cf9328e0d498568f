import Foundation
import Moji
import MojiStore

/// The main store's custom emoji, for search and for the items of `/v1/me`: re-read only when the
/// store's `customEmoji` change version moves, checked at most once a second, so a request never
/// reads the whole table; the reads run with `BlockingIO`, off the threads every request
/// shares.
final class CustomEmojiIndex: Sendable {
    private let store: Result<EmojiStore, StoreError>
    private let snapshot = Locked(Snapshot())

    /// The custom emoji of one change version.
    struct Snapshot: Sendable {
        /// The store's `customEmoji` change version they were read at; nil before the first read.
        var version: Int?
        /// When the change version was last read (monotonic, so a clock stepped back cannot freeze it).
        var checked: ContinuousClock.Instant?
        /// Every custom emoji, in the store's order.
        var emoji: [CustomEmoji] = []
        /// The same by lowercased code.
        var byCode: [String: CustomEmoji] = [:]
    }

    init(store: Result<EmojiStore, StoreError>) {
        self.store = store
    }

    /// The custom emoji as of at most a second ago. A store that fails to answer keeps the last
    /// ones read (health reports it).
    func current() async -> Snapshot {
        guard case .success(let store) = store else { return Snapshot() }
        let now = ContinuousClock.now
        let known = snapshot.withLock { $0 }
        if let checked = known.checked, now - checked < .seconds(1) { return known }
        let read = await BlockingIO.run { () -> (version: Int, emoji: [CustomEmoji]?)? in
            guard let version = try? store.changeVersions()[.customEmoji] else { return nil }
            if version == known.version { return (version, nil) }
            return (try? store.customEmojis()).map { (version, $0) }
        }
        guard let read else { return known }
        guard let emoji = read.emoji else {
            return snapshot.withLock {
                $0.checked = now
                return $0
            }
        }
        var byCode: [String: CustomEmoji] = [:]
        for custom in emoji { byCode[custom.code.lowercased()] = custom }
        let fresh = Snapshot(version: read.version, checked: now, emoji: emoji, byCode: byCode)
        snapshot.withLock { $0 = fresh }
        return fresh
    }
}
