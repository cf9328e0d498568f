import Foundation
import GRDB
import Moji

/// The store's read-write connection, opened once, on first use, by whichever thread writes first.
final class StoreWriter: Sendable {
    private let opened: Locked<DatabaseQueue?>

    init(_ queue: DatabaseQueue?) { opened = Locked(queue) }

    /// The connection, opened with `open` the first time (under the lock, so once).
    func queue(_ open: () throws -> DatabaseQueue) throws -> DatabaseQueue {
        try opened.withLock { opened in
            if let opened { return opened }
            let queue = try open()
            opened = queue
            return queue
        }
    }

    /// The connection if it is open.
    var current: DatabaseQueue? { opened.withLock { $0 } }
}
