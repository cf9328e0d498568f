import Foundation
import Moji
import Testing

/// How `EmojiCatalog.shared` chooses between the bundled catalog and an installed one.
// Serialized: each test copies the bundled catalog, and the cooperative pool is shared with loopback servers.
@Suite("catalog choice", .serialized)
struct CatalogChoiceTests {
    /// A catalogs folder holding a copy of the bundled catalog, pointed at as `version`.
    func installedCopy(emojiVersion: String, cldrVersion: String = "48") throws -> (ScratchFolder, InstalledCatalogs) {
        let home = try ScratchFolder("choice")
        let catalogs = InstalledCatalogs(directory: home.url)
        try FileManager.default.copyItem(
            at: EmojiCatalog.bundledDirectory, to: home.url.appendingPathComponent("copy"))
        let pointer = CatalogPointer(
            folder: "copy", emojiVersion: EmojiVersion(emojiVersion) ?? "0.0", cldrVersion: cldrVersion,
            catalogVersion: "\(emojiVersion)-test", source: "test", installed: Date())
        try Data(pointer.text.utf8).write(to: home.url.appendingPathComponent(InstalledCatalogs.currentFileName))
        return (home, catalogs)
    }

    @Test("nothing installed gives the bundled catalog")
    func nothingInstalled() throws {
        let home = try ScratchFolder("choice")
        let (catalog, choice) = CatalogChoice.choose(catalogs: InstalledCatalogs(directory: home.url), environment: [:])
        #expect(catalog == nil)
        #expect(choice.origin == .bundled)
        #expect(choice.warning == nil)
    }

    @Test("an installed catalog as new as the bundled one is used")
    func installedUsed() throws {
        let (home, catalogs) = try installedCopy(emojiVersion: "17.0")
        let (catalog, choice) = CatalogChoice.choose(catalogs: catalogs, environment: [:])
        #expect(catalog?.emojis.count == EmojiCatalog.bundled.emojis.count)
        #expect(choice.directory == home.url.appendingPathComponent("copy", isDirectory: true))
        guard case .installed(let pointer) = choice.origin else {
            Issue.record("expected the installed catalog, got \(choice)")
            return
        }
        #expect(pointer.catalogVersion == "17.0-test")
    }

    @Test("an installed catalog of an older Emoji or CLDR version is never used")
    func olderNeverUsed() throws {
        for (emoji, cldr) in [("16.0", "48"), ("17.0", "47")] {
            let (home, catalogs) = try installedCopy(emojiVersion: emoji, cldrVersion: cldr)
            let (catalog, choice) = withExtendedLifetime(home) {
                CatalogChoice.choose(catalogs: catalogs, environment: [:])
            }
            #expect(catalog == nil)
            #expect(choice.origin == .bundled)
            #expect(choice.reason.contains("older"))
        }
    }

    @Test("MOJI_CATALOG=bundled pins the bundled catalog")
    func pinned() throws {
        let (home, catalogs) = try installedCopy(emojiVersion: "17.0")
        let (catalog, choice) = withExtendedLifetime(home) {
            CatalogChoice.choose(catalogs: catalogs, environment: ["MOJI_CATALOG": "bundled"])
        }
        #expect(catalog == nil)
        #expect(choice.origin == .bundled)
        #expect(choice.reason.contains("MOJI_CATALOG"))
    }

    @Test("a damaged installed catalog falls back to the bundled one with a warning")
    func damagedFallsBack() throws {
        let (home, catalogs) = try installedCopy(emojiVersion: "17.0")
        try Data("moji-core\t1\n".utf8).write(to: home.url.appendingPathComponent("copy/core.txt"))
        let (catalog, choice) = CatalogChoice.choose(catalogs: catalogs, environment: [:])
        #expect(catalog == nil)
        #expect(choice.origin == .bundled)
        #expect(choice.warning?.contains("moji data rollback") == true)
        #expect(choice.warning?.contains("core.txt") == true)
    }
}
