import Foundation

/// A database that holds the canonical custom sets of many `moji serve` instances (PostgreSQL,
/// module MojiPostgres): each instance mirrors it into its own store (MojiSync's
/// `CustomSetMirror`) whenever its ``customSetsVersion()`` moves.
///
/// Writers change one set at a time: they claim it (``claimCustomSetSync(named:owner:until:now:)``)
/// so that no two instances fetch it at once, sync it with MojiSync's code in a store of their
/// own, and publish the result (``publishCustomSet(_:adding:)``), which moves the version.
///
/// ```swift
/// let (version, contents) = try await shared.customSetContents()
/// for content in contents { print(content.set.name, content.emoji.count) }
/// ```
public protocol SharedCustomSetStore: Sendable {
    /// How the database is named in messages.
    var databaseName: String { get }

    /// A number that moves whenever any set or its emoji change.
    func customSetsVersion() async throws(StoreError) -> Int

    /// Every set with its emoji in order, and the version they are of, read at one moment.
    func customSetContents() async throws(StoreError) -> (version: Int, contents: [CustomSetContent])

    /// Writes a set and its emoji (replacing what the set had) in one transaction that moves the
    /// version. An emoji whose code another set has (in any case) is not written and comes back
    /// as a conflict (``CustomSetConflict``), as in a store of one process.
    ///
    /// - Parameters:
    ///   - content: The set's record and its emoji, in order.
    ///   - adding: true for a new set: ``StoreError/duplicateCustomSet(_:)`` when one has the name;
    ///     false for an existing one: ``StoreError/unknownCustomSet(_:)`` when it is gone.
    func publishCustomSet(_ content: CustomSetContent, adding: Bool) async throws(StoreError)
        -> [CustomSetConflict]

    /// Removes a set and its emoji; returns whether there was one.
    func removeCustomSet(named name: String) async throws(StoreError) -> Bool

    /// Claims the set's sync for `owner` until `until`, with the rules of a store's own lock
    /// (<doc:CustomEmojiSets#One-process-at-a-time>).
    func claimCustomSetSync(named name: String, owner: String, until: Date, now: Date) async throws(StoreError)
        -> Bool

    /// Releases the set's sync claim if `owner` holds it.
    func releaseCustomSetSync(named name: String, owner: String) async throws(StoreError)
}
