import Moji

/// Values kept by key within a bound: the one cache of the server (encoded answers, compressed
/// bodies, picker data, text filters, tokens), so each keeps what it uses most and none grows
/// with what clients ask.
///
/// Two generations approximate least-recently-used order in O(1): a hit in the older one moves to
/// the newer one, and when the newer one is full (by count or by cost) it becomes the older one
/// and the oldest entries go. So at most `2 × capacity` entries and `2 × costBudget` are kept,
/// whatever a client asks for, and an entry used since the last turnover is never dropped by it.
///
/// ``removeAll()`` starts a new epoch: a value made before it (read the epoch with
/// ``currentEpoch``) is not stored after it, so a request that began with stale data cannot put
/// a stale value back.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Generations: Sendable {
        var newer: [Key: Value] = [:]
        var newerCost = 0
        var older: [Key: Value] = [:]
        var epoch = 0
    }

    /// Entries per generation; 0 keeps nothing.
    let capacity: Int
    /// The cost of the entries per generation (bytes, for the caches of bodies).
    let costBudget: Int
    private let cost: @Sendable (Key, Value) -> Int
    private let generations = Locked(Generations())

    /// A cache of `capacity` entries per generation, each costing `cost` (nothing, by default)
    /// of `costBudget` per generation.
    init(capacity: Int, costBudget: Int = .max, cost: @escaping @Sendable (Key, Value) -> Int = { _, _ in 0 }) {
        self.capacity = max(capacity, 0)
        self.costBudget = max(costBudget, 0)
        self.cost = cost
    }

    /// The epoch a value being made now belongs to; pass it to ``store(_:for:epoch:)``.
    var currentEpoch: Int { generations.withLock { $0.epoch } }

    /// The cost of what the two generations hold (for tests and figures).
    var storedCost: Int {
        generations.withLock { generations in
            generations.newerCost + generations.older.reduce(0) { $0 + cost($1.key, $1.value) }
        }
    }

    /// The value for `key`, or nil.
    func value(for key: Key) -> Value? {
        guard capacity > 0 else { return nil }
        return generations.withLock { generations in
            if let value = generations.newer[key] { return value }
            guard let value = generations.older.removeValue(forKey: key) else { return nil }
            insert(value, for: key, into: &generations)
            return value
        }
    }

    /// Keeps `value` for `key`, unless the cache was emptied since `epoch` (the value may be
    /// stale) or the value alone costs more than the budget.
    func store(_ value: Value, for key: Key, epoch: Int? = nil) {
        guard capacity > 0, cost(key, value) <= costBudget else { return }
        generations.withLock { generations in
            if let epoch, generations.epoch != epoch { return }
            insert(value, for: key, into: &generations)
        }
    }

    /// The value for `key`, made by `make` and kept when there is none.
    func value(for key: Key, orMake make: () throws -> Value) rethrows -> Value {
        if let value = value(for: key) { return value }
        // Two first requests may both make it; they make the same value.
        let epoch = currentEpoch
        let value = try make()
        store(value, for: key, epoch: epoch)
        return value
    }

    /// Forgets the value for `key`.
    func removeValue(for key: Key) {
        generations.withLock { generations in
            if let removed = generations.newer.removeValue(forKey: key) {
                generations.newerCost -= cost(key, removed)
            }
            generations.older[key] = nil
        }
    }

    /// Forgets every entry (the values they hold are stale) and starts a new epoch.
    func removeAll() {
        generations.withLock { $0 = Generations(epoch: $0.epoch &+ 1) }
    }

    private func insert(_ value: Value, for key: Key, into generations: inout Generations) {
        let cost = cost(key, value)
        if generations.newer.count >= capacity || generations.newerCost + cost > costBudget {
            generations.older = generations.newer
            generations.newer = [:]
            generations.newerCost = 0
        }
        if let replaced = generations.newer.updateValue(value, forKey: key) {
            generations.newerCost -= self.cost(key, replaced)
        }
        generations.newerCost += cost
    }
}
