import ArgumentParser
import Foundation
import Moji
import MojiDataBuilder

struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay a catalog out for a static web server, with manifest.json.",
        discussion: """
            Copies the catalog files to --out and writes manifest.json beside them: the format \
            version, the catalog version (the Emoji version and a hash of every file), the Emoji \
            and CLDR versions, and each file's path, size and SHA-256. Serve --out as it is; \
            `moji data update --from URL` reads it.
            """
    )

    @Option(help: "The catalog folder to publish (default: the bundled catalog).")
    var catalog: String?

    @Option(help: "The folder to write.")
    var out: String

    @Option(help: "The CLDR version of the catalog's names and keywords.")
    var cldrVersion: String = CatalogBuilder.cldrVersion

    func run() throws {
        let folder = catalog.map { URL(fileURLWithPath: $0) } ?? EmojiCatalog.bundledDirectory
        do {
            let manifest = try CatalogPacker(catalog: folder, cldrVersion: cldrVersion)
                .pack(to: URL(fileURLWithPath: out))
            let bytes = manifest.files.reduce(0) { $0 + $1.size }
            print(
                "catalog \(manifest.catalogVersion) (Emoji \(manifest.emojiVersion), CLDR \(manifest.cldrVersion)): "
                    + "\(manifest.files.count) files, \(bytes / 1024) KiB → \(out)")
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("moji-data: error: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
