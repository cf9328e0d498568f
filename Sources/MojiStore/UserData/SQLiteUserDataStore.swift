import Foundation
import Moji

/// The users' data in SQLite: `<main store's folder>/users/<user>.sqlite`, each an ``EmojiStore``
/// of its own, so one user's data cannot reach another's by construction; tokens live in the
/// main store.
///
/// ```swift
/// let users = SQLiteUserDataStore(mainStore: .success(mainStore), mainStoreURL: mainStore.url)
/// try await users.recordUse(of: StoreItem(key: "🎉"), for: "ada")   // users/ada.sqlite
/// ```
///
/// A user's store opens on first use and stays open (opening costs migrations and seeding; a
/// call then costs only its own statements). At most ``capacity`` stay open: past it the least
/// recently used store that no call holds is closed. Stores that calls hold are never closed
/// under them, so the count may exceed the capacity while they are all busy.
public final class SQLiteUserDataStore: UserDataStore {
    /// The folder of the users' files.
    public let directory: URL
    public let configuration: StoreConfiguration
    /// How many users' stores stay open at most while idle.
    public let capacity: Int
    private let mainStore: Result<EmojiStore, StoreError>
    private let state = Locked(State())

    private struct State {
        var slots: [String: Slot] = [:]
        var tick: UInt64 = 0
        var isClosed = false
    }

    /// One user's store: opened once under its own lock, so two first calls do not both open it.
    private final class Slot: @unchecked Sendable {
        let store = Locked<EmojiStore?>(nil)
        // Guarded by the state's lock (@unchecked for these two).
        var holders = 0
        var lastUse: UInt64 = 0
    }

    /// The users' stores beside the main store at `mainStoreURL` (`users/` in its folder), and the
    /// tokens in `mainStore` (a failure to open it makes every token call throw that failure).
    public init(
        mainStore: Result<EmojiStore, StoreError>, mainStoreURL: URL,
        configuration: StoreConfiguration = StoreConfiguration(), capacity: Int = 128
    ) {
        self.mainStore = mainStore
        directory = mainStoreURL.deletingLastPathComponent().appendingPathComponent("users", isDirectory: true)
        self.configuration = configuration
        self.capacity = max(capacity, 1)
    }

    /// Runs `body` with `user`'s store (opened if needed), which stays open while `body` runs.
    public func withStore<T>(for user: String, _ body: (EmojiStore) throws(StoreError) -> T) throws(StoreError) -> T {
        // The name becomes a file name: only the token rule's names get that far.
        guard APIToken.isValidUser(user) else { throw .invalidUserName(user) }
        let claimed = state.withLock { state -> Slot? in
            guard !state.isClosed else { return nil }
            state.tick += 1
            let slot = state.slots[user] ?? Slot()
            state.slots[user] = slot
            slot.holders += 1
            slot.lastUse = state.tick
            return slot
        }
        guard let slot = claimed else {
            throw .unavailable(database: "the users' stores", reason: "they are closed (the server is stopping)")
        }
        defer { release(slot) }
        let opened = slot.store.withLock { current -> Result<EmojiStore, StoreError> in
            // A file deleted under the server (by hand, or a backup tool) is opened again, so
            // what this call writes lands in a file that exists rather than in an unlinked one.
            if let store = current, store.hasLostItsFile {
                try? store.close()
                current = nil
            }
            if let store = current { return .success(store) }
            let url = directory.appendingPathComponent("\(user).sqlite")
            let store = Result { () throws(StoreError) in try EmojiStore(url: url, configuration: configuration) }
            // A failure is not kept: the next call tries again (the disk may have been full).
            if case .success(let opened) = store { current = opened }
            return store
        }
        switch opened {
        case .success(let store): return try body(store)
        case .failure(let error):
            throw .unavailable(database: "\(user)'s store", reason: "it cannot be opened: \(error)")
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

    /// The number of users' stores open now.
    public var openCount: Int { state.withLock { $0.slots.count } }

    /// Closes every user's store (the main store is its owner's to close); later calls throw
    /// ``StoreError/unavailable(database:reason:)``.
    public func close() async { closeAll() }

    /// ``close()`` for callers that cannot wait (a server's shutdown after its requests finished).
    public func closeAll() {
        let slots = state.withLock { state -> [Slot] in
            state.isClosed = true
            defer { state.slots = [:] }
            return Array(state.slots.values)
        }
        for slot in slots { Self.close(slot) }
    }

    private static func close(_ slot: Slot) {
        slot.store.withLock { store in
            try? store?.close()
            store = nil
        }
    }

    private func main() throws(StoreError) -> EmojiStore { try mainStore.get() }

    /// Runs `body` with `BlockingIO`: GRDB's calls block (a write waits up to the busy
    /// timeout for another process's lock, a first call opens and migrates a file), and on the few
    /// threads of Swift's cooperative pool that every request shares, one slow user's file would
    /// stall every route.
    private func blocking<T: Sendable>(_ body: @escaping @Sendable () throws(StoreError) -> T) async throws(StoreError)
        -> T
    {
        try await BlockingIO.run(body)
    }

    /// ``withStore(for:_:)`` on ``calls``.
    private func onQueue<T: Sendable>(
        for user: String, _ body: @escaping @Sendable (EmojiStore) throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try await blocking { () throws(StoreError) in try self.withStore(for: user, body) }
    }

    // MARK: UserDataStore

    @discardableResult
    public func recordUse(of item: StoreItem, for user: String) async throws(StoreError) -> UsageEntry {
        try await onQueue(for: user) { store throws(StoreError) in try store.recordUse(of: item) }
    }

    public func frequent(for user: String, limit: Int?) async throws(StoreError) -> [UsageEntry] {
        let limit = limit ?? configuration.frequentLimit
        return try await onQueue(for: user) { store throws(StoreError) in
            Array(try store.frequent().prefix(limit))
        }
    }

    public func recent(for user: String, limit: Int?) async throws(StoreError) -> [UsageEntry] {
        try await onQueue(for: user) { store throws(StoreError) in try store.recent(limit: limit) }
    }

    @discardableResult
    public func recordUse(of item: StoreItem, query: String?, for user: String) async throws(StoreError)
        -> UsageEntry
    {
        try await onQueue(for: user) { store throws(StoreError) in try store.recordUse(of: item, query: query) }
    }

    public func learnedPicks(for query: String, user: String, limit: Int?) async throws(StoreError)
        -> LearnedPicks
    {
        let limit = limit ?? LearnedPickHistory.defaultLimit
        return try await onQueue(for: user) { store throws(StoreError) in
            try store.learnedPicks(for: query, limit: limit)
        }
    }

    @discardableResult
    public func forgetQueries(for user: String) async throws(StoreError) -> Int {
        try await onQueue(for: user) { store throws(StoreError) in try store.forgetQueries() }
    }

    public func pinned(for user: String) async throws(StoreError) -> [StoreItem] {
        try await onQueue(for: user) { store throws(StoreError) in try store.pinned() }
    }

    public func pin(_ item: StoreItem, at position: Int?, for user: String) async throws(StoreError) {
        try await onQueue(for: user) { store throws(StoreError) in try store.pin(item, at: position) }
    }

    public func setPinned(_ items: [StoreItem], for user: String) async throws(StoreError) {
        try await onQueue(for: user) { store throws(StoreError) in try store.setPinned(items) }
    }

    @discardableResult
    public func unpin(_ item: StoreItem, for user: String) async throws(StoreError) -> Bool {
        try await onQueue(for: user) { store throws(StoreError) in try store.unpin(item) }
    }

    public func collections(for user: String) async throws(StoreError) -> [EmojiCollection] {
        try await onQueue(for: user) { store throws(StoreError) in try store.collections() }
    }

    public func collection(named name: String, for user: String) async throws(StoreError) -> EmojiCollection? {
        try await onQueue(for: user) { store throws(StoreError) in try store.collection(named: name) }
    }

    public func createCollection(named name: String, for user: String) async throws(StoreError) {
        try await onQueue(for: user) { store throws(StoreError) in try store.createCollection(named: name) }
    }

    @discardableResult
    public func deleteCollection(named name: String, for user: String) async throws(StoreError) -> Bool {
        try await onQueue(for: user) { store throws(StoreError) in try store.deleteCollection(named: name) }
    }

    public func add(_ item: StoreItem, toCollection name: String, at position: Int?, for user: String)
        async throws(StoreError)
    {
        try await onQueue(for: user) { store throws(StoreError) in try store.add(item, toCollection: name, at: position)
        }
    }

    @discardableResult
    public func remove(_ item: StoreItem, fromCollection name: String, for user: String) async throws(StoreError)
        -> Bool
    {
        try await onQueue(for: user) { store throws(StoreError) in try store.remove(item, fromCollection: name) }
    }

    public func defaultSkinTone(for user: String) async throws(StoreError) -> SkinTone? {
        try await onQueue(for: user) { store throws(StoreError) in try store.defaultSkinTone() }
    }

    public func setDefaultSkinTone(_ tone: SkinTone?, for user: String) async throws(StoreError) {
        try await onQueue(for: user) { store throws(StoreError) in try store.setDefaultSkinTone(tone) }
    }

    public func skinTonePreferences(for user: String) async throws(StoreError) -> [StoreItem: [SkinTone]] {
        try await onQueue(for: user) { store throws(StoreError) in try store.skinTonePreferences() }
    }

    public func setPreferredSkinTones(_ tones: [SkinTone], for emoji: Emoji, user: String) async throws(StoreError) {
        try await onQueue(for: user) { store throws(StoreError) in try store.setPreferredSkinTones(tones, for: emoji) }
    }

    @discardableResult
    public func addAPIToken(user: String, hash: String, label: String?, at date: Date) async throws(StoreError)
        -> APIToken
    {
        try await blocking { () throws(StoreError) in
            try self.main().addAPIToken(user: user, hash: hash, label: label, at: date)
        }
    }

    public func apiToken(hash: String) async throws(StoreError) -> APIToken? {
        try await blocking { () throws(StoreError) in try self.main().apiToken(hash: hash) }
    }

    public func apiTokens() async throws(StoreError) -> [APIToken] {
        try await blocking { () throws(StoreError) in try self.main().apiTokens() }
    }

    public func recordAPITokenUse(id: String, at date: Date) async throws(StoreError) {
        let store = try main()
        // Off the shared threads: the write may wait seconds for the main store's lock (the CLI of
        // another process may hold it). A token's use is written at most once a minute.
        try await BlockingIO.run { () throws(StoreError) in
            try store.recordAPITokenUse(id: id, at: date)
        }
    }

    public func revokeAPIToken(id: String) async throws(StoreError) {
        try await blocking { () throws(StoreError) in try self.main().revokeAPIToken(id: id) }
    }

    public var databaseKind: String { "sqlite" }

    /// Returns when the main store (the tokens) is open; users' files open on their first call.
    public func checkAvailability() async throws(StoreError) {
        if case .failure(let error) = mainStore {
            throw .unavailable(database: "the main store", reason: "it cannot be opened: \(error)")
        }
        if state.withLock({ $0.isClosed }) {
            throw .unavailable(database: "the users' stores", reason: "they are closed (the server is stopping)")
        }
    }
}
