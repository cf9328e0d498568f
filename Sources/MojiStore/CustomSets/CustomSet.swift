import Foundation

/// A named set of custom emoji imported from one source (a forum, a Mastodon server, a Slack
/// workspace, a pack, a folder) and kept in sync with it.
///
/// The set's record holds where it comes from and the state of its sync; its emoji are custom
/// emoji rows whose ``/Moji/CustomEmoji/set`` is its name (``EmojiStore/Custom/emoji(inSet:)``).
///
/// ```swift
/// let forum = CustomSet(
///     name: "awful",
///     source: CustomSetSource(kind: .forum, location: "https://forums.example.com/smilies"))
/// try store.custom.addSet(forum)
/// try store.custom.sets().filter { $0.isDue(at: Date()) }    // what automatic refresh syncs
/// ```
public struct CustomSet: Sendable, Hashable, Codable {
    /// The set's name: unique in a store whatever its case; 1 to ``maximumNameLength``
    /// characters without white space, colons or control characters (see ``problem(inName:)``).
    public var name: String
    /// Where its emoji come from.
    public var source: CustomSetSource
    /// How old the last sync may get, in seconds, before automatic refresh syncs it again.
    public var refreshInterval: TimeInterval
    /// When it was added to the store; stamped when stored.
    public var addedAt: Date?
    /// When the last sync completed: its content was replaced, or checked unchanged.
    public var syncedAt: Date?
    /// When a sync was last attempted, successful or not.
    public var attemptedAt: Date?
    /// No automatic attempt before this date (a server's `Retry-After`, or a backoff after
    /// failures).
    public var retryAfter: Date?
    /// Why the last attempt failed; nil after a success.
    public var lastError: String?
    /// The validators of the listing (the page or the JSON), for a conditional request.
    public var validators: HTTPValidators

    public init(
        name: String, source: CustomSetSource, refreshInterval: TimeInterval = CustomSet.defaultRefreshInterval,
        addedAt: Date? = nil, syncedAt: Date? = nil, attemptedAt: Date? = nil, retryAfter: Date? = nil,
        lastError: String? = nil, validators: HTTPValidators = HTTPValidators()
    ) {
        self.name = name
        self.source = source
        self.refreshInterval = refreshInterval
        self.addedAt = addedAt
        self.syncedAt = syncedAt
        self.attemptedAt = attemptedAt
        self.retryAfter = retryAfter
        self.lastError = lastError
        self.validators = validators
    }

    /// The default ``refreshInterval``: 20 hours.
    public static let defaultRefreshInterval: TimeInterval = 20 * 3600

    /// The most characters a set's name may have.
    public static let maximumNameLength = 100

    /// The most characters of ``lastError`` the store keeps.
    static let maximumErrorLength = 1_000

    /// Whether automatic refresh should sync the set at `now`.
    ///
    /// It is due when it was never synced, or when its last sync is at least ``refreshInterval``
    /// old (`syncedAt + refreshInterval <= now`), but never before ``retryAfter``. A last sync
    /// dated after `now` (the clock was set back) counts as due, so a wrong clock cannot hold
    /// refreshes off for good.
    ///
    /// ```swift
    /// set.syncedAt = now - 19 * 3600;  set.isDue(at: now)   // false: 19 h is younger than 20 h
    /// set.syncedAt = now - 21 * 3600;  set.isDue(at: now)   // true
    /// ```
    public func isDue(at now: Date) -> Bool {
        if let retryAfter, now < retryAfter { return false }
        guard let syncedAt else { return true }
        if syncedAt > now { return true }
        return syncedAt.addingTimeInterval(refreshInterval) <= now
    }

    /// Why `name` cannot name a set, or nil: empty, longer than ``maximumNameLength``, or
    /// holding white space, a colon or a control character.
    public static func problem(inName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if let scalar = name.unicodeScalars.first(where: StoreText.isControl) {
            return "holds the control character \(StoreText.codePoint(scalar))"
        }
        if name.contains(where: \.isWhitespace) { return "holds white space" }
        if name.contains(":") { return "holds a colon" }
        if name.utf8.count > maximumNameLength, name.dropFirst(maximumNameLength).isEmpty == false {
            return "is longer than \(maximumNameLength) characters"
        }
        return nil
    }

    /// Why this set cannot be stored, or nil: its name, its source or its interval.
    var problem: String? {
        if let problem = Self.problem(inName: name) { return "the name \(problem)" }
        if let problem = source.problem { return problem }
        if !refreshInterval.isFinite || refreshInterval < 0 {
            return "the refresh interval \(refreshInterval) is not a number of seconds of 0 or more"
        }
        for (field, date) in [
            ("addedAt", addedAt), ("syncedAt", syncedAt), ("attemptedAt", attemptedAt),
            ("retryAfter", retryAfter),
        ] {
            if let date, !Self.isStorable(date) { return "\(field) is not a date" }
        }
        if let lastError, let problem = StoreText.problem(in: lastError, maximumLength: Self.maximumErrorLength) {
            return "the last error \(problem)"
        }
        return nil
    }

    /// Whether a date is finite and within ±30,000 years of 1970, as every date the store keeps.
    static func isStorable(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite && abs(seconds) < 1e12
    }

    private enum CodingKeys: String, CodingKey {
        case name, source, refreshInterval, addedAt, syncedAt, attemptedAt, retryAfter, lastError, validators
    }

    /// Decodes a set as encoded; a missing interval or validators take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            source: try container.decode(CustomSetSource.self, forKey: .source),
            refreshInterval: try container.decodeIfPresent(TimeInterval.self, forKey: .refreshInterval)
                ?? Self.defaultRefreshInterval,
            addedAt: try container.decodeIfPresent(Date.self, forKey: .addedAt),
            syncedAt: try container.decodeIfPresent(Date.self, forKey: .syncedAt),
            attemptedAt: try container.decodeIfPresent(Date.self, forKey: .attemptedAt),
            retryAfter: try container.decodeIfPresent(Date.self, forKey: .retryAfter),
            lastError: try container.decodeIfPresent(String.self, forKey: .lastError),
            validators: try container.decodeIfPresent(HTTPValidators.self, forKey: .validators) ?? HTTPValidators())
    }
}
