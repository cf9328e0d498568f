import Foundation
import MojiTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Makes a file or directory read-only for real, for as long as the value lives.
///
/// Permission bits do not stop root, and the tests often run as root: there it sets the
/// immutable attribute (`chattr +i`), which stops root too; otherwise it clears the write bits
/// (`chmod a-w`). Either way `access(2)` and SQLite see a path nobody can write.
final class ReadOnlyPath {
    let path: String
    private let previousMode: mode_t?

    /// Whether this machine can make a path read-only for the current user (chattr works here
    /// as root, i.e. with CAP_LINUX_IMMUTABLE, on a file system with the attribute).
    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return true }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("moji-chattr-\(UUID().uuidString)")
            .path
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
        defer {
            _ = SystemTool.run("/usr/bin/chattr", ["-i", probe])
            try? FileManager.default.removeItem(atPath: probe)
        }
        return SystemTool.run("/usr/bin/chattr", ["+i", probe]) && access(probe, W_OK) != 0
    }()

    init(_ url: URL) throws {
        path = url.path
        if geteuid() == 0 {
            previousMode = nil
            guard SystemTool.run("/usr/bin/chattr", ["+i", path]) else { throw CocoaError(.fileWriteNoPermission) }
        } else {
            var status = stat()
            guard stat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
            previousMode = status.st_mode & 0o7777
            chmod(path, status.st_mode & 0o7555)
        }
    }

    deinit {
        if let previousMode { chmod(path, previousMode) } else { _ = SystemTool.run("/usr/bin/chattr", ["-i", path]) }
    }
}
