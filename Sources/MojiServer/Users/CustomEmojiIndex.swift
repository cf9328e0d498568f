import Foundation
import Moji
import MojiStore

/// The main store's custom emoji, for search and for the items of `/v1/me`: re-read only when the
/// store's `customEmoji` change version moves, checked at most once a second, so a request never
/// reads the whole table; the reads run with `BlockingIO`, off the threads every request
/// shares.
final class CustomEmojiIndex: Sendable {
    private let store: Result<EmojiStore, StoreError>
    private let state = Locked(State())

    private struct State: Sendable {
        var snapshot = Snapshot()
        /// Whether a request is reading the store for the others.
        var reading = false
    }

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
        // One request reads when the check is due; the others meanwhile answer with what is known
        // (at most a second and a read old) rather than each sending a read of its own. Before the
        // first read there is nothing to answer with, so every request reads.
        let (known, reads) = state.withLock { state -> (Snapshot, Bool) in
            if let checked = state.snapshot.checked {
                if now - checked < .seconds(1) || state.reading { return (state.snapshot, false) }
            }
            state.reading = true
            return (state.snapshot, true)
        }
        guard reads else { return known }
        defer { state.withLock { $0.reading = false } }
        let read = await BlockingIO.run { () -> (version: Int, emoji: [CustomEmoji]?)? in
            guard let versions = try? store.changeVersions() else { return nil }
            // No row yet: the custom emoji never changed (a new store).
            let version = versions[.customEmoji] ?? 0
            if version == known.version { return (version, nil) }
            return (try? store.custom.allEmoji()).map { (version, $0) }
        }
        guard let read else { return known }
        guard let emoji = read.emoji else {
            return state.withLock {
                $0.snapshot.checked = now
                return $0.snapshot
            }
        }
        var byCode: [String: CustomEmoji] = [:]
        for custom in emoji { byCode[custom.code.lowercased()] = custom }
        let fresh = Snapshot(version: read.version, checked: now, emoji: emoji, byCode: byCode)
        state.withLock { $0.snapshot = fresh }
        return fresh
    }
}
