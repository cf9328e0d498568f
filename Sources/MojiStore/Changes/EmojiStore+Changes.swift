import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension EmojiStore {
    /// The committed changes of `areas`, as they happen, for as long as the sequence is iterated.
    ///
    /// Changes made through this store arrive right after they commit; changes made by other
    /// processes arrive within `pollingInterval` (SQLite does not notify across processes, so
    /// the store polls a small version table). Only changes after the call are reported.
    ///
    /// A read that fails ends the sequence by throwing its ``StoreError``, so a list on screen
    /// never goes stale in silence; so does a database file deleted, replaced (renamed over) or
    /// overwritten while it is observed, which SQLite's open connections would not notice,
    /// reading on from the old file. The sequence does not retry: handle the error
    /// (`moji store check` says what is wrong), then open the store and call `changes(in:)` again
    /// to resume. Only ``StoreError/busy(path:)``, a writer holding the database past the busy
    /// timeout, is not an end: the next poll reads again.
    ///
    /// ```swift
    /// do {
    ///     for try await change in store.changes(in: [.usage, .pinned]) {
    ///         reloadLists()
    ///     }
    /// } catch {
    ///     show(error)   // a StoreError: `error` is typed
    /// }
    /// ```
    public func changes(
        in areas: Set<StoreArea> = Set(StoreArea.allCases),
        pollingInterval: Duration = .milliseconds(500)
    ) -> StoreChanges {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Result<StoreChange, StoreError>.self,
            bufferingPolicy: .unbounded)
        let pool = pool
        let path = url.path
        let fail: @Sendable (any Error) -> Void = { error in
            continuation.yield(.failure(StoreError.wrapping(error, path: path)))
            continuation.finish()
        }
        let initial: [StoreArea: Int]
        let file: ObservedDatabaseFile
        do {
            initial = try pool.read(Self.changeVersions)
            file = try ObservedDatabaseFile(path: path)
        } catch {
            fail(error)
            return StoreChanges(results: stream)
        }
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // This process writes through its read-write connection: observing it reports those
        // changes at once. A read-only store has none (nil here is no error) and only learns of
        // changes by polling.
        let observed: any DatabaseWriter = (try? writerQueue()) ?? pool
        let observer = DatabaseRegionObservation(tracking: Table("changeLog"))
            .start(in: observed, onError: fail, onChange: { _ in wake.yield() })
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: pollingInterval)
                wake.yield()
            }
        }
        let reader = Task {
            var seen = initial
            for await _ in wakeups {
                let versions: [StoreArea: Int]
                do {
                    try file.check()
                    versions = try await pool.read(Self.changeVersions)
                } catch {
                    if Task.isCancelled { return }
                    // Waiting for a writer is no damage: read again at the next wake-up.
                    if StoreError.wrapping(error, path: path).code == .busy { continue }
                    fail(error)
                    return
                }
                for area in StoreArea.allCases where areas.contains(area) {
                    if let version = versions[area], version != seen[area] {
                        continuation.yield(.success(StoreChange(area: area, version: version)))
                    }
                }
                seen = versions
            }
        }
        continuation.onTermination = { _ in
            observer.cancel()
            ticker.cancel()
            reader.cancel()
            wake.finish()
        }
        return StoreChanges(results: stream)
    }

    /// The current version of every area.
    public func changeVersions() throws(StoreError) -> [StoreArea: Int] {
        try read(Self.changeVersions)
    }

    @Sendable static func changeVersions(_ db: Database) throws -> [StoreArea: Int] {
        var versions: [StoreArea: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT area, version FROM changeLog") {
            if let area = StoreArea(rawValue: row["area"]) { versions[area] = row["version"] }
        }
        return versions
    }
}

/// The database file as it was when observing began: the connections keep reading the file
/// they opened, so a file deleted, renamed over or overwritten by someone else is only seen by
/// looking at the path and the header again.
private struct ObservedDatabaseFile: Sendable {
    let path: String
    let device: UInt64
    let inode: UInt64

    /// What SQLite writes at the start of every database file.
    static let header = Array("SQLite format 3\u{0}".utf8)

    init(path: String) throws(StoreError) {
        self.path = path
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .database(path: path, reason: "cannot observe the database file: \(String(cString: strerror(errno)))")
        }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// Throws when the file at `path` is no longer the one observed, or no longer a database.
    func check() throws(StoreError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .database(
                path: path,
                reason: "the database file was deleted while its changes were observed; "
                    + "open the store again to start a new one")
        }
        guard UInt64(status.st_dev) == device, UInt64(status.st_ino) == inode else {
            throw .database(
                path: path,
                reason: "the database file was replaced while its changes were observed; "
                    + "open the store again to follow the new file")
        }
        let descriptor = open(path, O_RDONLY)
        // A file that cannot be opened for reading now is left to SQLite's own reads to report.
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Self.header.count)
        let count = read(descriptor, &bytes, bytes.count)
        // An empty file is one SQLite has not written yet; a failed read is left to SQLite too.
        guard count <= 0 || bytes == Self.header else {
            throw .notADatabase(path: path, reason: "the file was overwritten while its changes were observed")
        }
    }
}
