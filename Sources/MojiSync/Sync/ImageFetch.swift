import Foundation
import Moji
import MojiStore

/// What happened to one image of a sync.
enum ImageOutcome: Sendable {
    /// In the cache; `validators` are what the server sent (nil for a pack or folder).
    case stored(CustomEmojiImage, validators: HTTPValidators?)
    /// Not usable: why, as a sentence.
    case failed(String)
}

/// Fetches a set's images (each distinct image once), at most `imageConcurrency` at a time,
/// retrying transient failures, and stores them in the cache.
struct ImageFetch: Sendable {
    var transport: any HTTPTransport
    var cache: ImageCache
    var options: SyncOptions
    /// What times the waits between tries.
    var clock: any Clock<Duration> = ContinuousClock()

    /// The counts `SyncReport` gives.
    struct Totals: Sendable {
        var requests = 0
        var bytes = 0
    }

    /// The outcome per image reference, and the totals.
    func fetch(
        _ references: [String], origin: ImageOrigin, known: [String: ImageValidator],
        progress: (@Sendable (SyncProgress) -> Void)?
    ) async -> (outcomes: [String: ImageOutcome], totals: Totals) {
        var outcomes: [String: ImageOutcome] = [:]
        var totals = Totals()
        var completed = 0
        let total = references.count
        progress?(SyncProgress(completed: 0, total: total, bytes: 0))
        // Images not started by the sync's deadline fail (a set keeps their previous images), so
        // a slow server cannot hold a sync, and the set's lock, for longer.
        // On the monotonic clock, which a wall clock stepped back or forward does not move.
        let deadline = ContinuousClock.now + .seconds(options.imageDeadline)
        await withTaskGroup(of: (String, ImageOutcome, Totals).self) { group in
            var pending = references.makeIterator()
            func startNext() -> Bool {
                guard let reference = pending.next() else { return false }
                if ContinuousClock.now >= deadline {
                    let reason = "was not fetched: the sync ran past its \(Int(options.imageDeadline)) s for images"
                    group.addTask { (reference, .failed(reason), Totals()) }
                    return true
                }
                let validator = known[reference]
                group.addTask { await self.load(reference, origin: origin, known: validator) }
                return true
            }
            for _ in 0..<options.imageConcurrency where !startNext() { break }
            while let (reference, outcome, cost) = await group.next() {
                outcomes[reference] = outcome
                totals.requests += cost.requests
                totals.bytes += cost.bytes
                completed += 1
                progress?(SyncProgress(completed: completed, total: total, bytes: totals.bytes))
                _ = startNext()
            }
        }
        return (outcomes, totals)
    }

    private func load(
        _ reference: String, origin: ImageOrigin, known: ImageValidator?
    ) async -> (String, ImageOutcome, Totals) {
        switch origin {
        case .web:
            return await download(reference, known: known)
        case .pack(let archive):
            // Unzipping, hashing and writing the cache's file block: off the shared threads.
            let maximumBytes = options.imageLimits.maximumBytes
            return await BlockingIO.run { [self] in
                do throws(SourceError) {
                    let data = try archive.imageData(at: reference, maximumBytes: maximumBytes)
                    return (reference, store(data), Totals())
                } catch {
                    return (reference, .failed(error.reason), Totals())
                }
            }
        case .folder(let folder):
            guard Self.isInside(reference) else {
                return (reference, .failed("the path leaves the folder"), Totals())
            }
            let maximumBytes = options.imageLimits.maximumBytes
            return await BlockingIO.run { [self] in
                do throws(SourceError) {
                    let data = try LocalFile.read(
                        folder.appendingPathComponent(reference).path, maximumBytes: maximumBytes)
                    return (reference, store(data), Totals())
                } catch {
                    return (reference, .failed(error.reason), Totals())
                }
            }
        }
    }

    /// A relative path without `..`, empty or absolute parts: it stays inside its folder.
    static func isInside(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\") else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0.isEmpty }
    }

    /// Hashes `data` and writes it into the cache: blocking, so callers run it with `BlockingIO`.
    private func store(_ data: Data) -> ImageOutcome {
        do {
            return .stored(try cache.store(data, limits: options.imageLimits), validators: nil)
        } catch {
            return .failed(error.description)
        }
    }

    /// One image from the web: conditional when its file is still in the cache, retried with
    /// backoff (or the server's `Retry-After`, when short) on transient failures.
    private func download(_ reference: String, known: ImageValidator?) async -> (String, ImageOutcome, Totals) {
        var totals = Totals()
        guard let url = URL(string: reference) else { return (reference, .failed("is not a URL"), totals) }
        // A look at the cache only for an image fetched before (none on a first import).
        var cached: ImageValidator?
        if let known {
            cached = await BlockingIO.run { [cache] in cache.contains(known.image) ? known : nil }
        }
        let request = FetchRequest(
            url: url, validators: cached?.validators ?? HTTPValidators(),
            maximumBytes: options.imageLimits.maximumBytes)
        var attempt = 1
        var timeouts = 0
        while true {
            totals.requests += 1
            do {
                let response = try await transport.get(request)
                if response.status == 304, let cached {
                    return (reference, .stored(cached.image, validators: response.validators), totals)
                }
                totals.bytes += response.body.count
                let body = response.body
                switch await BlockingIO.run({ [self] in store(body) }) {
                case .stored(let image, _): return (reference, .stored(image, validators: response.validators), totals)
                case .failed(let reason): return (reference, .failed(reason), totals)
                }
            } catch {
                // A timeout is tried once more at most: a server that trickles bytes would
                // otherwise hold the image for every attempt's full deadline.
                if case .timedOut = error { timeouts += 1 }
                guard error.isTransient, attempt < options.attempts, timeouts < 2 else {
                    return (reference, .failed(Self.message(for: error)), totals)
                }
                var delay = options.retryDelay * Double(1 << (attempt - 1))
                if let retryAfter = error.retryAfter {
                    let asked = retryAfter.timeIntervalSinceNow
                    guard asked <= options.maximumRetryAfter else {
                        return (reference, .failed(Self.message(for: error)), totals)
                    }
                    delay = max(delay, asked)
                }
                attempt += 1
                try? await clock.sleep(for: .seconds(max(0, delay)))
            }
        }
    }

    private static func message(for error: FetchError) -> String {
        switch error {
        case .tooLarge(_, let limit): "is larger than \(limit) bytes, the most an image may have"
        default: error.description
        }
    }
}
