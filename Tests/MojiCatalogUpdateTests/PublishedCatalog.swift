import Foundation
import Moji
import MojiCatalogUpdate
import MojiDataBuilder
import MojiLoopbackServer
import MojiSync
import MojiTestSupport

/// A folder removed when the value goes away: a catalog to publish, a data directory.
final class ScratchFolder: Sendable {
    let url: URL

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("moji-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A catalog published as `moji-data pack` lays it out, served by a real loopback server under
/// `/catalog/`: the bundled catalog with, when asked, the French name of 😀 changed (a real
/// update: one file differs, the catalog still loads).
struct PublishedCatalog: Sendable {
    static let frenchFile = "locales/fr.txt.z"
    static let changedFrenchName = "visage mis à jour"

    let folder: ScratchFolder
    let manifest: CatalogManifest

    /// Packs the bundled catalog, with the French name of 😀 changed when `changingFrench`.
    init(changingFrench: Bool) throws {
        let source = try ScratchFolder("catalog-source")
        let catalog = source.url.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: EmojiCatalog.bundledDirectory, to: catalog)
        if changingFrench {
            let url = catalog.appendingPathComponent(Self.frenchFile)
            let text = String(decoding: Zlib.inflate(Array(try Data(contentsOf: url))) ?? [], as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("n\t0\t") ? "n\t0\t\(Self.changedFrenchName)" : String(line)
            }
            try Data(Zlib.deflate(Array(lines.joined(separator: "\n").utf8))).write(to: url)
        }
        folder = try ScratchFolder("published")
        manifest = try CatalogPacker(catalog: catalog).pack(to: folder.url)
    }

    /// Routes every file and the manifest at `/catalog/…`.
    func serve(on server: LoopbackServer) throws {
        for file in manifest.files {
            let data = try Data(contentsOf: folder.url.appendingPathComponent(file.path))
            server.route("/catalog/\(file.path)", .body(data, contentType: "application/octet-stream"))
        }
        server.route("/catalog/\(CatalogManifest.fileName)", .body(try manifestData(), contentType: "application/json"))
    }

    func manifestData() throws -> Data {
        try Data(contentsOf: folder.url.appendingPathComponent(CatalogManifest.fileName))
    }

    func data(_ path: String) throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent(path)) }
}

extension PublishedCatalog {
    /// ``init(changingFrench:)`` off the cooperative pool.
    static func make(changingFrench: Bool) async throws -> PublishedCatalog {
        try await offCooperativePool { try PublishedCatalog(changingFrench: changingFrench) }
    }
}

/// The loopback transport: no proxy variables, whatever the machine running the tests sets. Its
/// timeout is generous because the whole suite shares two cores: a loopback answer once waited
/// more than 20 s for a thread.
let loopbackTransport = URLSessionTransport(configuration: HTTPConfiguration(timeout: 120, environment: [:]))

extension CatalogUpdater {
    /// Runs an update and gives its error, or nil when it succeeded.
    func updateError(from url: URL) async -> CatalogUpdateError? {
        do {
            _ = try await update(from: url)
            return nil
        } catch {
            return error
        }
    }
}
