import Foundation
import Moji
import MojiStore

/// Imports custom emoji sets into a store and keeps them current, without ever losing working
/// data: a set is replaced in one transaction after all its images are in the cache, and a sync
/// that fails for any reason leaves the set, its images and its usage as they were.
///
/// ```swift
/// let sync = CustomSetSync(store: try EmojiStore(), cache: ImageCache(directory: ImageCache.defaultDirectory()))
/// let source = CustomSetSource(kind: .forum, location: "https://forums.example/misc.php?action=showsmilies")
/// let report = try await sync.add(CustomSet(name: "forum", source: source))
/// print(report.added.count, report.imageBytes)
/// ```
///
/// A sync compares by code and by image bytes: an image replaced at the same URL is picked up,
/// and two codes with identical images share one cached file. Listings and images are fetched
/// with conditional requests, so a sync where nothing changed downloads no image bytes.
public struct CustomSetSync: Sendable {
    /// Where sets are kept.
    public var store: EmojiStore
    /// Where images are kept.
    public var cache: ImageCache
    /// How listings and images are fetched.
    public var transport: any HTTPTransport
    /// Limits, concurrency and retries.
    public var options: SyncOptions
    /// Called after each image; for a progress bar.
    public var progress: (@Sendable (SyncProgress) -> Void)?
    /// What times the renewals of a sync's claim on its set and the waits between an image's
    /// tries: the system's continuous clock, or a test's.
    public var clock: any Clock<Duration> = ContinuousClock()

    public init(
        store: EmojiStore, cache: ImageCache, transport: any HTTPTransport = URLSessionTransport(),
        options: SyncOptions = SyncOptions(), progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) {
        self.store = store
        self.cache = cache
        self.transport = transport
        self.options = options
        self.progress = progress
    }

    /// Adds `set` and imports its emoji. When the listing cannot be read nothing is added; an
    /// image that fails leaves only its code out. With `dryRun`, reads the listing and reports
    /// what would be imported, without downloading images or writing anything.
    ///
    /// Adding a set again resumes it when its first import never finished (the process was
    /// killed mid-way) and the source is the same: the set is synced instead of refused.
    public func add(_ set: CustomSet, dryRun: Bool = false) async throws(SyncError) -> SyncReport {
        if let existing = try await storeCall({ () throws(StoreError) in try store.custom.set(named: set.name) }) {
            guard existing.syncedAt == nil, existing.source == set.source else { throw .setExists(set.name) }
            if dryRun { return try await syncLocked(existing, force: true, dryRun: true) }
            return try await sync(named: existing.name, force: true)
        }
        let fetched = try await ListingFetch(transport: transport, options: options).fetch(set, conditional: false)
        let plan = try plan(set: set, fetched: fetched, previous: [], force: true)
        if dryRun { return dryRunReport(plan) }
        try await storeCall { () throws(StoreError) in try store.custom.addSet(set) }
        // Held while importing, so that adding or syncing the set from another process meanwhile
        // waits for this import instead of running beside it.
        return try await holdingSyncLock(of: set.name) { (lease) async throws(SyncError) in
            do throws(SyncError) {
                return try await apply(plan, set: set, lease: lease)
            } catch {
                // A lost lease means another process has the set now: it is not this one's to remove.
                if case .leaseLost = error { throw error }
                _ = await BlockingIO.run { [store] in try? store.custom.removeSet(named: set.name) }
                throw error
            }
        }
    }

    /// Syncs the set named `name` with its source now, whatever its interval.
    ///
    /// - Parameters:
    ///   - name: The set's name, in any case.
    ///   - force: Accept a listing that lacks more than half of the set (else refused with
    ///     ``SyncError/tooManyVanishing(set:removed:total:)``), and fetch it unconditionally.
    ///   - dryRun: Report what would change, from the listing alone (image bytes are not
    ///     compared), without downloading images or writing anything.
    public func sync(named name: String, force: Bool = false, dryRun: Bool = false) async throws(SyncError)
        -> SyncReport
    {
        guard let set = try await storeCall({ () throws(StoreError) in try store.custom.set(named: name) }) else {
            throw .unknownSet(name)
        }
        if dryRun { return try await syncLocked(set, force: force, dryRun: true) }
        return try await holdingSyncLock(of: set.name) { (lease) async throws(SyncError) in
            do throws(SyncError) {
                return try await syncLocked(set, force: force, dryRun: false, lease: lease)
            } catch {
                if case .listing = error { await recordFailure(error, of: set) }
                if case .source = error { await recordFailure(error, of: set) }
                if case .tooManyVanishing = error { await recordFailure(error, of: set) }
                throw error
            }
        }
    }

    /// Runs `body` holding the set's sync lock in the store, or throws ``SyncError/busy(_:)``
    /// when another process holds it.
    private func holdingSyncLock(
        of name: String, _ body: (SyncLease) async throws(SyncError) -> SyncReport
    ) async throws(SyncError) -> SyncReport {
        let owner = SyncLockOwner.make()
        let now = Date()
        let until = now.addingTimeInterval(options.lockDuration)
        var claimed = try await storeCall { () throws(StoreError) in
            try store.claimCustomSetSync(named: name, owner: owner, until: until, now: now)
        }
        // A lock of a process of this machine that was killed is free now, not when it runs out.
        if !claimed,
            let holder = try await storeCall({ () throws(StoreError) in try store.customSetSyncOwner(named: name) }),
            SyncLockOwner.isGone(holder)
        {
            claimed = try await storeCall { () throws(StoreError) in
                try store.claimCustomSetSync(named: name, owner: owner, until: until, now: now, takingOverFrom: holder)
            }
        }
        guard claimed else { throw .busy(name) }
        // The lock is short and renewed while the sync runs, so one left by a process that was
        // killed mid-sync (a picker closed during its background refresh) expires within
        // `lockDuration` instead of blocking the set for long.
        let lease = SyncLease(name: name, duration: options.lockDuration, clock: clock) {
            [store, options] () async throws(StoreError) in
            try await BlockingIO.run { () throws(StoreError) in
                let now = Date()
                return try store.claimCustomSetSync(
                    named: name, owner: owner, until: now.addingTimeInterval(options.lockDuration), now: now)
            }
        }
        let outcome: Result<SyncReport, SyncError>
        do throws(SyncError) { outcome = .success(try await body(lease)) } catch { outcome = .failure(error) }
        lease.end()
        _ = await BlockingIO.run { [store] in try? store.releaseCustomSetSync(named: name, owner: owner) }
        return try outcome.get()
    }

    /// Syncs every set that is due at `now` (older than its refresh interval and not asked to
    /// wait by `Retry-After`), one after the other. Sets another process is syncing are left to
    /// it. The server and the picker call this; a failure of one set does not stop the others.
    public func refreshDueSets(at now: Date = Date()) async -> [String: Result<SyncReport, SyncError>] {
        var results: [String: Result<SyncReport, SyncError>] = [:]
        guard let sets = await BlockingIO.run({ [store] in try? store.custom.sets() }) else { return results }
        for set in sets where set.isDue(at: now) {
            do {
                results[set.name] = .success(try await sync(named: set.name))
            } catch {
                if case .busy = error { continue }
                results[set.name] = .failure(error)
            }
        }
        return results
    }

    // MARK: Steps

    /// Reads the listing, plans and (unless `dryRun`) applies it; `lease` is confirmed before
    /// anything is written.
    private func syncLocked(
        _ set: CustomSet, force: Bool, dryRun: Bool, lease: SyncLease? = nil
    ) async throws(SyncError) -> SyncReport {
        let previous = try await storeCall { () throws(StoreError) in try store.custom.emoji(inSet: set.name) }
        let fetch = ListingFetch(transport: transport, options: options)
        let fetched = try await fetch.fetch(set, conditional: !force && !previous.isEmpty)
        let plan = try plan(set: set, fetched: fetched, previous: previous, force: force)
        return dryRun ? dryRunReport(plan) : try await apply(plan, set: set, lease: lease)
    }

    /// What the listing asks for, before any image is fetched.
    private struct Plan: Sendable {
        var set: String
        var entries: [SourceEmoji]
        var skipped: [SkippedEntry]
        var previous: [String: CustomEmoji]
        var previousOrder: [String]
        var listingChanged: Bool
        var validators: HTTPValidators
        var origin: ImageOrigin
        var source: String
        var force: Bool
    }

    private func plan(
        set: CustomSet, fetched: FetchedListing, previous: [CustomEmoji], force: Bool
    ) throws(SyncError) -> Plan {
        let entries: [SourceEmoji]
        var skipped: [SkippedEntry] = []
        if let listing = fetched.listing {
            entries = listing.emoji
            skipped = listing.skipped
        } else {
            // 304: the listing is what was imported last time; its images are still checked.
            entries = previous.map {
                SourceEmoji(
                    code: $0.code, name: $0.name, keywords: $0.keywords, group: $0.group, image: $0.image ?? "",
                    isVisibleInPicker: $0.isVisibleInPicker)
            }
        }
        let keys = Set(entries.map { Self.key($0.code) })
        let vanishing = previous.filter { !keys.contains(Self.key($0.code)) }.count
        if !force, !previous.isEmpty, vanishing * 2 > previous.count {
            throw .tooManyVanishing(set: set.name, removed: vanishing, total: previous.count)
        }
        return Plan(
            set: set.name, entries: entries, skipped: skipped,
            previous: Dictionary(previous.map { (Self.key($0.code), $0) }, uniquingKeysWith: { first, _ in first }),
            previousOrder: previous.map(\.code), listingChanged: fetched.listing != nil,
            validators: fetched.validators, origin: fetched.origin, source: set.source.location, force: force)
    }

    /// The report of a dry run: codes compared, and everything else that can be told without
    /// the images.
    private func dryRunReport(_ plan: Plan) -> SyncReport {
        let emoji = plan.entries.map {
            customEmoji($0, plan: plan, image: plan.previous[Self.key($0.code)]?.cachedImage)
        }
        var report = difference(plan, emoji: emoji)
        report.dryRun = true
        report.skipped = plan.skipped
        report.total = emoji.count
        return report
    }

    private func apply(_ plan: Plan, set: CustomSet, lease: SyncLease?) async throws(SyncError) -> SyncReport {
        var references: [String] = []
        var seen: Set<String> = []
        for entry in plan.entries where seen.insert(entry.image).inserted { references.append(entry.image) }
        let known: [String: ImageValidator]
        if case .web = plan.origin {
            known = try await storeCall { [references] () throws(StoreError) in
                try store.imageValidators(forURLs: references)
            }
        } else {
            known = [:]
        }
        // While the listing is unchanged, images the server confirmed within `imageFreshness`
        // are taken as they are: a sync right after another asks for the page alone.
        let started = Date()
        // A look at the cache per image: on the disk, so off the shared threads.
        var (outcomes, toFetch) = await BlockingIO.run { [cache, options, references] in
            var outcomes: [String: ImageOutcome] = [:]
            var toFetch: [String] = []
            for reference in references {
                if !plan.listingChanged, !plan.force, let validator = known[reference],
                    let checkedAt = validator.checkedAt, started.timeIntervalSince(checkedAt) < options.imageFreshness,
                    cache.contains(validator.image)
                {
                    outcomes[reference] = .stored(validator.image, validators: nil)
                } else {
                    toFetch.append(reference)
                }
            }
            return (outcomes, toFetch)
        }
        var fetch = ImageFetch(transport: transport, cache: cache, options: options)
        fetch.clock = clock
        let (fetched, totals) = await fetch.fetch(toFetch, origin: plan.origin, known: known, progress: progress)
        outcomes.merge(fetched) { _, new in new }
        let confirmed = fetched.compactMap { reference, outcome -> String? in
            if case .stored(_, let answered?) = outcome, !answered.isEmpty { return reference }
            return nil
        }
        var emoji: [CustomEmoji] = []
        var failed: [SyncFailure] = []
        var validators: [ImageValidator] = []
        for entry in plan.entries {
            let previous = plan.previous[Self.key(entry.code)]
            switch outcomes[entry.image] ?? .failed("was not fetched") {
            case .stored(let image, let answered):
                emoji.append(customEmoji(entry, plan: plan, image: image))
                if let answered, !answered.isEmpty,
                    known[entry.image]?.validators != answered
                        || known[entry.image]?.image != image
                {
                    validators.append(ImageValidator(url: entry.image, validators: answered, image: image))
                }
            case .failed(let reason):
                failed.append(
                    SyncFailure(code: entry.code, image: entry.image, reason: reason, keptPrevious: previous != nil))
                if let previous { emoji.append(previous) }
            }
        }
        var report = difference(plan, emoji: emoji)
        report.failed = failed
        report.imageRequests = totals.requests
        report.imageBytes = totals.bytes
        report.skipped = plan.skipped
        let unchangedSet = report.added.isEmpty && report.removed.isEmpty && report.changed.isEmpty
        // Images took their time: a process that stalled past its claim writes nothing over the
        // sync of the process that took the set over meanwhile.
        try await lease?.confirm()
        let now = Date()
        if unchangedSet, !plan.previous.isEmpty {
            try await storeCall { () throws(StoreError) in
                try store.recordCustomSetCheck(named: plan.set, at: now, validators: plan.validators)
            }
            if !validators.isEmpty {
                // Fresh validators for unchanged images keep later requests conditional.
                _ = try await storeCall { [emoji, validators] () throws(StoreError) in
                    try store.replaceCustomSetEmoji(
                        named: plan.set, with: emoji, validators: plan.validators, imageValidators: validators,
                        at: now)
                }
            }
        } else {
            let conflicts = try await storeCall { [emoji, validators] () throws(StoreError) in
                try store.replaceCustomSetEmoji(
                    named: plan.set, with: emoji, validators: plan.validators, imageValidators: validators, at: now)
            }
            if !conflicts.isEmpty {
                let taken = Set(conflicts.map { Self.key($0.code) })
                report.added.removeAll { taken.contains(Self.key($0)) }
                report.changed.removeAll { taken.contains(Self.key($0)) }
                emoji.removeAll { taken.contains(Self.key($0.code)) }
                for conflict in conflicts {
                    let owner = conflict.owner.map { "the set \($0)" } ?? "a custom emoji added by hand"
                    report.skipped.append(
                        SkippedEntry(entry: ":\(conflict.code):", reason: "the code belongs to \(owner)"))
                }
            }
        }
        try await storeCall { () throws(StoreError) in try store.recordImageChecks(urls: confirmed, at: now) }
        let used = emoji.compactMap(\.cachedImage)
        await BlockingIO.run { [cache] in cache.markUsed(used) }
        report.total = emoji.count
        return report
    }

    /// Added, removed, changed and unchanged codes between the plan's previous set and `emoji`.
    private func difference(_ plan: Plan, emoji: [CustomEmoji]) -> SyncReport {
        var report = SyncReport(set: plan.set, dryRun: false, listingChanged: plan.listingChanged)
        var kept: Set<String> = []
        for item in emoji {
            let key = Self.key(item.code)
            kept.insert(key)
            guard let before = plan.previous[key] else {
                report.added.append(item.code)
                continue
            }
            if Self.differs(before, item) { report.changed.append(item.code) } else { report.unchanged += 1 }
        }
        report.removed = plan.previousOrder.filter { !kept.contains(Self.key($0)) }
        return report
    }

    private static func differs(_ before: CustomEmoji, _ after: CustomEmoji) -> Bool {
        before.code != after.code || before.name != after.name || before.keywords != after.keywords
            || before.group != after.group || before.image != after.image
            || before.isVisibleInPicker != after.isVisibleInPicker
            || before.cachedImage?.sha256 != after.cachedImage?.sha256
    }

    private func customEmoji(_ entry: SourceEmoji, plan: Plan, image: CustomEmojiImage?) -> CustomEmoji {
        CustomEmoji(
            code: entry.code, name: entry.name, keywords: entry.keywords, group: entry.group, image: entry.image,
            source: plan.source, addedAt: plan.previous[Self.key(entry.code)]?.addedAt, set: plan.set,
            isVisibleInPicker: entry.isVisibleInPicker, cachedImage: image)
    }

    /// Keeps why the set failed, and when automatic refresh may try again: when the server said
    /// (`Retry-After`), else after ``SyncOptions/failureBackoff``, so a broken source is not
    /// fetched again by every process that starts.
    private func recordFailure(_ error: SyncError, of set: CustomSet) async {
        let now = Date()
        let retryAfter = error.retryAfter ?? now.addingTimeInterval(options.failureBackoff)
        let message = error.description
        await BlockingIO.run { [store] in
            try? store.recordCustomSetFailure(named: set.name, at: now, error: message, retryAfter: retryAfter)
        }
    }

    /// Runs a store call with `BlockingIO` (a write may wait up to the busy timeout for
    /// another process's lock), its failure as ``SyncError/store(_:)``.
    private func storeCall<T: Sendable>(_ body: @escaping @Sendable () throws(StoreError) -> T) async throws(SyncError)
        -> T
    {
        do { return try await BlockingIO.run(body) } catch { throw .store(error) }
    }

    /// Codes compare without case, as the store compares them.
    private static func key(_ code: String) -> String { code.lowercased() }
}
