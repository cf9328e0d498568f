import ArgumentParser
import Foundation
import MojiCatalogUpdate
import MojiSync

struct DataRollback: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Go back to the catalog in use before the last update.",
        discussion: "The catalog it replaces becomes the previous one, so a second rollback undoes the first."
    )

    func run() async throws {
        try await reportingFailuresAsync {
            let updater = CatalogUpdater()
            let pointer = try await catalogCall { () async throws(CatalogUpdateError) in try await updater.rollback() }
            print(
                "rolled back to \(pointer.catalogVersion) (Emoji \(pointer.emojiVersion), CLDR \(pointer.cldrVersion))")
        }
    }
}
