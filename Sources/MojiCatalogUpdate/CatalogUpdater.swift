import Crypto
import Foundation
import Moji
import MojiStore
import MojiSync

/// Installs fresh catalogs without a release: from a folder `moji-data pack` published, or a
/// catalog folder built locally, into ``/Moji/InstalledCatalogs``.
///
/// ```swift
/// let updater = CatalogUpdater()
/// switch try await updater.update(from: URL(string: "https://example.com/moji/catalog/")!) {
/// case .upToDate(let pointer): print("up to date: \(pointer.catalogVersion)")
/// case .installed(let pointer, let downloaded, _): print("installed \(pointer.catalogVersion), \(downloaded) files")
/// }
/// ```
///
/// An update fetches `manifest.json` with `If-None-Match` (a 304 means up to date), downloads
/// only the files whose SHA-256 differs from the catalog in use (others are copied), checks
/// each file's size and SHA-256, opens the new catalog and loads every locale and search
/// segment, and only then switches the `current` pointer (renamed into place, so atomically).
/// The catalog it replaces is kept for ``rollback()``. Any failure deletes what it wrote and
/// leaves the catalog in use as it was; a second update at once waits for the first's lock.
public struct CatalogUpdater: Sendable {
    /// Where catalogs are installed.
    public var catalogs: InstalledCatalogs
    /// How files are fetched (honours the standard proxy variables with ``/MojiSync/URLSessionTransport``).
    public var transport: any HTTPTransport
    /// How long to wait for another update's lock before giving up.
    public var lockTimeout: TimeInterval
    /// The most a manifest may ask to download, checked before any file is fetched.
    public var limits: CatalogUpdateLimits

    /// An updater of `catalogs`.
    public init(
        catalogs: InstalledCatalogs = .default(), transport: any HTTPTransport = URLSessionTransport(),
        lockTimeout: TimeInterval = 10, limits: CatalogUpdateLimits = CatalogUpdateLimits()
    ) {
        self.catalogs = catalogs
        self.transport = transport
        self.lockTimeout = lockTimeout
        self.limits = limits
    }

    /// The largest manifest read: a catalog of thousands of files is far below it.
    static let maximumManifestBytes = 8 << 20

    /// Updates from a published folder (the URL of the folder holding `manifest.json`).
    public func update(from source: URL) async throws(CatalogUpdateError) -> CatalogUpdateOutcome {
        try prepareDirectory()
        let lock = try await CatalogUpdateLock.acquire(in: catalogs.directory, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        let folder = source.absoluteString.hasSuffix("/") ? source : source.appendingPathComponent("")
        let manifestURL = folder.appendingPathComponent(CatalogManifest.fileName)
        let current = catalogs.current
        let validators =
            current?.source == folder.absoluteString ? HTTPValidators(etag: current?.etag) : HTTPValidators()
        let response: FetchResponse
        do throws(FetchError) {
            response = try await transport.get(
                FetchRequest(url: manifestURL, validators: validators, maximumBytes: Self.maximumManifestBytes))
        } catch {
            throw .unreachable(error)
        }
        if response.isNotModified, let current { return .upToDate(current) }
        let manifest = try Self.decodeManifest(response.body, url: manifestURL.absoluteString, limits: limits)
        if let current, current.catalogVersion == manifest.catalogVersion, current.source == folder.absoluteString {
            var refreshed = current
            refreshed.etag = response.validators.etag
            try writePointer(refreshed, named: InstalledCatalogs.currentFileName)
            return .upToDate(refreshed)
        }

        let staging = try makeStagingFolder()
        do {
            var downloaded = 0
            var copied = 0
            for file in manifest.files {
                let target = staging.appendingPathComponent(file.path)
                try createParent(of: target)
                let copiedLocally = try await Self.offCooperativePool { () throws(CatalogUpdateError) -> Bool in
                    guard let local = localCopy(of: file) else { return false }
                    try write(local, to: target)
                    return true
                }
                if copiedLocally {
                    copied += 1
                    continue
                }
                // Streamed to its place in the staging folder and hashed on the way: a file is
                // never held in memory, and one longer than the manifest says stops at its size.
                let download: HTTPDownload
                do throws(FetchError) {
                    download = try await transport.download(
                        FetchRequest(url: folder.appendingPathComponent(file.path), maximumBytes: file.size), to: target
                    )
                } catch {
                    switch error {
                    case .tooLarge:
                        throw CatalogUpdateError.wrongSize(
                            path: file.path, expected: file.size, received: file.size + 1)
                    case .cannotWrite(_, let path, let reason):
                        throw CatalogUpdateError.cannotWrite(path: path, reason: reason)
                    default:
                        throw CatalogUpdateError.unreachable(error)
                    }
                }
                try Self.check(size: download.byteCount, sha256: download.sha256, against: file)
                downloaded += 1
            }
            try write(response.body, to: staging.appendingPathComponent(CatalogManifest.fileName))
            let etag = response.validators.etag
            let pointer = try await Self.offCooperativePool { () throws(CatalogUpdateError) in
                try install(staging: staging, manifest: manifest, source: folder.absoluteString, etag: etag)
            }
            return .installed(pointer, downloadedFiles: downloaded, copiedFiles: copied)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error as? CatalogUpdateError ?? .cannotWrite(path: staging.path, reason: "\(error)")
        }
    }

    /// Installs a catalog folder built here (`moji data update --from-unicode`): copies it,
    /// writes its manifest, checks that it loads and switches to it as ``update(from:)`` does.
    public func install(catalog folder: URL, cldrVersion: String, source: String) async throws(CatalogUpdateError)
        -> CatalogPointer
    {
        try prepareDirectory()
        let lock = try await CatalogUpdateLock.acquire(in: catalogs.directory, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        let staging = try makeStagingFolder()
        do throws(CatalogUpdateError) {
            return try await Self.offCooperativePool { () throws(CatalogUpdateError) in
                let manifest = try Self.copyAndDescribe(folder, to: staging, cldrVersion: cldrVersion)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let data: Data
                do { data = try encoder.encode(manifest) } catch { throw .buildFailed(reason: "\(error)") }
                try write(data, to: staging.appendingPathComponent(CatalogManifest.fileName))
                return try install(staging: staging, manifest: manifest, source: source, etag: nil)
            }
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Switches back to the previous installed catalog; the current one becomes the previous.
    @discardableResult
    public func rollback() async throws(CatalogUpdateError) -> CatalogPointer {
        try prepareDirectory()
        let lock = try await CatalogUpdateLock.acquire(in: catalogs.directory, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        guard let previous = catalogs.previous,
            FileManager.default.fileExists(atPath: catalogs.folder(of: previous).path)
        else { throw .nothingToRollBackTo }
        if let current = catalogs.current {
            try writePointer(current, named: InstalledCatalogs.previousFileName)
        }
        try writePointer(previous, named: InstalledCatalogs.currentFileName)
        return previous
    }

    // MARK: Steps

    /// Checks the staged catalog, moves it to its own folder and points `current` at it.
    private func install(staging: URL, manifest: CatalogManifest, source: String, etag: String?)
        throws(CatalogUpdateError) -> CatalogPointer
    {
        try CatalogValidation.validate(staging, manifest: manifest)
        guard let emojiVersion = EmojiVersion(manifest.emojiVersion) else {
            throw .malformedManifest(url: source, reason: "emojiVersion '\(manifest.emojiVersion)' is not a version")
        }
        let manager = FileManager.default
        let current = catalogs.current
        let previous = catalogs.previous
        // The manifest's version was checked (a safe name, not a pointer's); the catalog built here
        // names itself. An update deletes nothing but its staging folder: a name that is taken (the
        // catalog in use, the rollback target, anything else) gets a fresh suffix instead.
        var name = CatalogManifest.isSafe(catalogVersion: manifest.catalogVersion) ? manifest.catalogVersion : "catalog"
        if name == current?.folder || name == previous?.folder
            || manager.fileExists(atPath: catalogs.directory.appendingPathComponent(name).path)
        {
            name += "-" + UUID().uuidString.prefix(8).lowercased()
        }
        let target = catalogs.directory.appendingPathComponent(name)
        do {
            try manager.moveItem(at: staging, to: target)
        } catch {
            throw .cannotWrite(path: target.path, reason: Self.reason(error))
        }
        let pointer = CatalogPointer(
            folder: name, emojiVersion: emojiVersion, cldrVersion: manifest.cldrVersion,
            catalogVersion: manifest.catalogVersion, source: source, etag: etag, installed: Date())
        do {
            if let current { try writePointer(current, named: InstalledCatalogs.previousFileName) }
            try writePointer(pointer, named: InstalledCatalogs.currentFileName)
        } catch {
            try? manager.removeItem(at: target)
            throw error
        }
        prune(keeping: [pointer.folder, current?.folder].compactMap { $0 })
        return pointer
    }

    /// Deletes installed folders no pointer names, and staging folders a crash left.
    private func prune(keeping folders: [String]) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: catalogs.directory.path)) ?? []
        for name in names where !folders.contains(name) {
            let url = catalogs.directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            try? manager.removeItem(at: url)
        }
    }

    static func decodeManifest(
        _ data: Data, url: String, limits: CatalogUpdateLimits = CatalogUpdateLimits()
    ) throws(CatalogUpdateError) -> CatalogManifest {
        struct Probe: Decodable { var formatVersion: Int }
        guard let probe = try? JSONDecoder().decode(Probe.self, from: data) else {
            throw .malformedManifest(url: url, reason: "not JSON with a formatVersion")
        }
        guard probe.formatVersion == CatalogManifest.currentFormatVersion else {
            throw .unknownManifestFormat(version: probe.formatVersion, url: url)
        }
        let manifest: CatalogManifest
        do {
            manifest = try JSONDecoder().decode(CatalogManifest.self, from: data)
        } catch {
            throw .malformedManifest(url: url, reason: "\(error)")
        }
        guard CatalogManifest.isSafe(catalogVersion: manifest.catalogVersion) else {
            throw .malformedManifest(
                url: url,
                reason:
                    "catalogVersion '\(manifest.catalogVersion.prefix(80))' is not a catalog name (1 to 64 letters, "
                    + "digits, '.', '_' or '-', starting with a letter or digit, not 'current' or 'previous')")
        }
        if let unsafe = manifest.files.first(where: { !CatalogManifest.isSafe(path: $0.path) }) {
            throw .malformedManifest(url: url, reason: "unsafe file path '\(unsafe.path)'")
        }
        if let bad = manifest.files.first(where: { $0.size < 0 || $0.sha256.count != 64 }) {
            throw .malformedManifest(url: url, reason: "bad size or SHA-256 for '\(bad.path)'")
        }
        guard manifest.files.contains(where: { $0.path == CatalogFormat.coreFile }) else {
            throw .malformedManifest(url: url, reason: "it lists no \(CatalogFormat.coreFile)")
        }
        if let problem = limits.problem(with: manifest) { throw .tooLarge(url: url, reason: problem) }
        return manifest
    }

    static func check(_ data: Data, against file: CatalogManifest.File) throws(CatalogUpdateError) {
        try check(size: data.count, sha256: sha256(data), against: file)
    }

    /// Checks what was received, `size` bytes hashing to `sha256`, against the manifest's entry.
    static func check(size: Int, sha256 hash: String, against file: CatalogManifest.File) throws(CatalogUpdateError) {
        guard size == file.size else {
            throw .wrongSize(path: file.path, expected: file.size, received: size)
        }
        guard hash == file.sha256.lowercased() else {
            throw .wrongHash(path: file.path, expected: file.sha256, received: hash)
        }
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).lowercaseHex
    }

    /// The bytes of `file` from the catalog in use (the installed one, else the bundled one)
    /// when they have the manifest's size and SHA-256: no need to download them.
    private func localCopy(of file: CatalogManifest.File) -> Data? {
        var folders = [EmojiCatalog.bundledDirectory]
        if let current = catalogs.current { folders.insert(catalogs.folder(of: current), at: 0) }
        for folder in folders {
            let path = folder.appendingPathComponent(file.path).path
            // Only a regular file, opened without blocking: a FIFO in the catalog's folder is no copy.
            guard let data = try? LocalFile.read(path, maximumBytes: file.size), data.count == file.size,
                Self.sha256(data) == file.sha256.lowercased()
            else { continue }
            return data
        }
        return nil
    }

    /// Copies every file of a built catalog folder to `staging` and describes them in a manifest.
    static func copyAndDescribe(_ folder: URL, to staging: URL, cldrVersion: String) throws(CatalogUpdateError)
        -> CatalogManifest
    {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: folder.path) else {
            throw .buildFailed(reason: "\(folder.path) cannot be read")
        }
        var files: [CatalogManifest.File] = []
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular,
                path != CatalogManifest.fileName, CatalogManifest.isSafe(path: path)
            {
                paths.append(path)
            }
        }
        for path in paths.sorted() {
            guard let data = manager.contents(atPath: folder.appendingPathComponent(path).path) else {
                throw .buildFailed(reason: "\(path) cannot be read")
            }
            let target = staging.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
            } catch {
                throw .cannotWrite(path: target.path, reason: reason(error))
            }
            files.append(CatalogManifest.File(path: path, size: data.count, sha256: sha256(data)))
        }
        let emojiVersion: String
        do {
            emojiVersion = try EmojiCatalog(directory: staging).unicodeVersion.description
        } catch {
            throw .catalogDoesNotLoad(reason: "\(error)")
        }
        let listing = files.map { "\($0.path)\t\($0.sha256)\n" }.joined()
        return CatalogManifest(
            catalogVersion: CatalogManifest.catalogVersion(
                emojiVersion: emojiVersion, contentHash: sha256(Data(listing.utf8))),
            emojiVersion: emojiVersion, cldrVersion: cldrVersion, files: files)
    }

    // MARK: Files

    private func prepareDirectory() throws(CatalogUpdateError) {
        do {
            try FileManager.default.createDirectory(at: catalogs.directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: catalogs.directory.path, reason: Self.reason(error))
        }
    }

    private func makeStagingFolder() throws(CatalogUpdateError) -> URL {
        removeStagingFolders()
        let staging = catalogs.directory.appendingPathComponent(InstalledCatalogs.stagingPrefix + UUID().uuidString)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: staging.path, reason: Self.reason(error))
        }
        return staging
    }

    /// Removes the staging folders killed updates left; only while holding the lock, when no
    /// update is writing one. Returns how many were removed.
    @discardableResult
    private func removeStagingFolders() -> Int {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: catalogs.directory.path)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(InstalledCatalogs.stagingPrefix) {
            if (try? manager.removeItem(at: catalogs.directory.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// Removes the staging folders killed updates left (18 MB each), unless an update is running
    /// now (it holds the lock): `moji data status` calls it, so they go without waiting for the
    /// next update. Returns how many were removed; 0 when an update holds the lock.
    @discardableResult
    public func removeLeftoverStaging() -> Int {
        guard FileManager.default.fileExists(atPath: catalogs.directory.path),
            let lock = CatalogUpdateLock.take(in: catalogs.directory)
        else { return 0 }
        defer { withExtendedLifetime(lock) {} }
        return removeStagingFolders()
    }

    private func createParent(of url: URL) throws(CatalogUpdateError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: url.deletingLastPathComponent().path, reason: Self.reason(error))
        }
    }

    private func write(_ data: Data, to url: URL) throws(CatalogUpdateError) {
        do {
            try data.write(to: url)
        } catch {
            throw .cannotWrite(path: url.path, reason: Self.reason(error))
        }
    }

    /// Writes a pointer file beside the catalogs and renames it into place, so a reader sees the old or the new one.
    private func writePointer(_ pointer: CatalogPointer, named name: String) throws(CatalogUpdateError) {
        let url = catalogs.directory.appendingPathComponent(name)
        do {
            try Data(pointer.text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: Self.reason(error))
        }
    }

    /// Runs blocking work (hashing, copying, loading every locale) with `BlockingIO`, so the
    /// few threads of Swift's cooperative pool stay free for the network and for whoever else runs there.
    static func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws(CatalogUpdateError) -> T)
        async throws(CatalogUpdateError) -> T
    {
        try await BlockingIO.run(work)
    }

    /// The system's words for a file error (ENOSPC: "No space left on device").
    static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace {
            return String(cString: strerror(ENOSPC))
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}

/// What ``CatalogUpdater/update(from:)`` did.
public enum CatalogUpdateOutcome: Sendable, Equatable {
    /// The source has nothing newer than the installed catalog (a 304, or the same catalog version).
    case upToDate(CatalogPointer)
    /// A new catalog was installed and is now current; files fetched and files copied from the catalog in use.
    case installed(CatalogPointer, downloadedFiles: Int, copiedFiles: Int)
}
