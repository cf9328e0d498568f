import Foundation
import Moji
import MojiTestSupport
import Testing

@testable import MojiSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An image cache in a fresh directory under the temporary directory, removed when the test ends.
/// The cache's own directory is `images` inside it, so tests see whether the cache creates it.
private final class TemporaryCache {
    let root: URL
    let cache: ImageCache

    init(gracePeriod: TimeInterval = ImageCache.defaultGracePeriod) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("moji-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        cache = ImageCache(directory: root.appendingPathComponent("images"), gracePeriod: gracePeriod)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The names in the cache's directory, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).sorted()
    }

    /// Writes a file that is not the cache's, or a crafted one, with the given modification date.
    func write(_ name: String, _ bytes: [UInt8], modified: Date? = nil) throws {
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        let url = cache.directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        if let modified { try setModified(name, modified) }
    }

    func setModified(_ name: String, _ date: Date) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: date], ofItemAtPath: cache.directory.appendingPathComponent(name).path)
    }

    func modified(_ name: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: cache.directory.appendingPathComponent(name).path)[
            .modificationDate] as? Date
    }
}

private func storeResult(_ cache: ImageCache, _ bytes: [UInt8], limits: ImageLimits = .default)
    -> Result<CustomEmojiImage, ImageCacheError>
{
    Result { () throws(ImageCacheError) in try cache.store(Data(bytes), limits: limits) }
}

/// A date `hours` before now, for files that must look old to prune and eviction.
private func hoursAgo(_ hours: Double) -> Date { Date(timeIntervalSinceNow: -hours * 3600) }

private let errorPage = Array(
    """
    <!DOCTYPE html>
    <html><head><title>502 Bad Gateway</title></head>
    <body><h1>Bad Gateway</h1><p>The upstream server did not answer.</p></body></html>
    """.utf8)

/// The awful-smilies 2015-05 snapshot's images, beside the repository (`../shared/data`).
private let smilieFiles = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/data/awful-smilies/2015-05/files")
private let smiliesAvailable = FileManager.default.fileExists(atPath: smilieFiles.path)

/// A tiny image of one format and what the cache should call it.
struct ImageCacheFormatSample: Sendable, CustomTestStringConvertible {
    var bytes: [UInt8]
    var format: String
    var fileExtension: String
    var mediaType: String
    var frames: Int

    var testDescription: String { format }
}

private let formatSamples = [
    ImageCacheFormatSample(
        bytes: png(width: 32, height: 24), format: "png", fileExtension: "png", mediaType: "image/png", frames: 1),
    ImageCacheFormatSample(
        bytes: png(width: 16, height: 16, frames: 3), format: "apng", fileExtension: "png", mediaType: "image/apng",
        frames: 3),
    ImageCacheFormatSample(
        bytes: gif(width: 21, height: 22, frames: 2), format: "gif", fileExtension: "gif", mediaType: "image/gif",
        frames: 2),
    ImageCacheFormatSample(
        bytes: jpeg(width: 39, height: 25), format: "jpeg", fileExtension: "jpg", mediaType: "image/jpeg", frames: 1),
    ImageCacheFormatSample(
        bytes: webp(width: 30, height: 20), format: "webp", fileExtension: "webp", mediaType: "image/webp", frames: 1),
]

// MARK: - Storing

@Suite("Image cache")
struct ImageCacheTests {
    @Test("SHA-256 names match the standard's test vectors")
    func sha256Vectors() {
        #expect(ImageCache.sha256(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            ImageCache.sha256(of: Data("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("a stored image is a file named by its hash holding exactly its bytes")
    func storeWritesFileNamedByHash() throws {
        let temporary = try TemporaryCache()
        let bytes = gif(width: 21, height: 22, frames: 4)
        let image = try temporary.cache.store(Data(bytes))
        let sha256 = ImageCache.sha256(of: Data(bytes))
        #expect(
            image
                == CustomEmojiImage(
                    sha256: sha256, format: "gif", width: 21, height: 22, frameCount: 4, byteCount: bytes.count))
        #expect(try temporary.names() == ["\(sha256).gif"])
        #expect(
            temporary.cache.fileURL(for: image) == temporary.cache.directory.appendingPathComponent("\(sha256).gif"))
        #expect(try Data(contentsOf: temporary.cache.fileURL(for: image)) == Data(bytes))
        #expect(temporary.cache.contains(image))
        #expect(try temporary.cache.data(for: image) == Data(bytes))
    }

    @Test("the directory is created on first store, readable by its owner only")
    func directoryCreatedPrivate() throws {
        let temporary = try TemporaryCache()
        let nested = ImageCache(directory: temporary.root.appendingPathComponent("cache/moji/images"))
        #expect(!FileManager.default.fileExists(atPath: nested.directory.path))
        _ = try nested.store(Data(png(width: 1, height: 1)))
        for path in ["cache", "cache/moji", "cache/moji/images"] {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: temporary.root.appendingPathComponent(path).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700, "\(path)")
        }
    }

    @Test("the same bytes stored twice make one file")
    func sameBytesOneFile() throws {
        let temporary = try TemporaryCache()
        let bytes = png(width: 8, height: 8)
        let first = try temporary.cache.store(Data(bytes))
        let second = try temporary.cache.store(Data(bytes))
        #expect(first == second)
        #expect(try temporary.names() == [first.fileName])
    }

    @Test("storing an image that is already cached marks it used")
    func storeAgainMarksUsed() throws {
        let temporary = try TemporaryCache()
        let image = try temporary.cache.store(Data(png(width: 8, height: 8)))
        try temporary.setModified(image.fileName, hoursAgo(48))
        _ = try temporary.cache.store(Data(png(width: 8, height: 8)))
        let modified = try #require(try temporary.modified(image.fileName))
        #expect(modified > hoursAgo(1))
    }

    @Test("each format gets its extension and media type", arguments: formatSamples)
    func formats(sample: ImageCacheFormatSample) throws {
        let temporary = try TemporaryCache()
        let image = try temporary.cache.store(Data(sample.bytes))
        #expect(image.format == sample.format)
        #expect(image.frameCount == sample.frames)
        #expect(image.mediaType == sample.mediaType)
        #expect(try temporary.names() == ["\(ImageCache.sha256(of: Data(sample.bytes))).\(sample.fileExtension)"])
    }

    @Test("an HTML error page is refused as an image error and nothing is written")
    func htmlRefused() throws {
        let temporary = try TemporaryCache()
        #expect(storeResult(temporary.cache, errorPage) == .failure(.image(.notAnImage(.html))))
        #expect(!FileManager.default.fileExists(atPath: temporary.cache.directory.path))
        let message = ImageCacheError.image(.notAnImage(.html)).description
        #expect(message == "the image is HTML, not an image — probably an error or login page")
    }

    @Test("an image over the size limit, or cut short, is refused")
    func oversizedAndTruncatedRefused() throws {
        let temporary = try TemporaryCache()
        let bytes = png(width: 4000, height: 4000)
        #expect(
            storeResult(temporary.cache, bytes, limits: ImageLimits(maximumBytes: 40))
                == .failure(.image(.tooLarge(bytes: bytes.count, limit: 40))))
        #expect(
            storeResult(temporary.cache, bytes, limits: ImageLimits(maximumPixels: 1000))
                == .failure(.image(.tooManyPixels(width: 4000, height: 4000, limit: 1000))))
        #expect(
            storeResult(temporary.cache, Array(gif(width: 2, height: 2, frames: 2).dropLast(3)))
                == .failure(.image(.truncated(.gif))))
        #expect(!FileManager.default.fileExists(atPath: temporary.cache.directory.path))
    }

    @Test("many tasks storing the same and different images leave exactly one whole file each and no temporary files")
    func concurrentStores() async throws {
        let temporary = try TemporaryCache()
        let images =
            (1...8).map { png(width: UInt32($0), height: 3) } + (1...8).map { gif(width: $0, height: 2, frames: 1) }
        let cache = temporary.cache
        let stored = try await withThrowingTaskGroup(of: CustomEmojiImage.self) { group in
            for round in 0..<12 {
                for index in images.indices {
                    // Rotates the order so writers of one image overlap with writers of others.
                    let bytes = images[(index + round) % images.count]
                    group.addTask { try cache.store(Data(bytes)) }
                }
            }
            var all: [CustomEmojiImage] = []
            for try await image in group { all.append(image) }
            return all
        }
        #expect(stored.count == 16 * 12)
        let expected = Set(images.map { bytes in ImageCache.sha256(of: Data(bytes)) })
        #expect(Set(stored.map(\.sha256)) == expected)
        let names = try temporary.names()
        #expect(names.count == 16)
        #expect(!names.contains { $0.hasPrefix(".tmp-") })
        for bytes in images {
            let image = try #require(stored.first { $0.sha256 == ImageCache.sha256(of: Data(bytes)) })
            #expect(try Data(contentsOf: cache.fileURL(for: image)) == Data(bytes))
        }
    }

    @Test("a reader never sees part of an image while writers store large ones")
    func readersSeeWholeFiles() async throws {
        let temporary = try TemporaryCache()
        let cache = temporary.cache
        let images = (1...24).map { width in
            png(width: UInt32(width), height: 1, payload: [UInt8](repeating: UInt8(width), count: 1024 * 1024))
        }
        let sizes = Dictionary(uniqueKeysWithValues: images.map { (ImageCache.sha256(of: Data($0)), $0.count) })
        let directory = cache.directory
        let writersDone = Flag()
        // Looks at every image file it finds, as often as it can while the writers run, and once
        // more after: a file shorter than its image is one a reader in another process could have
        // read half of. It spins on a thread of its own, not on the tasks' shared threads, so it
        // starves neither the writers nor other tests.
        async let readerOutcome = withCheckedContinuation {
            (continuation: CheckedContinuation<(Int, Set<String>), Never>) in
            let thread = Thread {
                var looks = 0
                var torn: Set<String> = []
                var finished = false
                while !finished {
                    finished = writersDone.isSet
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                    for name in names {
                        guard let hash = ImageCache.imageHash(inFileName: name), let expected = sizes[hash],
                            let size = CacheFileSystem.entry(atPath: directory.appendingPathComponent(name).path)?.size
                        else { continue }
                        looks += 1
                        if size != expected { torn.insert("\(name): \(size) bytes") }
                    }
                }
                continuation.resume(returning: (looks, torn))
            }
            thread.start()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<2 {
                for index in images.indices {
                    let bytes = images[(index + round * 5) % images.count]
                    group.addTask { _ = try cache.store(Data(bytes)) }
                }
            }
            try await group.waitForAll()
        }
        writersDone.set()
        let (looks, torn) = await readerOutcome
        #expect(torn.isEmpty)
        #expect(looks >= images.count)
        #expect(try temporary.names().count == images.count)
        for bytes in images {
            let url = directory.appendingPathComponent("\(ImageCache.sha256(of: Data(bytes))).png")
            #expect(try Data(contentsOf: url) == Data(bytes))
        }
    }

    @Test(
        "the 2015-05 smilies are stored one file per distinct image",
        .enabled(if: smiliesAvailable, "needs ../shared/data/awful-smilies"))
    func realSmilies() throws {
        let temporary = try TemporaryCache()
        let enumerator = FileManager.default.enumerator(at: smilieFiles, includingPropertiesForKeys: nil)
        var contents: Set<Data> = []
        var stored = 0
        while let url = enumerator?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            let data = try Data(contentsOf: url)
            let info = try ImageInspector.inspect(data)
            let image = try temporary.cache.store(data)
            #expect(image.format == info.format.rawValue && image.width == info.width, "\(url.lastPathComponent)")
            contents.insert(data)
            stored += 1
        }
        #expect(stored == 766)
        #expect(contents.count == 765, "two smilies of the snapshot have identical images")
        #expect(
            try temporary.cache.summary()
                == ImageCacheSummary(files: contents.count, bytes: contents.reduce(0) { $0 + $1.count }))
    }

    // MARK: - Prune, eviction, summary

    @Test("prune removes unreferenced images and stale temporary files, keeps referenced ones and others' files")
    func prune() throws {
        let temporary = try TemporaryCache()
        let cache = temporary.cache
        let kept = try cache.store(Data(png(width: 1, height: 1)))
        let dropped = try cache.store(Data(gif(width: 1, height: 1, frames: 1)))
        let droppedToo = try cache.store(Data(webp(width: 2, height: 2)))
        for image in [kept, dropped, droppedToo] { try temporary.setModified(image.fileName, hoursAgo(5)) }
        let hash = String(repeating: "ab", count: 32)
        try temporary.write("README.txt", Array("mine".utf8), modified: hoursAgo(100))
        try temporary.write("\(hash).bmp", [1, 2], modified: hoursAgo(100))
        try temporary.write("\(hash.uppercased()).png", [1, 2], modified: hoursAgo(100))
        try temporary.write(".tmp-crashed", [1, 2, 3], modified: hoursAgo(2))
        try temporary.write(".tmp-writing", [1, 2, 3])
        try FileManager.default.createDirectory(
            at: cache.directory.appendingPathComponent("\(hash).png"), withIntermediateDirectories: false)

        let removed = try cache.prune(keeping: [kept.sha256])

        #expect(removed == ImageCacheSummary(files: 2, bytes: dropped.byteCount + droppedToo.byteCount))
        #expect(
            try temporary.names()
                == [
                    ".tmp-writing", "\(hash.uppercased()).png", "README.txt",
                    "\(hash).bmp", "\(hash).png", kept.fileName,
                ].sorted())
        #expect(try cache.summary() == ImageCacheSummary(files: 1, bytes: kept.byteCount))
    }

    // A sync stores a set's images before the transaction that makes them referenced.
    @Test("prune and eviction leave an unreferenced image younger than the grace period")
    func pruneGracePeriod() throws {
        let temporary = try TemporaryCache()
        let image = try temporary.cache.store(Data(png(width: 3, height: 3)))
        #expect(try temporary.cache.prune(keeping: []) == ImageCacheSummary())
        #expect(try temporary.cache.evict(toFit: 0, keeping: []) == ImageCacheSummary())
        #expect(temporary.cache.contains(image))
        let impatient = ImageCache(directory: temporary.cache.directory, gracePeriod: 0)
        #expect(try impatient.prune(keeping: []) == ImageCacheSummary(files: 1, bytes: image.byteCount))
        #expect(!temporary.cache.contains(image))
    }

    @Test("a missing directory is an empty cache to summarize, prune and evict")
    func missingDirectory() throws {
        let temporary = try TemporaryCache()
        #expect(try temporary.cache.summary() == ImageCacheSummary())
        #expect(try temporary.cache.prune(keeping: []) == ImageCacheSummary())
        #expect(try temporary.cache.evict(toFit: 0, keeping: []) == ImageCacheSummary())
    }

    @Test("eviction removes the least recently used unreferenced images until the rest fit")
    func evictLeastRecentlyUsed() throws {
        let temporary = try TemporaryCache()
        let cache = temporary.cache
        // Four images of distinct sizes, used 40, 30, 20 and 10 hours ago; the oldest is referenced.
        let images = try [1, 2, 3, 4].map { try cache.store(Data(png(width: UInt32($0), height: 1))) }
        for (image, hours) in zip(images, [40.0, 30, 20, 10]) {
            try temporary.setModified(image.fileName, hoursAgo(hours))
        }
        let size = images[0].byteCount  // the PNGs differ only in their header's numbers
        #expect(images.allSatisfy { $0.byteCount == size })

        #expect(try cache.evict(toFit: 4 * size, keeping: []) == ImageCacheSummary())
        let removed = try cache.evict(toFit: 3 * size - 1, keeping: [images[0].sha256])
        #expect(removed == ImageCacheSummary(files: 2, bytes: 2 * size))
        #expect(try temporary.names() == [images[0].fileName, images[3].fileName].sorted())
    }

    @Test("eviction never removes a referenced image, even when the cap cannot be met")
    func evictKeepsReferenced() throws {
        let temporary = try TemporaryCache()
        let cache = temporary.cache
        let images = try [1, 2, 3].map { try cache.store(Data(gif(width: $0, height: 1, frames: 1))) }
        for image in images { try temporary.setModified(image.fileName, hoursAgo(3)) }
        let referenced = Set(images.prefix(2).map(\.sha256))
        let removed = try cache.evict(toFit: 0, keeping: referenced)
        #expect(removed == ImageCacheSummary(files: 1, bytes: images[2].byteCount))
        #expect(try cache.summary() == ImageCacheSummary(files: 2, bytes: images[0].byteCount + images[1].byteCount))
    }

    @Test("marking an image used moves it to the back of the eviction order")
    func markUsedChangesEvictionOrder() throws {
        let temporary = try TemporaryCache(gracePeriod: 0)
        let cache = temporary.cache
        let old = try cache.store(Data(png(width: 5, height: 5)))
        let new = try cache.store(Data(png(width: 6, height: 6)))
        try temporary.setModified(old.fileName, hoursAgo(20))
        try temporary.setModified(new.fileName, hoursAgo(10))
        cache.markUsed([old])
        #expect(try #require(try temporary.modified(old.fileName)) > hoursAgo(1))
        #expect(try cache.evict(toFit: old.byteCount, keeping: []) == ImageCacheSummary(files: 1, bytes: new.byteCount))
        #expect(try temporary.names() == [old.fileName])
    }

    // MARK: - Hostile names and failures

    @Test("a tampered hash or format never leaves the directory")
    func tamperedNamesStayInside() throws {
        let temporary = try TemporaryCache()
        let cache = temporary.cache
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        let outside = temporary.root.appendingPathComponent("x.png")
        try Data(png(width: 1, height: 1)).write(to: outside)
        try FileManager.default.setAttributes([.modificationDate: hoursAgo(50)], ofItemAtPath: outside.path)
        let valid = String(repeating: "0a", count: 32)
        let tampered = [
            CustomEmojiImage(sha256: "../x", format: "png", width: 1, height: 1, frameCount: 1, byteCount: 69),
            CustomEmojiImage(sha256: "/etc/passwd", format: "png", width: 1, height: 1, frameCount: 1, byteCount: 1),
            CustomEmojiImage(sha256: valid, format: "../../x", width: 1, height: 1, frameCount: 1, byteCount: 1),
            CustomEmojiImage(
                sha256: valid.uppercased(), format: "png", width: 1, height: 1, frameCount: 1, byteCount: 1),
            CustomEmojiImage(sha256: valid, format: "svg", width: 1, height: 1, frameCount: 1, byteCount: 1),
        ]
        for image in tampered {
            let url = cache.fileURL(for: image)
            #expect(url.deletingLastPathComponent().standardizedFileURL.path == cache.directory.path)
            #expect(!url.lastPathComponent.contains(".."))
            #expect(!cache.contains(image))
            let result = Result { () throws(ImageCacheError) in try cache.data(for: image) }
            guard case .failure(.io(let path, let reason)) = result else {
                Issue.record("\(image.sha256).\(image.format) read: \(result)")
                continue
            }
            #expect(path == cache.directory.path)
            #expect(reason.contains("edited by hand"))
        }
        cache.markUsed(tampered)
        #expect(
            try #require(try FileManager.default.attributesOfItem(atPath: outside.path)[.modificationDate] as? Date)
                < hoursAgo(49))
    }

    @Test("reading a missing or altered file says which file and what to do")
    func readErrors() throws {
        let temporary = try TemporaryCache()
        let cache = temporary.cache
        let image = try cache.store(Data(gif(width: 4, height: 4, frames: 1)))
        let path = cache.fileURL(for: image).path
        try Data([1, 2, 3]).write(to: cache.fileURL(for: image))
        #expect(!cache.contains(image))
        let altered = Result { () throws(ImageCacheError) in try cache.data(for: image) }
        #expect(
            altered
                == .failure(
                    .io(
                        path: path,
                        reason: "the cached image is 3 bytes, not \(image.byteCount) — it was changed outside Moji;"
                            + " delete it and sync its set again")))
        try FileManager.default.removeItem(atPath: path)
        let missing = Result { () throws(ImageCacheError) in try cache.data(for: image) }
        #expect(
            missing
                == .failure(.io(path: path, reason: "the cached image is missing — sync its set again to download it")))
        // A wrong-size file is replaced by a store, not kept.
        try Data([1, 2, 3]).write(to: cache.fileURL(for: image))
        _ = try cache.store(Data(gif(width: 4, height: 4, frames: 1)))
        #expect(cache.contains(image))
    }

    @Test(
        "a read-only directory is an I/O error naming it and what to do",
        .enabled(if: readOnlyDirectoryRefusesWrites, "chmod does not stop root and chattr +i is unavailable"))
    func readOnlyDirectory() throws {
        let temporary = try TemporaryCache()
        let cache = temporary.cache
        _ = try cache.store(Data(png(width: 1, height: 1)))
        try makeReadOnly(cache.directory.path)
        defer { undoReadOnly(cache.directory.path) }
        let result = storeResult(cache, png(width: 2, height: 2))
        guard case .failure(.io(let path, let reason)) = result else {
            Issue.record("storing into a read-only directory: \(result)")
            return
        }
        #expect(path == cache.directory.path)
        #expect(reason.hasPrefix("cannot write an image file: "))
        #expect(reason.hasSuffix("make the directory writable, or set MOJI_HOME or XDG_CACHE_HOME to a writable one"))
        #expect(try temporary.names().count == 1)
    }

    @Test(
        "a full disk is an I/O error that says so and leaves no partial file (tmpfs)",
        .enabled(if: SmallDisk.isAvailable, "needs root and a tmpfs mount"))
    func fullDisk() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let cache = ImageCache(directory: disk.url.appendingPathComponent("images"))
        let small = try cache.store(Data(png(width: 1, height: 1)))
        let large = png(width: 2, height: 2, payload: [UInt8](repeating: 7, count: 1536 * 1024))
        let result = storeResult(cache, large)
        guard case .failure(.io(let path, let reason)) = result else {
            Issue.record("storing 1.5 MB on a 1 MB disk: \(result)")
            return
        }
        #expect(path == cache.directory.path)
        #expect(
            reason
                == "cannot write an image file: No space left on device — free disk space, or remove unused images"
                + " with `moji custom cache --prune`")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path) == [small.fileName])
    }

    @Test("a directory that cannot be created is an I/O error naming the directory that failed")
    func cannotCreateDirectory() throws {
        let temporary = try TemporaryCache()
        try Data("a file".utf8).write(to: temporary.root.appendingPathComponent("file"))
        let cache = ImageCache(directory: temporary.root.appendingPathComponent("file/images"))
        let result = storeResult(cache, png(width: 1, height: 1))
        guard case .failure(.io(let path, let reason)) = result else {
            Issue.record("storing under a file: \(result)")
            return
        }
        #expect(path == cache.directory.path)
        #expect(reason == "cannot create the directory: Not a directory")
    }

    // MARK: - Where it lives

    @Test("the default directory follows MOJI_HOME, then an absolute XDG_CACHE_HOME, then HOME")
    func defaultDirectory() {
        #expect(
            ImageCache.defaultDirectory(environment: ["MOJI_HOME": "/m", "XDG_CACHE_HOME": "/x", "HOME": "/h"]).path
                == "/m/images")
        #expect(
            ImageCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).path == "/x/moji/images")
        #expect(
            ImageCache.defaultDirectory(environment: ["MOJI_HOME": "", "XDG_CACHE_HOME": "relative", "HOME": "/h"]).path
                == "/h/.cache/moji/images")
        #expect(ImageCache.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/moji/images")
    }
}

// MARK: - Read-only directories

/// Makes a directory refuse new files: clears its write bits, and where that does not stop the
/// user (root), sets the immutable attribute, which stops root too.
private func makeReadOnly(_ path: String) throws {
    chmod(path, 0o555)
    if !canCreateFile(in: path) { return }
    guard SystemTool.run("/usr/bin/chattr", ["+i", path]), !canCreateFile(in: path) else {
        throw CocoaError(.fileWriteNoPermission)
    }
}

/// Undoes ``makeReadOnly(_:)``; the `chattr` only where it can have been set, as root.
private func undoReadOnly(_ path: String) {
    if geteuid() == 0, FileManager.default.fileExists(atPath: path) {
        _ = SystemTool.run("/usr/bin/chattr", ["-i", path])
    }
    chmod(path, 0o700)
}

private func canCreateFile(in directory: String) -> Bool {
    let probe = directory + "/probe-\(UUID().uuidString)"
    guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
    try? FileManager.default.removeItem(atPath: probe)
    return true
}

/// Whether ``makeReadOnly(_:)`` really stops writes here, found by trying: as root, chmod does not,
/// and chattr needs CAP_LINUX_IMMUTABLE and a file system with the attribute.
private let readOnlyDirectoryRefusesWrites: Bool = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moji-readonly-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else {
        return false
    }
    defer {
        undoReadOnly(directory.path)
        try? FileManager.default.removeItem(at: directory)
    }
    return (try? makeReadOnly(directory.path)) != nil
}()

// MARK: - A flag between threads

/// Set once by one thread, read by another.
private final class Flag: Sendable {
    private let value = Locked(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() { value.withLock { $0 = true } }
}

// MARK: - A full disk

/// A tmpfs of 1 MB mounted for one test, so the disk fills for real. Only root may mount, and
/// some containers forbid it even to root: ``isAvailable`` tries once.
private struct SmallDisk {
    static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? SmallDisk() else { return false }
        probe.unmount()
        return true
    }()

    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("moji-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard SystemTool.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    func unmount() {
        _ = SystemTool.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }
}
