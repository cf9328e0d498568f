import Foundation
import Moji
import MojiSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// "images 120/767, 1.2 MB" on standard error while a sync downloads images, redrawn in place
/// with a carriage return and cleared at the end.
///
/// Only for a terminal: ``forTerminal()`` is nil when standard error is a pipe or a file, so a
/// log never fills with redraws. The engine calls ``update(_:)`` from its tasks, hence the lock.
final class SyncProgressBar: Sendable {
    private let drawn = Locked((width: 0, at: ContinuousClock.Instant?.none))

    private init() {}

    /// A bar when standard error is a terminal, else nil.
    static func forTerminal() -> SyncProgressBar? {
        isatty(STDERR_FILENO) == 1 ? SyncProgressBar() : nil
    }

    /// Redraws the bar; at most every 50 ms but always for the last image.
    func update(_ progress: SyncProgress) {
        drawn.withLock { drawn in
            let now = ContinuousClock.now
            let due = drawn.at.map { now - $0 >= .milliseconds(50) } ?? true
            guard progress.total > 0, progress.completed == progress.total || due else { return }
            drawn.at = now
            let text = "images \(progress.completed)/\(progress.total), \(Self.size(progress.bytes))"
            let padding = String(repeating: " ", count: max(0, drawn.width - text.count))
            drawn.width = text.count
            StandardStreams.writeError("\r" + text + padding)
        }
    }

    /// Removes the bar, so the report starts on a clean line.
    func clear() {
        drawn.withLock { drawn in
            guard drawn.width > 0 else { return }
            StandardStreams.writeError("\r" + String(repeating: " ", count: drawn.width) + "\r")
            drawn.width = 0
        }
    }

    /// Bytes as a person reads them: "812 B", "1.2 MB".
    static func size(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1_000) }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
