import Foundation
import Moji
import ZIPFoundation

/// An emoji pack: a zip archive with a manifest (``PackManifest``), opened and checked, read
/// entry by entry into memory and never unpacked to disk.
///
/// ```swift
/// let pack = try PackArchive(url: URL(fileURLWithPath: "/home/ana/blobs.zip"))
/// for emoji in pack.listing.emoji {
///     let bytes = try pack.imageData(at: emoji.image, maximumBytes: 2 << 20)
/// }
/// ```
///
/// ## The manifest
/// `pack.json` (Pleroma, Akkoma) or `meta.json` (Misskey's export) at the top of the archive, or
/// in its single top folder (`blobs/pack.json`, as zipping a pack's folder makes it). Image paths
/// in the manifest are relative to it; ``SourceEmoji/image`` is the entry's path in the archive.
///
/// ## Hostile archives
/// - An entry with an absolute path (`/etc/passwd`, `C:\x`), a `..` component, or that is a
///   symbolic link is skipped with the reason, and so is an emoji whose image it is. Backslashes
///   are read as separators, so `..\evil.png` is caught too. Of two entries with one path the
///   first is kept.
/// - An archive whose entries declare more than ``PackLimits/maximumExpandedBytes`` in all, or
///   that has more than ``PackLimits/maximumEntries`` entries, is refused before anything is
///   extracted. A header can lie about its size, so ``imageData(at:maximumBytes:)`` counts the
///   bytes it gets and stops past its limit.
/// - An emoji whose image the archive lacks is skipped with the reason.
public struct PackArchive: Sendable {
    /// The archive read.
    public let url: URL
    /// The limits it was opened with.
    public let limits: PackLimits
    /// The pack's emoji; each ``SourceEmoji/image`` is the path of its entry inside the archive.
    public var listing: SourceListing
    /// The path of the manifest inside the archive (`pack.json`, `blobs/meta.json`).
    public let manifestPath: String
    private let reader: Reader

    /// Opens and checks the archive at `url` and reads its manifest. Throws a ``SourceError`` when
    /// the file is not a zip archive, is over `limits` (a zip bomb), has no manifest, or its
    /// manifest is not one.
    public init(url: URL, limits: PackLimits = .default) throws(SourceError) {
        let source = url.path
        self.url = url
        self.limits = limits
        // A FIFO named like a pack would block ZIPFoundation's open (a missing file is said below).
        if FileManager.default.fileExists(atPath: source) { try LocalFile.checkRegular(source) }
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            guard FileManager.default.isReadableFile(atPath: source) else {
                throw SourceError(source: source, reason: "cannot be read; give the path of the pack's .zip file")
            }
            throw SourceError(
                source: source,
                reason:
                    "is not a zip archive; give the pack's .zip file, or unpack it and add its folder with --folder")
        }
        var skipped: [SkippedEntry] = []
        var files: [String: Entry] = [:]
        // Why each entry an emoji's image could name was not kept (a symbolic link).
        var unsafe: [String: String] = [:]
        var folders: Set<String> = []
        var declaredBytes: UInt64 = 0
        var count = 0
        // Only the central directory is read here: nothing is extracted until every entry is judged.
        for entry in archive {
            count += 1
            if count > limits.maximumEntries {
                throw SourceError(
                    source: source,
                    reason:
                        "has more than \(limits.maximumEntries) entries, more than a pack needs; it is refused unread")
            }
            let (sum, overflow) = declaredBytes.addingReportingOverflow(entry.uncompressedSize)
            declaredBytes = overflow ? .max : sum
            if declaredBytes > UInt64(max(0, limits.maximumExpandedBytes)) {
                throw SourceError(
                    source: source,
                    reason:
                        "expands to more than \(limits.maximumExpandedBytes) bytes, the limit for a pack (it may be a zip bomb); it is refused unread"
                )
            }
            let rawPath = entry.path
            let path: String
            switch PackPath.normalized(rawPath) {
            case .success(let normalized): path = normalized
            case .failure(let problem):
                // No manifest path can name it: the manifest's paths pass the same rules.
                skipped.append(SkippedEntry(entry: ListingBuilder.shown(rawPath), reason: problem.reason))
                continue
            }
            switch entry.type {
            case .symlink:
                let reason = "is a symbolic link, which a pack never needs"
                skipped.append(SkippedEntry(entry: ListingBuilder.shown(path), reason: reason))
                unsafe[path] = reason
            case .directory:
                folders.insert(path)
            case .file:
                if files[path] != nil {
                    skipped.append(
                        SkippedEntry(
                            entry: ListingBuilder.shown(path),
                            reason: "is in the archive twice, and the first one is kept"))
                } else {
                    files[path] = entry
                }
            }
        }
        guard let manifestPath = Self.manifestPath(in: Set(files.keys), folders: folders) else {
            throw SourceError(
                source: source,
                reason:
                    "has no \(PackManifest.pleromaName) (Pleroma, Akkoma) or \(PackManifest.misskeyName) (Misskey's export) at its top or in its single top folder; add one, or unpack it and add its folder with --folder"
            )
        }
        self.manifestPath = manifestPath
        let reader = Reader(archive: archive, files: files)
        self.reader = reader
        let manifestSource = "\(source) (\(manifestPath))"
        let data = try reader.data(
            at: manifestPath, maximumBytes: min(limits.maximumManifestBytes, limits.maximumExpandedBytes),
            source: manifestSource)
        let manifest = try PackManifest.listing(from: data, source: manifestSource)
        let prefix = manifestPath.split(separator: "/").dropLast().map { $0 + "/" }.joined()
        var listing = SourceListing(skipped: skipped)
        var usedGroups: Set<String> = []
        for var emoji in manifest.emoji {
            let path = prefix + emoji.image
            if let reason = unsafe[path] {
                listing.skipped.append(
                    SkippedEntry(
                        entry: emoji.code,
                        reason: "its image \(ListingBuilder.shown(path)) \(reason), so it is not read"))
            } else if files[path] == nil {
                listing.skipped.append(
                    SkippedEntry(
                        entry: emoji.code,
                        reason:
                            "the manifest names the image \(ListingBuilder.shown(path)), which the archive does not have"
                    ))
            } else {
                emoji.image = path
                if let group = emoji.group { usedGroups.insert(group) }
                listing.emoji.append(emoji)
            }
        }
        listing.groups = manifest.groups.filter { usedGroups.contains($0) }
        listing.skipped += manifest.skipped
        self.listing = listing
    }

    /// The bytes of the file at `path` inside the archive (an emoji's ``SourceEmoji/image``),
    /// read into memory. Throws a ``SourceError`` when the archive has no such file (or it was
    /// skipped), when it expands to more than `maximumBytes` (counted while reading, whatever its
    /// header says), or when its data is damaged.
    public func imageData(at path: String, maximumBytes: Int) throws(SourceError) -> Data {
        try reader.data(
            at: path, maximumBytes: min(maximumBytes, limits.maximumExpandedBytes), source: "\(url.path) (\(path))")
    }

    /// `pack.json` or `meta.json` at the top, or in the single top folder when the top has
    /// nothing else (macOS's `__MACOSX` folder of resource forks aside).
    private static func manifestPath(in files: Set<String>, folders: Set<String>) -> String? {
        let names = [PackManifest.pleromaName, PackManifest.misskeyName]
        if let top = names.first(where: files.contains) { return top }
        let tops = Set((files.union(folders)).compactMap { $0.split(separator: "/").first.map(String.init) })
            .subtracting(["__MACOSX"])
        guard tops.count == 1, let folder = tops.first, !files.contains(folder) else { return nil }
        return names.map { folder + "/" + $0 }.first(where: files.contains)
    }
}

/// The open archive, shared by copies of a ``PackArchive``: ZIPFoundation's `Archive` reads
/// through one `FILE` and is not thread-safe, so every read takes the lock.
private final class Reader: @unchecked Sendable {
    // @unchecked: ZIPFoundation's `Entry` is an immutable value it does not mark Sendable.
    private let archive: Locked<Archive>
    private let files: [String: Entry]

    init(archive: Archive, files: [String: Entry]) {
        self.archive = Locked(archive)
        self.files = files
    }

    /// Stops an extraction once it has more bytes than allowed.
    private struct TooLarge: Error {}

    func data(at path: String, maximumBytes: Int, source: String) throws(SourceError) -> Data {
        guard let entry = files[path] else {
            throw SourceError(source: source, reason: "is not a file the pack has (or one that was skipped)")
        }
        let limit = max(0, maximumBytes)
        let tooLarge = SourceError(
            source: source, reason: "expands to more than \(limit) bytes, the limit for this file; it is not read")
        if entry.uncompressedSize > UInt64(limit) { throw tooLarge }
        return try archive.withLock { archive throws(SourceError) in
            var data = Data()
            data.reserveCapacity(Int(entry.uncompressedSize))
            do {
                // The header's size is not trusted: the bytes are counted as they come.
                let checksum = try archive.extract(entry) { chunk in
                    guard data.count + chunk.count <= limit else { throw TooLarge() }
                    data.append(chunk)
                }
                guard checksum == entry.checksum else {
                    throw SourceError(
                        source: source, reason: "is damaged (its checksum does not match); it is not read")
                }
            } catch is TooLarge {
                throw tooLarge
            } catch let error as SourceError {
                throw error
            } catch {
                throw SourceError(source: source, reason: "cannot be extracted (the archive is damaged): \(error)")
            }
            return data
        }
    }
}
