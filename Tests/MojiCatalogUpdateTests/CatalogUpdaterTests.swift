import Foundation
import Moji
import MojiDataBuilder
import MojiLoopbackServer
import MojiSync
import MojiTestSupport
import Testing

@testable import MojiCatalogUpdate

#if canImport(Glibc)
    import Glibc
#endif

/// `CatalogUpdater` against a real HTTP server on 127.0.0.1 serving catalogs `moji-data pack` wrote.
// Serialized: each test loads every locale of a catalog, and two cores are shared.
@Suite("catalog updates", .serialized)
struct CatalogUpdaterTests {

    func updater(_ home: ScratchFolder, lockTimeout: TimeInterval = 10) -> CatalogUpdater {
        CatalogUpdater(
            catalogs: InstalledCatalogs(directory: home.url.appendingPathComponent("catalogs")),
            transport: loopbackTransport, lockTimeout: lockTimeout)
    }

    /// Names in the catalogs folder other than the pointers, the lock and the installed folders.
    func leftovers(_ catalogs: InstalledCatalogs) -> [String] {
        let kept = Set(
            [catalogs.current?.folder, catalogs.previous?.folder].compactMap { $0 } + ["current", "previous", ".lock"])
        return ((try? FileManager.default.contentsOfDirectory(atPath: catalogs.directory.path)) ?? [])
            .filter { !kept.contains($0) }
    }

    /// The French name of 😀 in the catalog `CatalogChoice` picks for `catalogs`.
    func chosenFrenchName(_ catalogs: InstalledCatalogs) throws -> String {
        let (catalog, _) = CatalogChoice.choose(catalogs: catalogs, environment: [:])
        let opened = catalog ?? EmojiCatalog.bundled
        return try opened.localized("fr").name(of: try #require(opened.emoji(for: "😀")))
    }

    @Test("an update downloads only the changed file, copies the rest, and the new catalog is chosen")
    func installsChangedFile() async throws {
        let published = try await PublishedCatalog.make(changingFrench: true)
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            try published.serve(on: server)
            let updater = updater(home)
            let outcome = try await updater.update(from: server.url("/catalog/"))
            guard case .installed(let pointer, let downloaded, let copied) = outcome else {
                Issue.record("expected an install, got \(outcome)")
                return
            }
            #expect(downloaded == 1)
            #expect(copied == published.manifest.files.count - 1)
            #expect(pointer.catalogVersion == published.manifest.catalogVersion)
            #expect(
                server.requests().filter { $0.path.hasPrefix("/catalog/locales/") }.map(\.path) == [
                    "/catalog/locales/fr.txt.z"
                ])
            #expect(try chosenFrenchName(updater.catalogs) == PublishedCatalog.changedFrenchName)
            #expect(EmojiCatalog.bundled.localizedFrenchGrinningName != PublishedCatalog.changedFrenchName)
            #expect(leftovers(updater.catalogs) == [])
        }
    }

    @Test("the manifest is asked for with If-None-Match; a 304 changes nothing and fetches no file")
    func notModified() async throws {
        let published = try await PublishedCatalog.make(changingFrench: true)
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            try published.serve(on: server)
            let updater = updater(home)
            _ = try await updater.update(from: server.url("/catalog/"))
            let installed = try #require(updater.catalogs.current)
            server.resetLog()
            let outcome = try await updater.update(from: server.url("/catalog/"))
            #expect(outcome == .upToDate(installed))
            let requests = server.requests()
            #expect(requests.map(\.path) == ["/catalog/manifest.json"])
            #expect(requests.first?.status == 304)
            #expect(requests.first?.headers["if-none-match"] == installed.etag)
            #expect(installed.etag != nil)
        }
    }

    @Test("a truncated file is refused and the working catalog stays")
    func truncatedFile() async throws {
        let published = try await PublishedCatalog.make(changingFrench: true)
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            try published.serve(on: server)
            let french = try published.data(PublishedCatalog.frenchFile)
            server.route(
                "/catalog/\(PublishedCatalog.frenchFile)",
                .body(french.prefix(french.count / 2), contentType: "application/octet-stream"))
            let updater = updater(home)
            let error = await updater.updateError(from: server.url("/catalog/"))
            #expect(
                error
                    == .wrongSize(path: PublishedCatalog.frenchFile, expected: french.count, received: french.count / 2)
            )
            #expect(error?.description.contains("truncated") == true)
            #expect(updater.catalogs.current == nil)
            #expect(leftovers(updater.catalogs) == [])
            #expect(try chosenFrenchName(updater.catalogs) != PublishedCatalog.changedFrenchName)
        }
    }

    @Test("a file whose SHA-256 differs from the manifest's is refused")
    func wrongHash() async throws {
        let published = try await PublishedCatalog.make(changingFrench: true)
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            try published.serve(on: server)
            var french = try published.data(PublishedCatalog.frenchFile)
            french[french.count - 1] ^= 0xFF
            server.route(
                "/catalog/\(PublishedCatalog.frenchFile)", .body(french, contentType: "application/octet-stream"))
            let updater = updater(home)
            let error = await updater.updateError(from: server.url("/catalog/"))
            guard case .wrongHash(let path, _, _) = error else {
                Issue.record("expected a wrong hash, got \(String(describing: error))")
                return
            }
            #expect(path == PublishedCatalog.frenchFile)
            #expect(updater.catalogs.current == nil)
            #expect(leftovers(updater.catalogs) == [])
        }
    }

    @Test("a manifest of an unknown format version is refused before any file is fetched")
    func unknownFormat() async throws {
        let published = try await PublishedCatalog.make(changingFrench: true)
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            try published.serve(on: server)
            let text = String(decoding: try published.manifestData(), as: UTF8.self)
                .replacingOccurrences(of: "\"formatVersion\" : 1", with: "\"formatVersion\" : 2")
            server.route("/catalog/manifest.json", .body(Data(text.utf8), contentType: "application/json"))
            let updater = updater(home)
            let error = await updater.updateError(from: server.url("/catalog/"))
            #expect(
                error == .unknownManifestFormat(version: 2, url: server.url("/catalog/manifest.json").absoluteString))
            #expect(error?.description.contains("Update Moji") == true)
            #expect(server.requests().map(\.path) == ["/catalog/manifest.json"])
        }
    }

    @Test("a manifest claiming a 1 PB file is refused before any file is fetched; so is one over a lower limit")
    func oversizedManifest() async throws {
        let published = try await PublishedCatalog.make(changingFrench: true)
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            try published.serve(on: server)
            // Before issue 25 the file was buffered in memory up to the manifest's own size: an
            // endless stream took the process to 3.5 GB.
            var manifest = published.manifest
            let french = try #require(manifest.files.firstIndex { $0.path == PublishedCatalog.frenchFile })
            manifest.files[french].size = 1 << 50
            server.route(
                "/catalog/manifest.json", .body(try JSONEncoder().encode(manifest), contentType: "application/json"))
            server.route(
                "/catalog/\(PublishedCatalog.frenchFile)",
                .generated(byteCount: Int.max, contentType: "application/octet-stream", announcesLength: false))
            let updater = updater(home)
            let error = await updater.updateError(from: server.url("/catalog/"))
            guard case .tooLarge(_, let reason) = error else {
                Issue.record("expected tooLarge, got \(String(describing: error))")
                return
            }
            #expect(reason.contains(PublishedCatalog.frenchFile) && reason.contains("per file"), "\(reason)")
            #expect(error?.description.contains("Nothing was downloaded") == true)
            #expect(server.requests().map(\.path) == ["/catalog/manifest.json"])
            #expect(updater.catalogs.current == nil)
            #expect(leftovers(updater.catalogs) == [])

            // The real catalog, over a limit set below its size.
            try published.serve(on: server)
            var small = updater
            small.limits = CatalogUpdateLimits(maximumCatalogBytes: 1 << 20)
            let refused = await small.updateError(from: server.url("/catalog/"))
            guard case .tooLarge(_, let total) = refused else {
                Issue.record("expected tooLarge, got \(String(describing: refused))")
                return
            }
            #expect(total.contains("in all"), "\(total)")
        }
    }

    @Test("a changed file is streamed to its staging file and hashed on the way, never held whole")
    func streamedDownload() async throws {
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            // 24 MB, larger than any catalog file, read in chunks the transport writes as they come.
            let size = 24 << 20
            server.route(
                "/big", .generated(byteCount: size, contentType: "application/octet-stream", announcesLength: false))
            let file = home.url.appendingPathComponent("big")
            let download = try await loopbackTransport.download(
                FetchRequest(url: server.url("/big"), maximumBytes: size), to: file)
            #expect(download.byteCount == size)
            let written = try Data(contentsOf: file)
            #expect(written.count == size)
            #expect(download.sha256 == CatalogUpdater.sha256(written))
            // One byte over the limit stops the transfer with tooLarge.
            await #expect(throws: FetchError.tooLarge(server.url("/big"), limit: size - 1)) {
                _ = try await loopbackTransport.download(
                    FetchRequest(url: server.url("/big"), maximumBytes: size - 1), to: file)
            }
        }
    }

    @Test("a server that is down is reported and nothing changes")
    func serverDown() async throws {
        let home = try ScratchFolder("home")
        let server = try await LoopbackServer.start()
        let url = server.url("/catalog/")
        await server.stop()
        let updater = updater(home)
        let error = await updater.updateError(from: url)
        guard case .unreachable = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("server is up") == true)
        #expect(updater.catalogs.current == nil)
    }

    @Test("a catalog whose files match the manifest but do not load is not installed")
    func doesNotLoad() async throws {
        let published = try await PublishedCatalog.make(changingFrench: false)
        let home = try ScratchFolder("home")
        // Damage a locale and publish the damage with matching hashes: only loading finds it.
        let german = published.folder.url.appendingPathComponent("locales/de.txt.z")
        try Data(Zlib.deflate(Array("moji-locale\t1\tde\t-\nn\tnot-a-number\tx\n".utf8))).write(to: german)
        let repacked = try await offCooperativePool { try PublishedCatalog.repack(published.folder.url) }
        try await LoopbackServer.with { server in
            for file in repacked.files {
                server.route(
                    "/catalog/\(file.path)",
                    .body(try published.data(file.path), contentType: "application/octet-stream"))
            }
            server.route("/catalog/manifest.json", .body(try published.manifestData(), contentType: "application/json"))
            let updater = updater(home)
            let error = await updater.updateError(from: server.url("/catalog/"))
            guard case .catalogDoesNotLoad(let reason) = error else {
                Issue.record("expected a catalog that does not load, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("de.txt.z"))
            #expect(updater.catalogs.current == nil)
            #expect(leftovers(updater.catalogs) == [])
        }
    }

    @Test("a full disk fails with the system's reason and keeps the working catalog")
    func fullDisk() async throws {
        let published = try await PublishedCatalog.make(changingFrench: true)
        try await LoopbackServer.with { server in
            try published.serve(on: server)
            if let disk = try? CatalogTmpfs(megabytes: 4) {
                defer { disk.unmount() }
                let updater = CatalogUpdater(
                    catalogs: InstalledCatalogs(directory: disk.url), transport: loopbackTransport)
                let error = await updater.updateError(from: server.url("/catalog/"))
                guard case .cannotWrite(_, let reason) = error else {
                    Issue.record("expected a write failure, got \(String(describing: error))")
                    return
                }
                #expect(reason.contains("No space left on device"))
                #expect(updater.catalogs.current == nil)
                #expect(leftovers(updater.catalogs) == [])
            } else {
                // No tmpfs (not root, or a container that forbids mounting): a data directory that
                // is a file fails the same way, before anything is written.
                let home = try ScratchFolder("home")
                let file = home.url.appendingPathComponent("catalogs")
                try Data("x".utf8).write(to: file)
                let updater = CatalogUpdater(catalogs: InstalledCatalogs(directory: file), transport: loopbackTransport)
                let error = await updater.updateError(from: server.url("/catalog/"))
                guard case .cannotWrite = error else {
                    Issue.record("expected a write failure, got \(String(describing: error))")
                    return
                }
            }
        }
    }

    @Test("a second update while one holds the lock waits, then gives up with a message")
    func twoAtOnce() async throws {
        let published = try await PublishedCatalog.make(changingFrench: true)
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            try published.serve(on: server)
            let updater = updater(home, lockTimeout: 0.5)
            try FileManager.default.createDirectory(at: updater.catalogs.directory, withIntermediateDirectories: true)
            let descriptor = open(
                updater.catalogs.directory.appendingPathComponent(".lock").path, O_RDWR | O_CREAT, 0o644)
            #expect(flock(descriptor, LOCK_EX) == 0)
            let error = await updater.updateError(from: server.url("/catalog/"))
            guard case .busy(_, let waited) = error else {
                Issue.record("expected busy, got \(String(describing: error))")
                return
            }
            print("waited \(waited) s for the lock")
            #expect(waited >= 0.5)
            #expect(error?.description.contains("Another catalog update is running") == true)
            #expect(server.requests().isEmpty)
            flock(descriptor, LOCK_UN)
            close(descriptor)
            #expect(await updater.updateError(from: server.url("/catalog/")) == nil)
        }
    }

    @Test("rollback goes back to the previous catalog, and a second rollback undoes it")
    func rollback() async throws {
        let original = try await PublishedCatalog.make(changingFrench: false)
        let changed = try await PublishedCatalog.make(changingFrench: true)
        let home = try ScratchFolder("home")
        try await LoopbackServer.with { server in
            let updater = updater(home)
            try original.serve(on: server)
            _ = try await updater.update(from: server.url("/catalog/"))
            try changed.serve(on: server)
            _ = try await updater.update(from: server.url("/catalog/"))
            #expect(updater.catalogs.current?.catalogVersion == changed.manifest.catalogVersion)
            #expect(try chosenFrenchName(updater.catalogs) == PublishedCatalog.changedFrenchName)

            let back = try await updater.rollback()
            #expect(back.catalogVersion == original.manifest.catalogVersion)
            #expect(updater.catalogs.previous?.catalogVersion == changed.manifest.catalogVersion)
            #expect(try chosenFrenchName(updater.catalogs) != PublishedCatalog.changedFrenchName)
            _ = try await updater.rollback()
            #expect(try chosenFrenchName(updater.catalogs) == PublishedCatalog.changedFrenchName)
        }
    }

    @Test("with nothing installed before, there is nothing to roll back to")
    func nothingToRollBack() async throws {
        let home = try ScratchFolder("home")
        await #expect(throws: CatalogUpdateError.nothingToRollBackTo) { try await updater(home).rollback() }
    }
}

extension PublishedCatalog {
    /// Rewrites the manifest of a published folder after its files changed.
    static func repack(_ folder: URL) throws -> CatalogManifest {
        let catalog = try ScratchFolder("repack")
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where entry != CatalogManifest.fileName {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent(entry), to: catalog.url.appendingPathComponent(entry))
        }
        // The packer opens the catalog first, which a damaged locale other than English survives.
        return try CatalogPacker(catalog: catalog.url).pack(to: folder)
    }
}

extension EmojiCatalog {
    fileprivate var localizedFrenchGrinningName: String? {
        guard let emoji = emoji(for: "😀") else { return nil }
        return try? localized("fr").name(of: emoji)
    }
}

/// A tmpfs of a few megabytes, so a disk can be filled for real (root only).
private struct CatalogTmpfs {
    let url: URL

    init(megabytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("moji-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard geteuid() == 0,
            SystemTool.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", url.path])
        else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    func unmount() {
        _ = SystemTool.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }
}
