import Foundation
import Moji
import MojiStore

/// Keeps a store's custom sets equal to those of a shared database (PostgreSQL, for many
/// `moji serve` instances), and this process's image cache filled with their images.
///
/// ```swift
/// let mirror = CustomSetMirror(shared: postgres, store: store, cache: cache)
/// if try await mirror.update() { print("custom sets changed") }
/// ```
///
/// ``update()`` asks the shared database for its version and, when it moved since the last
/// mirror, replaces the store's sets and their emoji with the database's in one transaction
/// (``/MojiStore/EmojiStore/replaceCustomSets(with:)``), so readers of the store and everything
/// that watches its change versions follow. A failed read changes nothing: the store keeps the
/// sets it mirrored last. Images are content-addressed and kept per process: those of web
/// sets that the cache lacks (another instance synced the set) are fetched from their URLs
/// after each mirror.
public final class CustomSetMirror: Sendable {
    /// The database the sets live in.
    public let shared: any SharedCustomSetStore
    /// The store that mirrors them.
    public let store: EmojiStore
    /// Where this process keeps images.
    public let cache: ImageCache
    private let transport: any HTTPTransport
    private let options: SyncOptions
    /// The shared version the store holds, nil before the first mirror.
    private let mirrored = Locked<Int?>(nil)

    public init(
        shared: any SharedCustomSetStore, store: EmojiStore, cache: ImageCache,
        transport: any HTTPTransport = URLSessionTransport(), options: SyncOptions = SyncOptions()
    ) {
        self.shared = shared
        self.store = store
        self.cache = cache
        self.transport = transport
        self.options = options
    }

    /// The shared version the store holds now; nil before the first successful mirror.
    public var mirroredVersion: Int? { mirrored.withLock { $0 } }

    /// Mirrors the shared sets into the store if they changed since the last call (always on the
    /// first), then fetches the images the cache lacks. Returns whether the store changed.
    ///
    /// - Throws: the shared database's or the store's ``/MojiStore/StoreError``; the store is
    ///   then as it was.
    @discardableResult
    public func update() async throws(StoreError) -> Bool {
        let known = mirroredVersion
        if let known, try await shared.customSetsVersion() == known { return false }
        let (version, contents) = try await shared.customSetContents()
        if version == known { return false }
        try store.replaceCustomSets(with: contents)
        mirrored.withLock { $0 = version }
        await fetchMissingImages(of: contents.flatMap(\.emoji))
        return true
    }

    /// Fetches the images of web sets that the cache lacks; one that fails is left for the next
    /// mirror (or a sync on this instance).
    private func fetchMissingImages(of emoji: [CustomEmoji]) async {
        var references: [String] = []
        var seen = Set<String>()
        for entry in emoji {
            guard let image = entry.cachedImage, !cache.contains(image), let reference = entry.image else { continue }
            let lowered = reference.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { continue }
            if seen.insert(reference).inserted { references.append(reference) }
        }
        guard !references.isEmpty else { return }
        let fetch = ImageFetch(transport: transport, cache: cache, options: options)
        _ = await fetch.fetch(references, origin: .web, known: [:], progress: nil)
    }
}
