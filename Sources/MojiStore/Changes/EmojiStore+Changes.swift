import Foundation
import GRDB

extension EmojiStore {
    /// The committed changes of `areas`, as they happen, for as long as the sequence is iterated.
    ///
    /// Changes made through this store arrive right after they commit; changes made by other
    /// processes arrive within `pollingInterval` (SQLite does not notify across processes, so
    /// the store polls a small version table). Only changes after the call are reported.
    ///
    /// ```swift
    /// for await change in store.changes(in: [.usage, .pinned]) {
    ///     reloadLists()
    /// }
    /// ```
    public func changes(in areas: Set<StoreArea> = Set(StoreArea.allCases),
                        pollingInterval: Duration = .milliseconds(500)) -> AsyncStream<StoreChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let pool = pool
        let initial = (try? pool.read(Self.changeVersions)) ?? [:]

        // This process writes through its read-write connection: observing it reports those
        // changes at once. A read-only store only learns of changes by polling.
        let observed: any DatabaseWriter = (try? writerQueue()) ?? pool
        let observer = DatabaseRegionObservation(tracking: Table("changeLog"))
            .start(in: observed, onError: { _ in }, onChange: { _ in wake.yield() })
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: pollingInterval)
                wake.yield()
            }
        }
        let reader = Task {
            var seen = initial
            for await _ in wakeups {
                guard let versions = try? await pool.read(Self.changeVersions) else { continue }
                for area in StoreArea.allCases where areas.contains(area) {
                    if let version = versions[area], version != seen[area] {
                        continuation.yield(StoreChange(area: area, version: version))
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
        return stream
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
