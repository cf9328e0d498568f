import Foundation
import MojiTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A tmpfs of a few megabytes mounted for one test, so a disk can be filled for real.
///
/// Only root may mount, and some containers forbid it even to root: ``isAvailable`` tries once,
/// and tests that need a full disk are skipped where it is false. The same logic is covered
/// without root by tests that limit the file size with `ulimit -f`.
struct SmallFileSystem {
    /// Whether a tmpfs can be mounted here.
    static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? SmallFileSystem(megabytes: 1) else { return false }
        probe.unmount()
        return true
    }()

    let url: URL

    init(megabytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("moji-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard SystemTool.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Takes every free block with one file, `fill`.
    func fill() {
        _ = SystemTool.run("/bin/sh", ["-c", "dd if=/dev/zero of='\(url.path)/fill' bs=4k 2>/dev/null"])
    }

    /// Frees what ``fill()`` took.
    func free() { unlink(url.appendingPathComponent("fill").path) }

    func unmount() {
        _ = SystemTool.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }
}
