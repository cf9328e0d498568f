import Foundation

/// Encoded answers kept by key, so a question asked again (a picker's "t", "th", "thu" come from
/// every user who types "thumbs") is answered without searching and encoding again.
///
/// Two generations approximate least-recently-used order in O(1): a hit in the older one moves to
/// the newer one, and when the newer one is full it becomes the older one and the oldest entries
/// go. So at most `2 × capacity` entries are kept, and an entry used since the last turnover is
/// never dropped by it.
final class ResponseCache: Sendable {
    /// One encoded answer and its ETag.
    struct Entry: Sendable {
        var body: Data
        var etag: String
    }

    private struct Generations: Sendable {
        var newer: [String: Entry] = [:]
        var older: [String: Entry] = [:]
    }

    /// Entries per generation; 0 keeps nothing.
    let capacity: Int
    private let generations = LockedValue(Generations())

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
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

    /// Keeps `entry` for `key`.
    func store(_ entry: Entry, for key: String) {
        guard capacity > 0 else { return }
        generations.withLock { insert(entry, for: key, into: &$0) }
    }

    /// Forgets every entry (the answers they hold are stale).
    func removeAll() {
        generations.withLock { $0 = Generations() }
    }

    private func insert(_ entry: Entry, for key: String, into generations: inout Generations) {
        if generations.newer.count >= capacity {
            generations.older = generations.newer
            generations.newer = [:]
            generations.newer.reserveCapacity(capacity)
        }
        generations.newer[key] = entry
    }
}
