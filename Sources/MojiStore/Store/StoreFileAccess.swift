import Foundation

/// What the file system allows with a database file, found before opening it.
struct StoreFileAccess {
    /// The database file.
    var path: String
    /// The file exists and is not empty (a 0-byte file is a database not yet created).
    var hasDatabase: Bool
    /// The file, or the directory that must hold its -wal and -shm files, cannot be written.
    var isReadOnly: Bool
    /// The directory cannot be written and no -wal or -shm file exists: a WAL reader cannot
    /// create its shared memory, so it must open the file as immutable.
    var needsImmutable: Bool

    init(path: String, fileManager: FileManager = .default) {
        self.path = path
        let size = (try? fileManager.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        hasDatabase = (size ?? 0) > 0
        let directory = (path as NSString).deletingLastPathComponent
        // access(2): as root it ignores permission bits, as it should, but not a read-only
        // mount or an immutable (chattr +i) file.
        // A directory yet to be created is as writable as its nearest existing ancestor.
        var existing = directory
        while !existing.isEmpty, existing != "/", !fileManager.fileExists(atPath: existing) {
            existing = (existing as NSString).deletingLastPathComponent
        }
        let directoryWritable = fileManager.isWritableFile(atPath: existing.isEmpty ? "." : existing)
        let fileWritable = size == nil ? directoryWritable : fileManager.isWritableFile(atPath: path)
        isReadOnly = !(fileWritable && directoryWritable)
        needsImmutable =
            hasDatabase && !directoryWritable
            && !fileManager.fileExists(atPath: path + "-wal") && !fileManager.fileExists(atPath: path + "-shm")
    }

    /// The path to open readers with: an SQLite URI with `immutable=1` when needed.
    var readerPath: String {
        guard needsImmutable else { return path }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(escaped)?immutable=1"
    }
}
