import Foundation
import Moji

/// The parameters of an ``EmojiStore``; every one has a sensible default.
///
/// ```swift
/// var configuration = StoreConfiguration()
/// configuration.decay = 0.8            // forget faster
/// configuration.frequentLimit = 16
/// let store = try EmojiStore(url: url, configuration: configuration)
/// ```
public struct StoreConfiguration: Sendable {
    /// The factor every score is multiplied by on each use, in (0, 1]; the used emoji then gains 1.
    /// The database remembers the decay it was scored with; opening it with another rescales once.
    public var decay: Double = 0.9
    /// The most entries ``EmojiStore/Usage/frequent()`` returns.
    public var frequentLimit: Int = 24
    /// ``EmojiStore/Usage/frequent()`` keeps at least this many entries, even when their scores are tiny.
    public var minimumFrequentCount: Int = 10
    /// Below this score an entry leaves ``EmojiStore/Usage/frequent()`` (while more than
    /// ``minimumFrequentCount`` remain).
    public var minimumFrequentScore: Double = 0.01
    /// How many entries ``EmojiStore/Usage/recent(limit:)`` returns by default.
    public var recentLimit: Int = 36
    /// How many entries ``EmojiStore/Usage/mostUsed(limit:)`` returns by default.
    public var mostUsedLimit: Int = 36
    /// The most (query, item) pairs the store learns from picks (``EmojiStore/Usage/recordUse(of:query:)-(Emoji,_)``);
    /// past it, the pairs with the lowest scores are forgotten.
    public var learnedPickLimit: Int = 1_000
    /// The emoji a new user finds in ``EmojiStore/Usage/frequent()``, best first, seeded once into a
    /// fresh database with scores below one use, so the first real use outranks them all.
    public var defaultFrequentEmoji: [String] = StoreConfiguration.bundledFrequentEmoji
    /// How long a write waits for another process that holds the database before failing with
    /// ``StoreError/busy(path:)``.
    public var busyTimeout: TimeInterval = 15
    /// The catalog that resolves stored emoji.
    public var catalog: EmojiCatalog = .shared

    /// A configuration with the defaults.
    public init() {}

    /// The default ``defaultFrequentEmoji`` Moji ships: the most used emoji across platforms.
    public static let bundledFrequentEmoji = [
        "😂", "❤️", "👍", "🤣", "😍", "🙏", "😊", "😭", "🥰", "😘", "🔥", "🎉",
    ]
}
