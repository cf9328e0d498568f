import ArgumentParser
import Foundation
import Moji
import MojiCatalogUpdate
import MojiSync

struct DataStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show which catalog is in use, where it came from and what is installed."
    )

    @Flag(help: "Print JSON.")
    var json = false

    struct Report: Encodable {
        struct Installed: Encodable {
            var catalogVersion: String
            var emojiVersion: String
            var cldrVersion: String
            var source: String
            var installed: String
            var directory: String

            init(_ pointer: CatalogPointer, in catalogs: InstalledCatalogs) {
                catalogVersion = pointer.catalogVersion
                emojiVersion = pointer.emojiVersion.description
                cldrVersion = pointer.cldrVersion
                source = pointer.source
                installed = pointer.installed.formatted(.iso8601)
                directory = catalogs.folder(of: pointer).path
            }
        }
        var inUse: String
        var directory: String
        var emojiVersion: String
        var cldrVersion: String
        var emojiCount: Int
        var reason: String
        var warning: String?
        var bundledEmojiVersion: String
        var catalogsDirectory: String
        var installed: Installed?
        var previous: Installed?
        var sources: [String]
    }

    func run() throws {
        let catalogs = InstalledCatalogs.default()
        // What a killed update left goes now, not at the next update (unless one is running).
        CatalogUpdater(catalogs: catalogs).removeLeftoverStaging()
        let catalog = EmojiCatalog.shared
        let choice = EmojiCatalog.sharedChoice
        var cldr = EmojiCatalog.bundledCLDRVersion
        var inUse = "bundled"
        if case .installed(let pointer) = choice.origin {
            inUse = "updated"
            cldr = pointer.cldrVersion
        }
        let report = Report(
            inUse: inUse, directory: choice.directory.path, emojiVersion: catalog.unicodeVersion.description,
            cldrVersion: cldr, emojiCount: catalog.emojis.count, reason: choice.reason, warning: choice.warning,
            bundledEmojiVersion: EmojiCatalog.bundled.unicodeVersion.description,
            catalogsDirectory: catalogs.directory.path,
            installed: catalogs.current.map { Report.Installed($0, in: catalogs) },
            previous: catalogs.previous.map { Report.Installed($0, in: catalogs) },
            sources: CatalogSources(catalogs: catalogs).list().map(\.absoluteString))
        if json { return try printJSON(report) }
        print("in use: \(inUse) catalog, Emoji \(report.emojiVersion), CLDR \(cldr), \(report.emojiCount) emoji")
        print("  \(report.directory)")
        print("  why: \(report.reason)")
        print("bundled: Emoji \(report.bundledEmojiVersion)")
        for (label, entry) in [("installed", report.installed), ("previous", report.previous)] {
            guard let entry else {
                print("\(label): none")
                continue
            }
            print(
                "\(label): \(entry.catalogVersion) (Emoji \(entry.emojiVersion), CLDR \(entry.cldrVersion)) "
                    + "from \(entry.source), \(entry.installed)")
        }
        print("sources: " + (report.sources.isEmpty ? "none" : report.sources.joined(separator: ", ")))
        print("catalogs folder: \(report.catalogsDirectory)")
    }
}
