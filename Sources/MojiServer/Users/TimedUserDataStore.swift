import Foundation
import Moji
import MojiStore

/// A ``/MojiStore/UserDataStore`` whose every call is timed into the server's metrics
/// (``ServerMetrics/recordStoreCall(database:operation:failed:duration:)``), waits for the
/// database's connections or threads included; what it answers is the wrapped store's.
struct TimedUserDataStore: UserDataStore {
    let base: any UserDataStore
    let metrics: ServerMetrics

    var configuration: StoreConfiguration { base.configuration }
    var databaseKind: String { base.databaseKind }

    /// Runs `body`, recording its time under `operation`.
    private func timed<T>(
        _ operation: String, _ body: () async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        let start = ContinuousClock.now
        do {
            let value = try await body()
            metrics.recordStoreCall(
                database: base.databaseKind, operation: operation, failed: false, duration: .now - start)
            return value
        } catch {
            metrics.recordStoreCall(
                database: base.databaseKind, operation: operation, failed: true, duration: .now - start)
            throw error
        }
    }

    // MARK: Usage

    func recordUse(of item: StoreItem, for user: String) async throws(StoreError) -> UsageEntry {
        try await timed("recordUse") { () throws(StoreError) in try await base.recordUse(of: item, for: user) }
    }

    func frequent(for user: String, limit: Int?) async throws(StoreError) -> [UsageEntry] {
        try await timed("frequent") { () throws(StoreError) in try await base.frequent(for: user, limit: limit) }
    }

    func recent(for user: String, limit: Int?) async throws(StoreError) -> [UsageEntry] {
        try await timed("recent") { () throws(StoreError) in try await base.recent(for: user, limit: limit) }
    }

    // MARK: Learned picks

    func recordUse(of item: StoreItem, query: String?, for user: String) async throws(StoreError) -> UsageEntry {
        try await timed("recordUse") { () throws(StoreError) in
            try await base.recordUse(of: item, query: query, for: user)
        }
    }

    func learnedPicks(for query: String, user: String, limit: Int?) async throws(StoreError) -> LearnedPicks {
        try await timed("learnedPicks") { () throws(StoreError) in
            try await base.learnedPicks(for: query, user: user, limit: limit)
        }
    }

    func forgetQueries(for user: String) async throws(StoreError) -> Int {
        try await timed("forgetQueries") { () throws(StoreError) in try await base.forgetQueries(for: user) }
    }

    // MARK: Pinned

    func pinned(for user: String) async throws(StoreError) -> [StoreItem] {
        try await timed("pinned") { () throws(StoreError) in try await base.pinned(for: user) }
    }

    func pin(_ item: StoreItem, at position: Int?, for user: String) async throws(StoreError) {
        try await timed("pin") { () throws(StoreError) in try await base.pin(item, at: position, for: user) }
    }

    func setPinned(_ items: [StoreItem], for user: String) async throws(StoreError) {
        try await timed("setPinned") { () throws(StoreError) in try await base.setPinned(items, for: user) }
    }

    func unpin(_ item: StoreItem, for user: String) async throws(StoreError) -> Bool {
        try await timed("unpin") { () throws(StoreError) in try await base.unpin(item, for: user) }
    }

    // MARK: Collections

    func collections(for user: String) async throws(StoreError) -> [EmojiCollection] {
        try await timed("collections") { () throws(StoreError) in try await base.collections(for: user) }
    }

    func collection(named name: String, for user: String) async throws(StoreError) -> EmojiCollection? {
        try await timed("collection") { () throws(StoreError) in try await base.collection(named: name, for: user) }
    }

    func createCollection(named name: String, for user: String) async throws(StoreError) {
        try await timed("createCollection") { () throws(StoreError) in
            try await base.createCollection(named: name, for: user)
        }
    }

    func deleteCollection(named name: String, for user: String) async throws(StoreError) -> Bool {
        try await timed("deleteCollection") { () throws(StoreError) in
            try await base.deleteCollection(named: name, for: user)
        }
    }

    func add(_ item: StoreItem, toCollection name: String, at position: Int?, for user: String)
        async throws(StoreError)
    {
        try await timed("addToCollection") { () throws(StoreError) in
            try await base.add(item, toCollection: name, at: position, for: user)
        }
    }

    func remove(_ item: StoreItem, fromCollection name: String, for user: String) async throws(StoreError) -> Bool {
        try await timed("removeFromCollection") { () throws(StoreError) in
            try await base.remove(item, fromCollection: name, for: user)
        }
    }

    // MARK: Tones

    func defaultSkinTone(for user: String) async throws(StoreError) -> SkinTone? {
        try await timed("defaultSkinTone") { () throws(StoreError) in try await base.defaultSkinTone(for: user) }
    }

    func setDefaultSkinTone(_ tone: SkinTone?, for user: String) async throws(StoreError) {
        try await timed("setDefaultSkinTone") { () throws(StoreError) in
            try await base.setDefaultSkinTone(tone, for: user)
        }
    }

    func skinTonePreferences(for user: String) async throws(StoreError) -> [StoreItem: [SkinTone]] {
        try await timed("skinTonePreferences") { () throws(StoreError) in
            try await base.skinTonePreferences(for: user)
        }
    }

    func setPreferredSkinTones(_ tones: [SkinTone], for emoji: Emoji, user: String) async throws(StoreError) {
        try await timed("setPreferredSkinTones") { () throws(StoreError) in
            try await base.setPreferredSkinTones(tones, for: emoji, user: user)
        }
    }

    // MARK: Tokens

    func addAPIToken(user: String, hash: String, label: String?, at date: Date) async throws(StoreError)
        -> APIToken
    {
        try await timed("addAPIToken") { () throws(StoreError) in
            try await base.addAPIToken(user: user, hash: hash, label: label, at: date)
        }
    }

    func apiToken(hash: String) async throws(StoreError) -> APIToken? {
        try await timed("apiToken") { () throws(StoreError) in try await base.apiToken(hash: hash) }
    }

    func apiTokens() async throws(StoreError) -> [APIToken] {
        try await timed("apiTokens") { () throws(StoreError) in try await base.apiTokens() }
    }

    func recordAPITokenUse(id: String, at date: Date) async throws(StoreError) {
        try await timed("recordAPITokenUse") { () throws(StoreError) in
            try await base.recordAPITokenUse(id: id, at: date)
        }
    }

    func revokeAPIToken(id: String) async throws(StoreError) {
        try await timed("revokeAPIToken") { () throws(StoreError) in try await base.revokeAPIToken(id: id) }
    }

    // MARK: Health and lifetime

    func checkAvailability() async throws(StoreError) {
        try await timed("checkAvailability") { () throws(StoreError) in try await base.checkAvailability() }
    }

    func close() async { await base.close() }
}
