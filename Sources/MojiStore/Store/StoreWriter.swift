import Foundation
import GRDB

/// The store's read-write connection, opened once, on first use, by whichever thread writes first.
final class StoreWriter: @unchecked Sendable {
    // @unchecked: `opened` is only touched under `lock`.
    private let lock = NSLock()
    private var opened: DatabaseQueue?

    init(_ queue: DatabaseQueue?) { opened = queue }

    /// The connection, opened with `open` the first time.
    func queue(_ open: () throws -> DatabaseQueue) throws -> DatabaseQueue {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        let queue = try open()
        opened = queue
        return queue
    }

    /// The connection if it is open.
    var current: DatabaseQueue? {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }
}
