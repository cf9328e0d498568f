import Foundation
import Moji
import MojiStore

/// What the routes read: the catalog, its locales and searches, and the store's custom emoji.
///
/// A search per locale is built once (a few milliseconds) and kept; the store's custom emoji come
/// from ``customEmoji``, which re-reads them when they change, checking at most once a second so a
/// busy search route does not read the database on every request.
final class CatalogService: Sendable {
    let catalog: EmojiCatalog
    /// The open store, or why it could not be opened (health answers 503 with it).
    let store: Result<EmojiStore, StoreError>
    /// The store's custom emoji, which search and the per-user routes share.
    let customEmoji: CustomEmojiIndex
    private let searches = Locked<[MojiLocale: CachedSearch]>([:])
    /// The custom emoji version the cached search answers were made with.
    private let answersCustomVersion = Locked<Int?>(nil)

    /// A locale's search without custom emoji, and with those of one custom version.
    private struct CachedSearch: Sendable {
        var base: EmojiSearch
        var customVersion: Int?
        var withCustom: EmojiSearch
    }

    /// Encoded search answers by query string, for the custom emoji version they were made with:
    /// emptied whenever the store's custom emoji change.
    let searchAnswers: ResponseCache
    /// Encoded catalog answers (`/v1/emoji`, `/v1/groups`, `/v1/locales`) by path and query: they
    /// depend on nothing else. One with every toned emoji is 2.4 MB, so the budget holds a few.
    let catalogAnswers = ResponseCache(capacity: 256, byteBudget: 24 << 20)

    /// What the server counts, when ``ServerConfiguration/metrics`` asks for it.
    let metrics: ServerMetrics?

    init(
        catalog: EmojiCatalog, store: Result<EmojiStore, StoreError>, searchCacheEntries: Int = 4096,
        metrics: ServerMetrics? = nil
    ) {
        self.catalog = catalog
        self.store = store
        customEmoji = CustomEmojiIndex(store: store)
        self.metrics = metrics
        searchAnswers = ResponseCache(capacity: searchCacheEntries)
        emojiVersions = Set(catalog.emojis.map(\.version)).sorted()
    }

    /// The Emoji versions the catalog's emoji have, oldest first.
    let emojiVersions: [EmojiVersion]

    /// The newest catalog version not after `version` (so `15.9` and `15.1` name the same emoji and
    /// share one cached answer); `version` itself when it is older than every emoji.
    func catalogVersion(notAfter version: EmojiVersion) -> EmojiVersion {
        emojiVersions.last { $0 <= version } ?? version
    }

    /// Reads the store's custom emoji again if they changed (at most once a second), emptying the
    /// cached search answers then; call it before using ``searchAnswers``.
    func refreshCustomEmoji() async {
        _ = await currentCustomEmoji()
    }

    /// The catalog's version as health and ETags name it: its Unicode Emoji version.
    var version: String { catalog.unicodeVersion.description }

    /// Why the server is not ready, or nil when the catalog loaded and the store answers.
    ///
    /// The store is asked at most once a second (with `BlockingIO`): a load balancer's
    /// probes, however many, cost one read a second, and a store that stops answering is reported
    /// within that second.
    func unreadiness() async -> String? {
        if let error = catalog.loadErrors.first { return "the catalog did not load: \(error)" }
        let now = ContinuousClock.now
        if let last = readiness.withLock({ $0 }), now - last.checked < .seconds(1) { return last.reason }
        let reason: String?
        switch store {
        case .failure(let error): reason = "the store cannot be opened: \(error)"
        case .success(let store):
            reason = await BlockingIO.run { () -> String? in
                do {
                    _ = try store.changeVersions()
                    return nil
                } catch {
                    return "the store cannot be read: \(error)"
                }
            }
        }
        readiness.withLock { $0 = Readiness(checked: now, reason: reason) }
        return reason
    }

    private struct Readiness: Sendable {
        var checked: ContinuousClock.Instant
        var reason: String?
    }

    private let readiness = Locked<Readiness?>(nil)

    /// The locale `identifier` names (with CLDR fallbacks), or 400 naming the closest ones.
    func localized(_ identifier: String?) throws(ProblemDetails) -> LocalizedCatalog {
        let identifier = identifier ?? "en"
        do {
            return try catalog.localized(catalog.locale(for: identifier))
        } catch {
            if case .unknownLocale(let requested, let closest) = error {
                // The catalog's own message points at `moji locales`; an API client needs the route.
                let nearest = closest.isEmpty ? "" : " The closest: \(closest.joined(separator: ", "))."
                throw ProblemDetails(
                    type: "unknown-locale", title: "Unknown locale", status: 400,
                    detail: "locale: no locale '\(requested.prefix(40))'.\(nearest) GET /v1/locales lists them all.",
                    closest: closest)
            }
            throw ProblemDetails(
                type: "catalog-unavailable", title: "Catalog unavailable", status: 503, detail: "\(error)")
        }
    }

    /// The search for `locale` (then English), with the store's custom emoji that pickers show.
    func search(_ locale: MojiLocale) async throws(ProblemDetails) -> EmojiSearch {
        let snapshot = await currentCustomEmoji()
        let version = snapshot.version
        let cached = searches.withLock { $0[locale] }
        if let cached, cached.customVersion == version { return cached.withCustom }
        let customEmoji = snapshot.emoji.filter(\.isVisibleInPicker)
        let base: EmojiSearch
        if let cached {
            base = cached.base
        } else {
            do { base = try EmojiSearch(catalog: catalog, locale: locale) } catch {
                throw ProblemDetails(
                    type: "catalog-unavailable", title: "Catalog unavailable", status: 503, detail: "\(error)")
            }
        }
        let withCustom = customEmoji.isEmpty ? base : base.adding(customEmoji: customEmoji)
        searches.withLock { $0[locale] = CachedSearch(base: base, customVersion: version, withCustom: withCustom) }
        return withCustom
    }

    /// The store's custom emoji and their change version; when it moved since the cached
    /// answers were made, those are emptied (they hold the old emoji, or their old images).
    private func currentCustomEmoji() async -> CustomEmojiIndex.Snapshot {
        let snapshot = await customEmoji.current()
        let changed = answersCustomVersion.withLock { version in
            defer { version = snapshot.version }
            return version != snapshot.version
        }
        if changed { searchAnswers.removeAll() }
        return snapshot
    }
}
