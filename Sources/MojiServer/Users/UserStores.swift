import Foundation
import Moji
import MojiStore

/// The per-user stores: `<main store's folder>/users/<user>.sqlite`, each an ``EmojiStore`` of its
/// own, so one user's data cannot reach another's by construction.
///
/// A store opens on its user's first request and stays open (opening costs migrations and
/// seeding; a request then costs only its own statements). At most ``capacity`` stay open: past
/// it the least recently used store that no request holds is closed. Stores that requests hold
/// are never closed under them, so the count may exceed the capacity while they are all busy.
final class UserStores: Sendable {
    let directory: URL
    let configuration: StoreConfiguration
    let capacity: Int
    private let state = LockedValue(State())

    private struct State: Sendable {
        var slots: [String: Slot] = [:]
        var tick: UInt64 = 0
        var isClosed = false
    }

    /// One user's store: opened once under its own lock, so two first requests do not both open it.
    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        // Guarded by `lock`.
        var store: Result<EmojiStore, StoreError>?
        // Guarded by UserStores.state's lock.
        var holders = 0
        var lastUse: UInt64 = 0
    }

    init(mainStoreURL: URL, configuration: StoreConfiguration, capacity: Int = 128) {
        directory = mainStoreURL.deletingLastPathComponent().appendingPathComponent("users", isDirectory: true)
        self.configuration = configuration
        self.capacity = max(capacity, 1)
    }

    /// Runs `body` with `user`'s store (opened if needed), which stays open while `body` runs.
    func withStore<T>(for user: String, _ body: (EmojiStore) throws -> T) throws -> T {
        guard
            let slot = state.withLock({ state -> Slot? in
                guard !state.isClosed else { return nil }
                state.tick += 1
                let slot = state.slots[user] ?? Slot()
                state.slots[user] = slot
                slot.holders += 1
                slot.lastUse = state.tick
                return slot
            })
        else {
            throw UserRouteFailure.problem(
                ProblemDetails(type: "not-ready", title: "Not ready", status: 503, detail: "the server is stopping."))
        }
        defer { release(slot) }
        let opened = slot.lock.withLock { () -> Result<EmojiStore, StoreError> in
            if let store = slot.store, case .success = store { return store }
            let url = directory.appendingPathComponent("\(user).sqlite")
            let store = Result { () throws(StoreError) in try EmojiStore(url: url, configuration: configuration) }
            // A failure is not kept: the next request tries again (the disk may have been full).
            if case .success = store { slot.store = store }
            return store
        }
        switch opened {
        case .success(let store): return try body(store)
        case .failure(let error):
            throw UserRouteFailure.problem(
                ProblemDetails(
                    type: "store-unavailable", title: "Store unavailable", status: 503,
                    detail: "the user's store cannot be opened: \(error)"))
        }
    }

    /// Lets go of `slot`; closes the least recently used idle stores while more than `capacity` are open.
    private func release(_ slot: Slot) {
        let evicted = state.withLock { state -> [Slot] in
            slot.holders -= 1
            guard state.slots.count > capacity else { return [] }
            let idle = state.slots.filter { $0.value.holders == 0 }.sorted { $0.value.lastUse < $1.value.lastUse }
            var evicted: [Slot] = []
            for (user, candidate) in idle.prefix(state.slots.count - capacity) {
                state.slots[user] = nil
                evicted.append(candidate)
            }
            return evicted
        }
        for slot in evicted { Self.close(slot) }
    }

    /// The number of stores open now (for tests).
    var openCount: Int { state.withLock { $0.slots.count } }

    /// Closes every store (on shutdown, after the requests in flight finished).
    func closeAll() {
        let slots = state.withLock { state -> [Slot] in
            state.isClosed = true
            defer { state.slots = [:] }
            return Array(state.slots.values)
        }
        for slot in slots { Self.close(slot) }
    }

    private static func close(_ slot: Slot) {
        slot.lock.withLock {
            if case .success(let store) = slot.store { try? store.close() }
            slot.store = nil
        }
    }
}
