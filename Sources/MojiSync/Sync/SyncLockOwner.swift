import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who holds a set's sync lock (in the SQLite store or in PostgreSQL): this machine's name, this
/// process's id and a part of its own, so that a lock left by a process of this machine that was
/// killed (`kill -9` during `moji custom add`) can be told from one a live process holds, and
/// taken over at once.
enum SyncLockOwner {
    /// A new owner for one sync of this process.
    static func make() -> String {
        "\(hostName) \(getpid()) \(UUID().uuidString)"
    }

    /// Whether `owner` names a process of this machine that no longer runs. An owner of another
    /// machine (several instances sharing a store) or of an older format is never taken for gone:
    /// its lock is left to run out.
    static func isGone(_ owner: String) -> Bool {
        let parts = owner.split(separator: " ")
        guard parts.count == 3, parts[0] == hostName, let pid = Int32(parts[1]), pid > 0, pid != getpid() else {
            return false
        }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// This machine's name (`gethostname`), without spaces.
    static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name.replacingOccurrences(of: " ", with: "_")
    }()
}
