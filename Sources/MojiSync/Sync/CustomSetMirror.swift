import Foundation
import Moji
import MojiStore

/// Keeps a store's custom sets equal to those of a shared database (PostgreSQL, for many
/// `moji serve` instances), and this process's image cache filled with their images.
///
/// ```swift
/// let mirror = CustomSetMirror(shared: postgres, store: store, cache: cache)
/// if try await mirror.update() { await mirror.fetchMissingImages() }
/// ```
///
/// ``update()`` asks the shared database for its version and, when it moved since the last
/// mirror, replaces the store's sets and their emoji with the database's in one transaction
/// (a call of the store's that only the mirror makes), so readers of the store and everything
/// that watches its change versions follow. A failed read changes nothing: the store keeps the
/// sets it mirrored last. Images are content-addressed and kept per process: those of web
/// sets that the cache lacks (another instance synced the set) are fetched from their URLs by
/// ``fetchMissingImages(at:)``, apart from the mirror, so a slow image server never holds it up.
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
    /// first). Returns whether the store changed. Images are left to ``fetchMissingImages(at:)``.
    ///
    /// - Throws: the shared database's or the store's ``/MojiStore/StoreError``; the store is
    ///   then as it was.
    @discardableResult
    public func update() async throws(StoreError) -> Bool {
        let known = mirroredVersion
        if let known, try await shared.customSetsVersion() == known { return false }
        let (version, contents) = try await shared.customSetContents()
        if version == known { return false }
        try await BlockingIO.run { [store] () throws(StoreError) in try store.replaceCustomSets(with: contents) }
        mirrored.withLock { $0 = version }
        return true
    }

    /// Fetches the images of the store's web sets that the cache lacks (another instance synced
    /// the set), at most one such run at a time; returns how many it fetched, or nil when a run
    /// was under way already. An image that fails is not asked for again for
    /// ``/MojiSync/SyncOptions/failureBackoff`` (15 minutes by default), so a source that is gone
    /// is not asked on every mirror.
    @discardableResult
    public func fetchMissingImages(at now: Date = Date()) async -> Int? {
        guard
            fetching.withLock({ running in
                running
                    ? false
                    : {
                        running = true
                        return true
                    }()
            })
        else {
            return nil
        }
        defer { fetching.withLock { $0 = false } }
        let backoff = options.failureBackoff
        let recentFailures = failures.withLock { failures in
            failures = failures.filter { now.timeIntervalSince($0.value) < backoff }
            return failures
        }
        // A read of the store and a look at the cache per image: off the shared threads.
        let (references, expected) = await BlockingIO.run { [store, cache] in
            var references: [String] = []
            var expected: [String: String] = [:]
            for entry in (try? store.custom.allEmoji()) ?? [] {
                guard let image = entry.cachedImage, !cache.contains(image), let reference = entry.image,
                    recentFailures[reference] == nil
                else { continue }
                let lowered = reference.lowercased()
                guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { continue }
                if expected.updateValue(image.sha256, forKey: reference) == nil { references.append(reference) }
            }
            return (references, expected)
        }
        guard !references.isEmpty else { return 0 }
        let fetch = ImageFetch(transport: transport, cache: cache, options: options)
        let (outcomes, _) = await fetch.fetch(references, origin: .web, known: [:], progress: nil)
        var fetched = 0
        var failed: [String] = []
        for (reference, outcome) in outcomes {
            // Other bytes than the set names (the image changed since its sync) count as a
            // failure too: asking again soon would give the same.
            if case .stored(let image, _) = outcome, image.sha256 == expected[reference] {
                fetched += 1
            } else {
                failed.append(reference)
            }
        }
        failures.withLock { failures in
            for reference in failed { failures[reference] = now }
        }
        return fetched
    }

    /// Whether a ``fetchMissingImages(at:)`` runs.
    private let fetching = Locked(false)
    /// Image references that failed, and when.
    private let failures = Locked<[String: Date]>([:])
}
