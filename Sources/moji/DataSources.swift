import ArgumentParser
import Foundation
import MojiCatalogUpdate
import MojiSync

struct DataSources: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List, add or remove the URLs `moji data update` fetches catalogs from.",
        subcommands: [List.self, Add.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the sources, in the order they are tried.")

        func run() {
            for url in CatalogSources().list() { print(url.absoluteString) }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add the URL of a folder `moji-data pack` published (the folder holding manifest.json).")

        @Argument(help: "An http or https URL.")
        var url: String

        func run() throws {
            try reportingFailures {
                guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "")
                else {
                    throw CommandFailure(message: "'\(url)' is not an http or https URL.", code: .usage)
                }
                let added: Bool
                do throws(CatalogUpdateError) { added = try CatalogSources().add(parsed) } catch {
                    throw commandFailure(error)
                }
                print(added ? "added \(parsed.absoluteString)" : "\(parsed.absoluteString) is already a source")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a source.")

        @Argument(help: "The URL as `moji data sources` lists it.")
        var url: String

        func run() throws {
            try reportingFailures {
                var removed = false
                let parsed = URL(string: url)
                if let parsed {
                    do throws(CatalogUpdateError) { removed = try CatalogSources().remove(parsed) } catch {
                        throw commandFailure(error)
                    }
                }
                guard removed, let parsed else {
                    throw CommandFailure(
                        message: "'\(url)' is not a source (`moji data sources` lists them).", code: .notFound)
                }
                print("removed \(parsed.absoluteString)")
            }
        }
    }
}
