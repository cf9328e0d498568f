import Crypto
import Foundation
import Moji

/// Lays a catalog folder out for publishing: the files as they are, plus `manifest.json`
/// (``Moji/CatalogManifest``) with each file's size and SHA-256, so any static web server can
/// serve the result to `moji data update --from URL`.
///
/// ```swift
/// let manifest = try CatalogPacker(catalog: EmojiCatalog.bundledDirectory).pack(to: URL(fileURLWithPath: "out"))
/// ```
public struct CatalogPacker {
    /// The catalog folder to publish.
    public var catalog: URL
    /// The CLDR version its names and keywords come from.
    public var cldrVersion: String

    /// A packer of `catalog`.
    public init(catalog: URL, cldrVersion: String = CatalogBuilder.cldrVersion) {
        self.catalog = catalog
        self.cldrVersion = cldrVersion
    }

    /// The manifest of the catalog folder, after checking that it opens.
    public func manifest() throws(BuildError) -> CatalogManifest {
        let opened: EmojiCatalog
        do {
            opened = try EmojiCatalog(directory: catalog)
        } catch {
            throw .inconsistentData("\(catalog.path) is not a catalog that opens: \(error)")
        }
        var files: [CatalogManifest.File] = []
        for path in try relativePaths() {
            let url = catalog.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .missingInput(path: url.path)
            }
            files.append(CatalogManifest.File(path: path, size: data.count, sha256: Self.sha256(data)))
        }
        let listing = files.map { "\($0.path)\t\($0.sha256)\n" }.joined()
        let version = CatalogManifest.catalogVersion(
            emojiVersion: opened.unicodeVersion.description, contentHash: Self.sha256(Data(listing.utf8)))
        return CatalogManifest(
            catalogVersion: version, emojiVersion: opened.unicodeVersion.description, cldrVersion: cldrVersion,
            files: files)
    }

    /// Copies the catalog files to `directory` and writes `manifest.json` beside them.
    @discardableResult
    public func pack(to directory: URL) throws(BuildError) -> CatalogManifest {
        let manifest = try manifest()
        let manager = FileManager.default
        do {
            for file in manifest.files {
                let target = directory.appendingPathComponent(file.path)
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
                try manager.copyItem(at: catalog.appendingPathComponent(file.path), to: target)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(manifest).write(
                to: directory.appendingPathComponent(CatalogManifest.fileName), options: .atomic)
        } catch {
            throw .cannotWrite(path: directory.path, reason: error.localizedDescription)
        }
        return manifest
    }

    /// Every regular file under the catalog folder but a manifest, sorted.
    private func relativePaths() throws(BuildError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: catalog.path) else {
            throw .missingInput(path: catalog.path)
        }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular,
                path != CatalogManifest.fileName, CatalogManifest.isSafe(path: path)
            {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    /// The SHA-256 of `data` in lowercase hex.
    public static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).lowercaseHex
    }
}
