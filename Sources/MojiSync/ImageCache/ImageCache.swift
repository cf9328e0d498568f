import Crypto
import Foundation
import Moji

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Custom emoji images on disk, each in a file named by the SHA-256 of its bytes, shared by every
/// process of the user (the command line, the server, pickers).
///
/// ```swift
/// let cache = ImageCache(directory: ImageCache.defaultDirectory())
/// let image = try cache.store(downloadedBytes)   // sniffed, checked, hashed, written
/// image.fileName                                 // "3a7bd3e2…9c.gif"
/// let bytes = try cache.data(for: image)
/// try cache.prune(keeping: store.custom.referencedImageHashes())
/// ```
///
/// Files are written to a temporary file in the same directory (`.tmp-<UUID>`) and renamed into
/// place, so a reader in any process sees a whole file or none, and two writers of the same image
/// both end up with the same complete file. Nothing is locked: content addressing makes every
/// writer of a name agree on its bytes.
///
/// The directory is created on first store with mode 0700, as the XDG Base Directory
/// specification asks for: the images of a private Slack workspace or a members-only forum are
/// not for other users of the machine, and every Moji process runs as the user.
///
/// Files that are not the cache's (any other name, or not a regular file) are never counted or
/// removed. Unreferenced images younger than ``gracePeriod`` are not removed either: a sync
/// stores a set's images *before* the one transaction that makes the set reference them, and a
/// prune in another process in between must not delete them.
public struct ImageCache: Sendable {
    /// The directory that holds the images.
    public let directory: URL
    /// How long after it was written or last used an unreferenced image is safe from
    /// ``prune(keeping:)`` and ``evict(toFit:keeping:)``.
    public let gracePeriod: TimeInterval

    /// The default ``gracePeriod``: an hour, far longer than any sync takes.
    public static let defaultGracePeriod: TimeInterval = 3600
    /// A temporary file older than this was left by a writer that crashed; ``prune(keeping:)`` removes it.
    static let staleTemporaryAge: TimeInterval = 3600
    /// The prefix of temporary files, which no image file name (hexadecimal) can start with.
    static let temporaryPrefix = ".tmp-"
    /// The file name ``fileURL(for:)`` answers for an image whose hash or format is not valid: inside
    /// the directory, and never written by the cache.
    static let invalidFileName = ".invalid-image-name"
    /// The extensions of image files, as ``/Moji/CustomEmojiImage/fileExtension`` makes them.
    static let fileExtensions: Set<String> = ["png", "gif", "jpg", "webp"]

    public init(directory: URL) {
        self.init(directory: directory, gracePeriod: Self.defaultGracePeriod)
    }

    /// A cache whose unreferenced images become removable `gracePeriod` seconds after they were
    /// written or used; 0 removes them at once (only safe when no sync runs at the same time).
    public init(directory: URL, gracePeriod: TimeInterval) {
        self.directory = directory.standardizedFileURL
        self.gracePeriod = max(0, gracePeriod)
    }

    /// `$MOJI_HOME/images`, else `$XDG_CACHE_HOME/moji/images`, else `~/.cache/moji/images`.
    ///
    /// A relative `XDG_CACHE_HOME` is ignored, as the XDG Base Directory specification requires
    /// (the same rules as the store's location).
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let home = environment["MOJI_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("images", isDirectory: true)
        }
        // A relative one would put the cache in whatever directory the command happens to run in.
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true)
                .appendingPathComponent("moji/images", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache/moji/images", isDirectory: true)
    }

    // MARK: - Storing and reading

    /// Sniffs and checks `data` with ``ImageInspector`` and `limits`, hashes it, and writes
    /// `<sha256>.<ext>` atomically; an existing file of that name and size is kept (and marked used).
    ///
    /// - Throws: ``ImageCacheError/image(_:)`` for bytes that are not an acceptable image (an HTML
    ///   error page, a truncated or oversized one), ``ImageCacheError/io(path:reason:)`` when the
    ///   directory cannot be created or written (read-only, full disk).
    public func store(_ data: Data, limits: ImageLimits = .default) throws(ImageCacheError) -> CustomEmojiImage {
        let info: ImageInfo
        do {
            info = try ImageInspector.inspect(data, limits: limits)
        } catch {
            throw .image(error)
        }
        let image = CustomEmojiImage(
            sha256: Self.sha256(of: data), format: info.format.rawValue, width: info.width, height: info.height,
            frameCount: info.frameCount, byteCount: data.count)
        let path = fileURL(for: image).path
        if contains(image) {
            CacheFileSystem.touch(path)
            return image
        }
        if let failure = CacheFileSystem.makeDirectories(directory.path) {
            throw .io(path: failure.path, reason: Self.reason("cannot create the directory", failure.code))
        }
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString).path
        if let code = CacheFileSystem.writeNewFile(data, atPath: temporary) {
            CacheFileSystem.remove(temporary)
            throw .io(path: directory.path, reason: Self.reason("cannot write an image file", code))
        }
        // Readers see the old complete file or the new one. Over an identical file that another
        // process just wrote, the rename changes nothing a reader can tell.
        if let code = CacheFileSystem.rename(temporary, to: path) {
            CacheFileSystem.remove(temporary)
            throw .io(path: path, reason: Self.reason("cannot move the image file into place", code))
        }
        return image
    }

    /// The file of `image`: always inside ``directory``. An image whose hash is not 64 lowercase
    /// hexadecimal digits or whose format is unknown, as a hand-edited database could hold, gets
    /// a name the cache never writes instead of a path built from it (no `../` ever leaves the directory).
    public func fileURL(for image: CustomEmojiImage) -> URL {
        directory.appendingPathComponent(Self.isValid(image) ? image.fileName : Self.invalidFileName)
    }

    /// Whether the file of `image` is there, a regular file of the right size.
    public func contains(_ image: CustomEmojiImage) -> Bool {
        guard Self.isValid(image), let entry = CacheFileSystem.entry(atPath: fileURL(for: image).path) else {
            return false
        }
        return entry.isRegularFile && entry.size == image.byteCount
    }

    /// The bytes of `image`.
    ///
    /// - Throws: ``ImageCacheError/io(path:reason:)`` when its hash or format is not valid, the
    ///   file is missing or has another size, or cannot be read.
    public func data(for image: CustomEmojiImage) throws(ImageCacheError) -> Data {
        guard Self.isValid(image) else {
            throw .io(
                path: directory.path,
                reason: "the image name \"\(image.sha256).\(image.format)\" is not a SHA-256 and an image format"
                    + " — the database was probably edited by hand; sync the set again")
        }
        let path = fileURL(for: image).path
        guard let entry = CacheFileSystem.entry(atPath: path), entry.isRegularFile else {
            throw .io(path: path, reason: "the cached image is missing — sync its set again to download it")
        }
        guard entry.size == image.byteCount else {
            throw .io(
                path: path,
                reason: "the cached image is \(entry.size) bytes, not \(image.byteCount) — it was changed outside"
                    + " Moji; delete it and sync its set again")
        }
        // Opened without blocking and only as a regular file: a FIFO put in its place since the
        // look above must not hang the caller.
        do {
            return try LocalFile.read(path, maximumBytes: max(image.byteCount, 0))
        } catch {
            throw .io(path: path, reason: "cannot read the cached image: \(error.reason)")
        }
    }

    /// Marks the images as used now, so ``evict(toFit:keeping:)`` removes them last. Best effort:
    /// an image that is not in the cache, or a file that cannot be touched, is passed over.
    public func markUsed(_ images: [CustomEmojiImage]) {
        for image in images where Self.isValid(image) {
            CacheFileSystem.touch(fileURL(for: image).path)
        }
    }

    // MARK: - Size, prune and eviction

    /// How many image files the cache holds and their total size. An absent directory is an empty cache.
    public func summary() throws(ImageCacheError) -> ImageCacheSummary {
        let images = try files().images
        return ImageCacheSummary(files: images.count, bytes: images.reduce(0) { $0 + $1.size })
    }

    /// Removes every image whose hash is not in `referenced` and that is older than
    /// ``gracePeriod``, and temporary files left by crashed writers; returns what was removed.
    public func prune(keeping referenced: Set<String>) throws(ImageCacheError) -> ImageCacheSummary {
        let now = Date()
        let (images, temporaries) = try files()
        try removeStale(temporaries, now: now)
        let keep = Set(referenced.map { $0.lowercased() })
        var removed = ImageCacheSummary()
        for file in images where !keep.contains(file.sha256) && isPastGrace(file, now: now) {
            try remove(file)
            removed.files += 1
            removed.bytes += file.size
        }
        return removed
    }

    /// Removes unreferenced images older than ``gracePeriod``, least recently used (written or
    /// marked used) first, until all images together take at most `maximumBytes`; returns what was removed.
    ///
    /// Referenced images are never removed, so the cache can stay over `maximumBytes` when the
    /// sets in use need more: compare ``summary()`` with the cap afterwards to tell.
    public func evict(toFit maximumBytes: Int, keeping referenced: Set<String>) throws(ImageCacheError)
        -> ImageCacheSummary
    {
        let now = Date()
        let (images, temporaries) = try files()
        try removeStale(temporaries, now: now)
        var total = images.reduce(0) { $0 + $1.size }
        let keep = Set(referenced.map { $0.lowercased() })
        // The name breaks ties, so equal times evict in the same order everywhere.
        let candidates = images.filter { !keep.contains($0.sha256) && isPastGrace($0, now: now) }
            .sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }
        var removed = ImageCacheSummary()
        for file in candidates {
            guard total > max(0, maximumBytes) else { break }
            try remove(file)
            total -= file.size
            removed.files += 1
            removed.bytes += file.size
        }
        return removed
    }

    // MARK: - Files

    /// A file of the cache's directory that the cache owns.
    struct CachedFile {
        var name: String
        var sha256: String
        var size: Int
        var modified: Date
    }

    /// The image files and the temporary files in the directory; everything else is someone else's.
    func files() throws(ImageCacheError) -> (images: [CachedFile], temporaries: [CachedFile]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            if !FileManager.default.fileExists(atPath: directory.path) { return ([], []) }
            throw .io(path: directory.path, reason: "cannot list the image cache: \(error.localizedDescription)")
        }
        var images: [CachedFile] = []
        var temporaries: [CachedFile] = []
        for name in names {
            let isTemporary = name.hasPrefix(Self.temporaryPrefix)
            let sha256 = Self.imageHash(inFileName: name)
            guard isTemporary || sha256 != nil,
                let entry = CacheFileSystem.entry(atPath: directory.appendingPathComponent(name).path),
                entry.isRegularFile
            else { continue }
            let file = CachedFile(name: name, sha256: sha256 ?? "", size: entry.size, modified: entry.modified)
            if isTemporary { temporaries.append(file) } else { images.append(file) }
        }
        return (images, temporaries)
    }

    private func isPastGrace(_ file: CachedFile, now: Date) -> Bool {
        now.timeIntervalSince(file.modified) >= gracePeriod
    }

    private func removeStale(_ temporaries: [CachedFile], now: Date) throws(ImageCacheError) {
        for file in temporaries where now.timeIntervalSince(file.modified) >= Self.staleTemporaryAge {
            try remove(file)
        }
    }

    private func remove(_ file: CachedFile) throws(ImageCacheError) {
        let path = directory.appendingPathComponent(file.name).path
        if let code = CacheFileSystem.remove(path) {
            throw .io(path: path, reason: Self.reason("cannot remove the file", code))
        }
    }

    /// The hash of a cache file name, `<64 lowercase hex>.<png|gif|jpg|webp>`, or nil for any other name.
    static func imageHash(inFileName name: String) -> String? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let hash = String(name[..<dot])
        let fileExtension = String(name[name.index(after: dot)...])
        guard CustomEmojiImage.isValidSHA256(hash), fileExtensions.contains(fileExtension) else { return nil }
        return hash
    }

    static func isValid(_ image: CustomEmojiImage) -> Bool {
        CustomEmojiImage.isValidSHA256(image.sha256) && ImageFormat(rawValue: image.format) != nil
            && fileExtensions.contains(image.fileExtension)
    }

    /// The SHA-256 of `data` as 64 lowercase hexadecimal digits.
    static func sha256(of data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: data) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// What failed, the system's message, and what the person can do about it.
    static func reason(_ action: String, _ code: Int32) -> String {
        let advice: String
        switch code {
        case EACCES, EPERM, EROFS:
            advice = " — make the directory writable, or set MOJI_HOME or XDG_CACHE_HOME to a writable one"
        case ENOSPC, EDQUOT:
            advice = " — free disk space, or remove unused images with `moji custom cache --prune`"
        default:
            advice = ""
        }
        return "\(action): \(CacheFileSystem.message(code))\(advice)"
    }
}
