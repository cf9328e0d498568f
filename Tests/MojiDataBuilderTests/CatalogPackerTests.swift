import Foundation
import Moji
import Testing

@testable import MojiDataBuilder

/// `moji-data pack`: the manifest a static web server publishes beside the catalog files.
@Suite("Packing a catalog")
struct CatalogPackerTests {
    @Test("the manifest lists every catalog file with its size and SHA-256, and the copies match")
    func manifestMatchesFiles() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("moji-pack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let manifest = try CatalogPacker(catalog: EmojiCatalog.bundledDirectory).pack(to: out)
        let committed =
            (FileManager.default.enumerator(atPath: Paths.committedCatalog.path)?.allObjects as? [String])?
            .filter { !$0.hasSuffix(CatalogFormat.localesFolder) } ?? []
        #expect(manifest.files.map(\.path) == committed.sorted())
        #expect(manifest.formatVersion == CatalogManifest.currentFormatVersion)
        #expect(manifest.emojiVersion == "17.0")
        #expect(manifest.cldrVersion == EmojiCatalog.bundledCLDRVersion)
        #expect(manifest.catalogVersion.hasPrefix("17.0-") && manifest.catalogVersion.count == 17)
        for file in manifest.files {
            let data = try Data(contentsOf: out.appendingPathComponent(file.path))
            #expect(data.count == file.size, "\(file.path)")
            #expect(CatalogPacker.sha256(data) == file.sha256, "\(file.path)")
        }
        let written = try JSONDecoder().decode(
            CatalogManifest.self, from: Data(contentsOf: out.appendingPathComponent(CatalogManifest.fileName)))
        #expect(written == manifest)
        // The catalog version names the content: packing again gives the same one.
        #expect(try CatalogPacker(catalog: out).manifest().catalogVersion == manifest.catalogVersion)
    }

    @Test("the bundled catalog's CLDR version is the one the builder reads")
    func cldrVersionsAgree() {
        #expect(EmojiCatalog.bundledCLDRVersion == CatalogBuilder.cldrVersion)
    }

    @Test("a folder that is not a catalog is refused")
    func notACatalog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: BuildError.self) { try CatalogPacker(catalog: folder).manifest() }
    }

    @Test("manifest paths that could leave the catalog folder are unsafe")
    func unsafePaths() {
        for path in ["../x", "/etc/passwd", "a/../../b", ".hidden", "a//b", "", "locales/ja.txt.z\n"] {
            #expect(!CatalogManifest.isSafe(path: path), "\(path)")
        }
        #expect(CatalogManifest.isSafe(path: "locales/zh-Hant-HK.keywords.txt.z"))
    }
}
