import Foundation
import Moji

/// The parameters of an ``EmojiStore``; every one has a sensible default.
///
/// ```swift
/// var configuration = StoreConfiguration()
/// configuration.decay = 0.8            // forget faster
/// configuration.maxFavorites = 16
/// let store = try EmojiStore(url: url, configuration: configuration)
/// ```
public struct StoreConfiguration: Sendable {
    /// The factor every score is multiplied by on each use, in (0, 1]; the used emoji then gains 1.
    /// The database remembers the decay it was scored with; opening it with another rescales once.
    public var decay: Double = 0.9
    /// Favorites by score keep at least this many entries, even when their scores are tiny.
    public var minFavorites: Int = 10
    /// Favorites by score return at most this many entries.
    public var maxFavorites: Int = 24
    /// Below this score an entry leaves the favorites (while more than ``minFavorites`` remain).
    public var minimumFavoriteScore: Double = 0.01
    /// How many entries ``EmojiStore/recent(limit:)`` and ``EmojiStore/frequent(limit:)`` return by default.
    public var maxRecents: Int = 36
    /// The favorites a new user starts with, best first, seeded once into a fresh database with
    /// scores below one use, so the first real use outranks them all.
    public var defaultFavorites: [String] = StoreConfiguration.bundledDefaultFavorites
    /// How long a write waits for another process that holds the database before failing with
    /// ``StoreError/busy(path:)``.
    public var busyTimeout: TimeInterval = 15
    /// The catalog that resolves stored emoji.
    public var catalog: EmojiCatalog = .shared

    public init() {}

    /// The default favorites Moji ships: the most used emoji across platforms.
    public static let bundledDefaultFavorites = [
        "😂", "❤️", "👍", "🤣", "😍", "🙏", "😊", "😭", "🥰", "😘", "🔥", "🎉",
    ]
}
