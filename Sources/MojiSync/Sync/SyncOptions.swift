import Foundation

/// What a sync accepts and how hard it tries: limits on the listing and on images, how many
/// images download at once, and how transient failures are retried.
public struct SyncOptions: Sendable, Hashable {
    /// The limits every image must meet (bytes, pixels, frames); a bigger one fails alone.
    public var imageLimits: ImageLimits
    /// The largest listing read (a forum page, Mastodon's or Slack's JSON, a pack's manifest).
    public var maximumListingBytes: Int
    /// How many images download at once: 6, as browsers open per host.
    public var imageConcurrency: Int
    /// How many times a transiently failing image (timeout, reset, 429, 5xx) is tried.
    public var attempts: Int
    /// The wait before the second try; each later try waits twice as long.
    public var retryDelay: TimeInterval
    /// The longest `Retry-After` an image's server may ask for and still be retried in this sync.
    public var maximumRetryAfter: TimeInterval
    /// How long the store's sync lock of a set outlives this process should it die mid-sync;
    /// a running sync renews it every third of this.
    public var lockDuration: TimeInterval
    /// How long automatic refresh waits after a failed sync when the server gave no `Retry-After`.
    public var failureBackoff: TimeInterval
    /// How long a server's word on an image holds: while the listing is unchanged (`304`), an
    /// image whose bytes the server confirmed less than this ago is not asked for again. One
    /// hour by default, so a sync right after another makes one request instead of hundreds,
    /// while automatic refresh (every 20 hours) and a changed listing check every image. 0
    /// checks every image on every sync; a forced sync always does.
    public var imageFreshness: TimeInterval
    /// The most seconds a sync spends starting image downloads: images not started by then fail
    /// (their set keeps their previous images) and the next sync fetches them. Each request is
    /// also bounded on its own (``HTTPConfiguration/totalTimeout``), so a sync ends within about
    /// this plus two request deadlines. 15 minutes by default: a 1,000-image forum takes 1 to 2.
    public var imageDeadline: TimeInterval

    public init(
        imageLimits: ImageLimits = .default, maximumListingBytes: Int = 8 << 20, imageConcurrency: Int = 6,
        attempts: Int = 3, retryDelay: TimeInterval = 0.5, maximumRetryAfter: TimeInterval = 30,
        lockDuration: TimeInterval = 60, failureBackoff: TimeInterval = 900, imageFreshness: TimeInterval = 3600,
        imageDeadline: TimeInterval = 900
    ) {
        self.imageDeadline = imageDeadline
        self.imageLimits = imageLimits
        self.maximumListingBytes = maximumListingBytes
        self.imageConcurrency = max(1, imageConcurrency)
        self.attempts = max(1, attempts)
        self.retryDelay = retryDelay
        self.maximumRetryAfter = maximumRetryAfter
        self.lockDuration = lockDuration
        self.failureBackoff = failureBackoff
        self.imageFreshness = imageFreshness
    }
}
