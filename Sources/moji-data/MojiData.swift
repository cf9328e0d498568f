import ArgumentParser
import Foundation
import MojiDataBuilder

@main
struct MojiData: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moji-data",
        abstract: "Builds Moji's catalog from the raw Unicode, CLDR, emojibase and gemoji files.",
        subcommands: [Build.self, Pack.self, GenerateFolding.self],
        defaultSubcommand: Build.self
    )
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the raw data and write the catalog files.",
        discussion: """
            The input folder is laid out like ../shared/data (see its README). Group and subgroup \
            names written for Moji come from --names (data/group-names in the repository). The output \
            is deterministic: building twice from the same input gives byte-identical files.
            """
    )

    @Option(help: "The raw data folder.")
    var from: String = "../shared/data"

    @Option(help: "The catalog folder to write.")
    var out: String = "Sources/Moji/Resources/Catalog"

    @Option(help: "The folder under unicode/ to read, e.g. 18.0-draft (default: the newest release).")
    var unicode: String?

    @Option(help: "The folder of reviewed group and subgroup names, one <locale>.tsv each.")
    var names: String = "data/group-names"

    @Option(
        help: ArgumentHelp(
            "Moji's own search data: everyday words and the priors script/generate-priors writes.",
            valueName: "folder"))
    var searchData: String = "data"

    @Flag(help: "Build without the search data: no priors, readings or everyday words.")
    var withoutSearchData = false

    func run() throws {
        guard FileManager.default.fileExists(atPath: names) else {
            let message = "no group-name folder \(names): run in the repository's root or pass --names"
            try? FileHandle.standardError.write(contentsOf: Data("moji-data: error: \(message)\n".utf8))
            throw ExitCode(1)
        }
        let builder = CatalogBuilder(
            source: URL(fileURLWithPath: from), unicodeFolder: unicode, groupNamesFolder: URL(fileURLWithPath: names),
            searchData: withoutSearchData ? nil : URL(fileURLWithPath: searchData))
        do {
            let catalog = try builder.build()
            try catalog.write(to: URL(fileURLWithPath: out))
            print(
                "Emoji \(catalog.unicodeVersion): \(catalog.emojiCount) emoji, \(catalog.componentCount) components, "
                    + "\(catalog.otherFormCount) other forms checked, \(catalog.localeIdentifiers.count) locales, "
                    + "\(catalog.byteCount / 1024) KiB → \(out)")
            for (preset, count) in catalog.skippedShortcodeKeys.sorted(by: { $0.key < $1.key }) {
                print("note: \(count) \(preset) shortcode keys name sequences outside the catalog and were skipped")
            }
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("moji-data: error: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
