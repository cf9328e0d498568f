import Foundation
import Moji

/// The data of many users in one place, keyed by user name: what the per-user routes of
/// `moji serve` and its token checks need, whatever database holds it.
///
/// Two implementations exist: ``SQLiteUserDataStore`` (one ``EmojiStore`` file per user, the
/// embedded default) and `PostgresUserDataStore` (module MojiPostgres: one PostgreSQL database
/// that many server instances share). Both give the same answers for the same calls; the
/// conformance tests run one suite against both.
///
/// ```swift
/// let users: any UserDataStore = try SQLiteUserDataStore(mainStoreURL: url)
/// let entry = try await users.recordUse(of: StoreItem(key: "👍"), for: "ada")
/// let frequent = try await users.frequent(for: "ada", limit: 10)
/// ```
///
/// User names follow ``APIToken/isValidUser(_:)``; a method given another throws
/// ``StoreError/invalidUserName(_:)``. Every method that one implementation cannot do yet throws
/// ``StoreError/unsupported(operation:database:)``, never does nothing.
///
/// ## Topics
///
/// ### Usage
///
/// - ``recordUse(of:for:)``
/// - ``frequent(for:limit:)``
/// - ``recent(for:limit:)``
///
/// ### Search that learns from picks
///
/// - ``recordUse(of:query:for:)``
/// - ``learnedPicks(for:user:limit:)``
/// - ``forgetQueries(for:)``
///
/// ### Pinned
///
/// - ``pinned(for:)``
/// - ``pin(_:at:for:)``
/// - ``setPinned(_:for:)``
/// - ``unpin(_:for:)``
///
/// ### Collections
///
/// - ``collections(for:)``
/// - ``collection(named:for:)``
/// - ``createCollection(named:for:)``
/// - ``deleteCollection(named:for:)``
/// - ``add(_:toCollection:at:for:)``
/// - ``remove(_:fromCollection:for:)``
///
/// ### Tones
///
/// - ``defaultSkinTone(for:)``
/// - ``setDefaultSkinTone(_:for:)``
/// - ``skinTonePreferences(for:)``
/// - ``setPreferredSkinTones(_:for:user:)``
///
/// ### Tokens
///
/// - ``addAPIToken(user:hash:label:at:)``
/// - ``apiToken(hash:)``
/// - ``apiTokens()``
/// - ``recordAPITokenUse(id:at:)``
/// - ``revokeAPIToken(id:)``
///
/// ### Health
///
/// - ``databaseKind``
/// - ``checkAvailability()``
public protocol UserDataStore: Sendable {
    /// The decay, list sizes, default frequent emoji and catalog every user's data follows.
    var configuration: StoreConfiguration { get }

    // MARK: Usage

    /// Records one use of an item by `user`, as an ``EmojiStore`` records it:
    /// the user's scores decay, the item (a toned emoji: its neutral base) gains 1.
    @discardableResult
    func recordUse(of item: StoreItem, for user: String) async throws(StoreError) -> UsageEntry

    /// The user's frequent list, best first, at most `limit` (default
    /// ``StoreConfiguration/frequentLimit``), as ``EmojiStore/Usage/frequent()``.
    func frequent(for user: String, limit: Int?) async throws(StoreError) -> [UsageEntry]

    /// The user's recent list, most recent first, at most `limit` (default
    /// ``StoreConfiguration/recentLimit``), as ``EmojiStore/Usage/recent(limit:)``.
    func recent(for user: String, limit: Int?) async throws(StoreError) -> [UsageEntry]

    // MARK: Learned picks

    /// Records one use as ``recordUse(of:for:)`` does and, when `query` holds a word or symbol,
    /// that the item was picked after it, as ``EmojiStore/Usage/recordUse(of:query:)-(StoreItem,_)``:
    /// the user's search then shows it first for that query and its prefixes. Only this user's
    /// searches learn from it.
    ///
    /// - Throws: ``StoreError/invalidQuery(_:reason:)`` for a query too long or holding a
    ///   control character; nothing is recorded then.
    @discardableResult
    func recordUse(of item: StoreItem, query: String?, for user: String) async throws(StoreError) -> UsageEntry

    /// What `user` picked after `query` or after a longer query that starts with it, best first, at
    /// most `limit` (default ``/Moji/LearnedPickHistory/defaultLimit``), as
    /// ``EmojiStore/Usage/learnedPicks(for:limit:)``.
    func learnedPicks(for query: String, user: String, limit: Int?) async throws(StoreError) -> LearnedPicks

    /// Forgets every pick `user`'s search learned; returns how many (query, item) pairs were forgotten.
    @discardableResult
    func forgetQueries(for user: String) async throws(StoreError) -> Int

    // MARK: Pinned

    /// The user's pinned items, in order.
    func pinned(for user: String) async throws(StoreError) -> [StoreItem]
    /// Pins (or moves) an item at `position` (default: at the end).
    func pin(_ item: StoreItem, at position: Int?, for user: String) async throws(StoreError)
    /// Replaces the user's whole pinned list with `items`, in their order (a repeated item keeps
    /// its first place), in one transaction: another reader sees the old list or the new one,
    /// never a mix, as ``EmojiStore/Favorites/setPinned(_:)``.
    func setPinned(_ items: [StoreItem], for user: String) async throws(StoreError)
    /// Unpins an item; returns whether it was pinned.
    @discardableResult
    func unpin(_ item: StoreItem, for user: String) async throws(StoreError) -> Bool

    // MARK: Collections

    /// The user's collections with their items, in the order they were created.
    func collections(for user: String) async throws(StoreError) -> [EmojiCollection]
    /// The collection with this name (case-insensitive), or nil.
    func collection(named name: String, for user: String) async throws(StoreError) -> EmojiCollection?
    /// Creates an empty collection; ``StoreError/collectionExists(_:)`` when the name is taken.
    func createCollection(named name: String, for user: String) async throws(StoreError)
    /// Deletes a collection and its items; returns whether it existed.
    @discardableResult
    func deleteCollection(named name: String, for user: String) async throws(StoreError) -> Bool
    /// Adds (or moves) an item in a collection, creating the collection if needed.
    func add(_ item: StoreItem, toCollection name: String, at position: Int?, for user: String)
        async throws(StoreError)
    /// Removes an item from a collection; returns whether it was there.
    @discardableResult
    func remove(_ item: StoreItem, fromCollection name: String, for user: String) async throws(StoreError) -> Bool

    // MARK: Tones

    /// The user's default tone, or nil for neutral.
    func defaultSkinTone(for user: String) async throws(StoreError) -> SkinTone?
    /// Sets the user's default tone; nil for neutral.
    func setDefaultSkinTone(_ tone: SkinTone?, for user: String) async throws(StoreError)
    /// The user's per-emoji tone preferences, keyed by neutral emoji.
    func skinTonePreferences(for user: String) async throws(StoreError) -> [StoreItem: [SkinTone]]
    /// Sets (or, with `[]`, forgets) the tones the user wants for an emoji, as
    /// ``EmojiStore/SkinTones/setPreferred(_:for:)``.
    func setPreferredSkinTones(_ tones: [SkinTone], for emoji: Emoji, user: String) async throws(StoreError)

    // MARK: Tokens

    /// Saves a token for `user` (lowercased) by its SHA-256 `hash` and returns its record.
    @discardableResult
    func addAPIToken(user: String, hash: String, label: String?, at date: Date) async throws(StoreError) -> APIToken
    /// The token whose SHA-256 (lowercase hex) is `hash`, or nil.
    func apiToken(hash: String) async throws(StoreError) -> APIToken?
    /// Every token, oldest first; never the tokens themselves.
    func apiTokens() async throws(StoreError) -> [APIToken]
    /// Records that a request used the token with this id at `date`.
    func recordAPITokenUse(id: String, at date: Date) async throws(StoreError)
    /// Revokes (deletes) a token; ``StoreError/unknownAPIToken(_:)`` when no token has this id.
    func revokeAPIToken(id: String) async throws(StoreError)

    // MARK: Health

    /// The kind of database, as `/v1/health` reports it: `sqlite` or `postgresql`.
    var databaseKind: String { get }
    /// Returns when the database answers now; throws ``StoreError/unavailable(database:reason:)``
    /// (quickly, not after a call's whole timeout) when it does not.
    func checkAvailability() async throws(StoreError)

    // MARK: Lifetime

    /// Closes the store: connections and files are let go; later calls fail.
    func close() async
}
