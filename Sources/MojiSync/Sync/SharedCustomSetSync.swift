import Foundation
import Moji
import MojiStore

/// Adds, syncs and removes custom sets that a shared database holds (PostgreSQL, for many
/// `moji serve` instances), with the very rules of ``CustomSetSync``.
///
/// ```swift
/// let shared = SharedCustomSetSync(shared: postgres, cache: ImageCache(directory: ImageCache.defaultDirectory()))
/// let report = try await shared.add(CustomSet(name: "forum", source: source))
/// ```
///
/// Each call loads the shared sets into a temporary store of its own, runs ``CustomSetSync`` on
/// it and publishes the one set it changed in one transaction
/// (``/MojiStore/SharedCustomSetStore/publishCustomSet(_:adding:)``). A sync first claims its set
/// in the shared database, so two instances never fetch the same set at once; a failed sync
/// publishes only the failure (the last good content stays). Images land in `cache`, the image
/// cache of the process that syncs: other instances fetch theirs when they mirror the set
/// (``CustomSetMirror``).
public struct SharedCustomSetSync: Sendable {
    /// The database the sets live in.
    public var shared: any SharedCustomSetStore
    /// Where images are kept.
    public var cache: ImageCache
    /// How listings and images are fetched.
    public var transport: any HTTPTransport
    /// Limits, concurrency and retries; ``SyncOptions/lockDuration`` is the claim's too.
    public var options: SyncOptions
    /// Called after each image; for a progress bar.
    public var progress: (@Sendable (SyncProgress) -> Void)?
    /// What times the renewals of a sync's claim on its set and the waits between an image's
    /// tries: the system's continuous clock, or a test's.
    public var clock: any Clock<Duration> = ContinuousClock()

    public init(
        shared: any SharedCustomSetStore, cache: ImageCache, transport: any HTTPTransport = URLSessionTransport(),
        options: SyncOptions = SyncOptions(), progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) {
        self.shared = shared
        self.cache = cache
        self.transport = transport
        self.options = options
        self.progress = progress
    }

    /// Adds `set` to the shared database and imports its emoji, as ``CustomSetSync/add(_:dryRun:)``.
    public func add(_ set: CustomSet, dryRun: Bool = false) async throws(SyncError) -> SyncReport {
        try await withWorkspace { (workspace) async throws(SyncError) in
            var report = try await sync(workspace.store).add(set, dryRun: dryRun)
            if dryRun { return report }
            do throws(StoreError) {
                let conflicts = try await shared.publishCustomSet(
                    try await workspace.content(of: set.name), adding: true)
                report.note(conflicts)
            } catch {
                if error.code == .duplicateCustomSet { throw .setExists(set.name) }
                throw .store(error)
            }
            return report
        }
    }

    /// Syncs the shared set named `name` now, as ``CustomSetSync/sync(named:force:dryRun:)``; fails
    /// with ``SyncError/busy(_:)`` while another process (any instance) syncs it.
    public func sync(named name: String, force: Bool = false, dryRun: Bool = false) async throws(SyncError)
        -> SyncReport
    {
        try await sync(named: name, force: force, dryRun: dryRun, dueAt: nil)
    }

    /// With `dueAt`, a set found not due at that date once claimed (another instance synced it between this
    /// one's look at the sets and its claim) is left alone, as ``SyncError/busy(_:)``.
    private func sync(named name: String, force: Bool, dryRun: Bool, dueAt: Date?) async throws(SyncError)
        -> SyncReport
    {
        if dryRun {
            return try await withWorkspace { (workspace) async throws(SyncError) in
                try await sync(workspace.store).sync(named: name, force: force, dryRun: true)
            }
        }
        let owner = SyncLockOwner.make()
        let now = Date()
        let claimed: Bool
        do {
            claimed = try await shared.claimCustomSetSync(
                named: name, owner: owner, until: now.addingTimeInterval(options.lockDuration), now: now)
        } catch {
            if error.code == .unknownCustomSet { throw .unknownSet(name) }
            throw .store(error)
        }
        guard claimed else { throw .busy(name) }
        // Renewed while the sync runs, so the claim of an instance that died expires soon.
        let lease = SyncLease(name: name, duration: options.lockDuration, clock: clock) {
            [shared, options] () throws(StoreError) in
            let now = Date()
            return try await shared.claimCustomSetSync(
                named: name, owner: owner, until: now.addingTimeInterval(options.lockDuration), now: now)
        }
        defer { lease.end() }
        let outcome = await syncClaimed(named: name, force: force, dueAt: dueAt, lease: lease)
        try? await shared.releaseCustomSetSync(named: name, owner: owner)
        return try outcome.get()
    }

    /// Syncs a set this process holds the claim of, and publishes what the sync left: the new
    /// content, or the failure (and its backoff) with the last good content.
    private func syncClaimed(
        named name: String, force: Bool, dueAt: Date?, lease: SyncLease
    ) async -> Result<SyncReport, SyncError> {
        do throws(SyncError) {
            return try await withWorkspace { (workspace) async throws(SyncError) in
                await syncClaimed(named: name, force: force, dueAt: dueAt, lease: lease, in: workspace)
            }
        } catch {
            return .failure(error)
        }
    }

    private func syncClaimed(
        named name: String, force: Bool, dueAt: Date?, lease: SyncLease, in workspace: Workspace
    ) async -> Result<SyncReport, SyncError> {
        if let dueAt, let set = try? await workspace.content(of: name).set, !set.isDue(at: dueAt) {
            return .failure(.busy(name))
        }
        let result: Result<SyncReport, SyncError>
        do throws(SyncError) {
            result = .success(try await sync(workspace.store).sync(named: name, force: force))
        } catch {
            result = .failure(error)
        }
        guard let content = try? await workspace.content(of: name) else { return result }
        // An instance that stalled past its claim publishes nothing over the one that took over.
        do throws(SyncError) { try await lease.confirm() } catch { return .failure(error) }
        do throws(StoreError) {
            let conflicts = try await shared.publishCustomSet(content, adding: false)
            return result.map { report in
                var report = report
                report.note(conflicts)
                return report
            }
        } catch {
            if error.code == .unknownCustomSet { return .failure(.unknownSet(name)) }
            return .failure(.store(error))
        }
    }

    /// Removes the shared set and its emoji; returns how many emoji it had.
    ///
    /// - Throws: ``SyncError/unknownSet(_:)`` when there is no such set.
    public func remove(named name: String) async throws(SyncError) -> Int {
        let contents: [CustomSetContent]
        do { contents = try await shared.customSetContents().contents } catch { throw .store(error) }
        let key = name.lowercased()
        guard let content = contents.first(where: { $0.set.name.lowercased() == key }) else {
            throw .unknownSet(name)
        }
        let removed: Bool
        do { removed = try await shared.removeCustomSet(named: name) } catch { throw .store(error) }
        guard removed else { throw .unknownSet(name) }
        return content.emoji.count
    }

    /// Syncs every shared set that is due at `now`, one after the other, as
    /// ``CustomSetSync/refreshDueSets(at:)``: sets another instance is syncing, or synced since
    /// they were read, are left alone.
    public func refreshDueSets(at now: Date = Date()) async -> [String: Result<SyncReport, SyncError>] {
        var results: [String: Result<SyncReport, SyncError>] = [:]
        guard let contents = try? await shared.customSetContents().contents else { return results }
        for content in contents where content.set.isDue(at: now) {
            do {
                results[content.set.name] = .success(
                    try await sync(named: content.set.name, force: false, dryRun: false, dueAt: now))
            } catch {
                if case .busy = error { continue }
                results[content.set.name] = .failure(error)
            }
        }
        return results
    }

    private func sync(_ store: EmojiStore) -> CustomSetSync {
        var sync = CustomSetSync(store: store, cache: cache, transport: transport, options: options, progress: progress)
        sync.clock = clock
        return sync
    }

    /// Runs `body` with a workspace holding the shared sets, and removes the workspace after.
    private func withWorkspace<T>(_ body: (Workspace) async throws(SyncError) -> T) async throws(SyncError) -> T {
        let workspace = try await Workspace(loading: shared)
        let outcome: Result<T, SyncError>
        do throws(SyncError) { outcome = .success(try await body(workspace)) } catch { outcome = .failure(error) }
        await workspace.discard()
        return try outcome.get()
    }

    /// A temporary store holding the shared sets, removed when done. Its file work runs with
    /// `BlockingIO`, as the sync's own.
    private struct Workspace: Sendable {
        let store: EmojiStore
        let directory: URL

        init(loading shared: any SharedCustomSetStore) async throws(SyncError) {
            let contents: [CustomSetContent]
            do { contents = try await shared.customSetContents().contents } catch { throw .store(error) }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "moji-shared-sets-\(UUID().uuidString)", isDirectory: true)
            self.directory = directory
            store = try await BlockingIO.run { () throws(SyncError) -> EmojiStore in
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    throw .store(.cannotCreateDirectory(path: directory.path, reason: "\(error)"))
                }
                do throws(StoreError) {
                    let store = try EmojiStore(url: directory.appendingPathComponent("moji.sqlite"))
                    try store.replaceCustomSets(with: contents)
                    return store
                } catch {
                    try? FileManager.default.removeItem(at: directory)
                    throw .store(error)
                }
            }
        }

        /// The set as the sync left it.
        func content(of name: String) async throws(StoreError) -> CustomSetContent {
            let key = name.lowercased()
            return try await BlockingIO.run { [store] () throws(StoreError) in
                guard
                    let content = try store.custom.setContents().first(where: { $0.set.name.lowercased() == key })
                else {
                    throw .unknownCustomSet(name)
                }
                return content
            }
        }

        func discard() async {
            await BlockingIO.run { [store, directory] in
                try? store.close()
                try? FileManager.default.removeItem(at: directory)
            }
        }
    }
}

extension SyncReport {
    /// Leaves out of the report the codes the shared database gave to another set meanwhile.
    mutating func note(_ conflicts: [CustomSetConflict]) {
        guard !conflicts.isEmpty else { return }
        let taken = Set(conflicts.map { $0.code.lowercased() })
        added.removeAll { taken.contains($0.lowercased()) }
        changed.removeAll { taken.contains($0.lowercased()) }
        total -= conflicts.count
        for conflict in conflicts {
            let owner = conflict.owner.map { "the set \($0)" } ?? "a custom emoji added by hand"
            skipped.append(SkippedEntry(entry: ":\(conflict.code):", reason: "the code belongs to \(owner)"))
        }
    }
}
