import Foundation
import MojiStore

/// A custom emoji set's sync state, as `moji custom sets --json` prints it for the store's owner:
///
/// ```json
/// {"name":"forum","source":{"kind":"forum","location":"https://…"},"emojiCount":120,
///  "refreshHours":20,"addedAt":"2026-11-20T09:00:00Z","syncedAt":"2026-11-22T10:00:00Z","due":false}
/// ```
///
/// `name`, `source` and `syncedAt` mean what they mean in ``CustomSetSummary``, which `GET /v1/custom`
/// answers with the emoji themselves; here the location is the one stored (a local path too) and
/// `emojiCount` counts the emoji.
public struct CustomSetStatus: Codable, Sendable, Hashable {
    /// The set's name.
    public var name: String
    /// Where it comes from, as stored.
    public var source: CustomSetSummary.Source
    /// How many emoji it has.
    public var emojiCount: Int
    /// How often it is refreshed, in hours.
    public var refreshHours: Double
    /// When it was added.
    public var addedAt: Date?
    /// When its last sync completed; absent when it never did.
    public var syncedAt: Date?
    /// When its last sync was tried, whether or not it completed.
    public var attemptedAt: Date?
    /// The earliest time the source allows another try (from its `Retry-After`).
    public var retryAfter: Date?
    /// Why the last try failed; absent when it did not.
    public var lastError: String?
    /// Whether a sync at `now` would fetch it.
    public var due: Bool

    /// The status of `set`, which has `emojiCount` emoji, as of `now`.
    public init(_ set: CustomSet, emojiCount: Int, now: Date) {
        name = set.name
        source = CustomSetSummary.Source(owned: set.source)
        self.emojiCount = emojiCount
        refreshHours = set.refreshInterval / 3600
        addedAt = set.addedAt
        syncedAt = set.syncedAt
        attemptedAt = set.attemptedAt
        retryAfter = set.retryAfter
        lastError = set.lastError
        due = set.isDue(at: now)
    }
}
