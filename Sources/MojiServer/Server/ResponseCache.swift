import Foundation
import Moji

/// Encoded answers kept by key, so a question asked again (a picker's "t", "th", "thu" come from
/// every user who types "thumbs") is answered without searching and encoding again.
///
/// Two generations approximate least-recently-used order in O(1): a hit in the older one moves to
/// the newer one, and when the newer one is full (by count or by bytes) it becomes the older one
/// and the oldest entries go. So at most `2 × capacity` entries and `2 × byteBudget` bytes are
/// kept, whatever a client asks for, and an entry used since the last turnover is never dropped
/// by it.
///
/// ``removeAll()`` starts a new epoch: an answer made before it (read the epoch with
/// ``currentEpoch``) is not stored after it, so a request that began with stale data cannot put
/// a stale answer back.
final class ResponseCache: Sendable {
    /// One encoded answer and its ETag.
    struct Entry: Sendable {
        var body: Data
        var etag: String
    }

    private struct Generations: Sendable {
        var newer: [String: Entry] = [:]
        var newerBytes = 0
        var older: [String: Entry] = [:]
        var epoch = 0
    }

    /// Entries per generation; 0 keeps nothing.
    let capacity: Int
    /// Bytes of bodies and keys per generation.
    let byteBudget: Int
    private let generations = Locked(Generations())

    init(capacity: Int, byteBudget: Int = 16 * 1024 * 1024) {
        self.capacity = max(capacity, 0)
        self.byteBudget = max(byteBudget, 0)
    }

    /// The epoch an answer being made now belongs to; pass it to ``store(_:for:epoch:)``.
    var currentEpoch: Int { generations.withLock { $0.epoch } }

    /// The bytes the two generations hold (for tests and figures).
    var storedBytes: Int {
        generations.withLock { generations in
            generations.newerBytes + generations.older.reduce(0) { $0 + Self.size($1.value, $1.key) }
        }
    }

    /// The entry for `key`, or nil.
    func entry(for key: String) -> Entry? {
        guard capacity > 0 else { return nil }
        return generations.withLock { generations in
            if let entry = generations.newer[key] { return entry }
            guard let entry = generations.older.removeValue(forKey: key) else { return nil }
            insert(entry, for: key, into: &generations)
            return entry
        }
    }

    /// Keeps `entry` for `key`, unless the cache was emptied since `epoch` (the answer may be stale)
    /// or the entry alone is over the byte budget.
    func store(_ entry: Entry, for key: String, epoch: Int) {
        guard capacity > 0, Self.size(entry, key) <= byteBudget else { return }
        generations.withLock { generations in
            guard generations.epoch == epoch else { return }
            insert(entry, for: key, into: &generations)
        }
    }

    /// Forgets every entry (the answers they hold are stale) and starts a new epoch.
    func removeAll() {
        generations.withLock { $0 = Generations(epoch: $0.epoch &+ 1) }
    }

    private func insert(_ entry: Entry, for key: String, into generations: inout Generations) {
        let size = Self.size(entry, key)
        if generations.newer.count >= capacity || generations.newerBytes + size > byteBudget {
            generations.older = generations.newer
            generations.newer = [:]
            generations.newerBytes = 0
        }
        if let replaced = generations.newer.updateValue(entry, forKey: key) {
            generations.newerBytes -= Self.size(replaced, key)
        }
        generations.newerBytes += size
    }

    private static func size(_ entry: Entry, _ key: String) -> Int {
        entry.body.count + entry.etag.utf8.count + key.utf8.count
    }
}
