import ArgumentParser
import Foundation
import Moji
import MojiFontSupport
import MojiRepresentations

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List emoji in CLDR order, optionally of one group, subgroup or Emoji version.",
        discussion: """
            Groups and subgroups are named by identifier (food-drink, face-smiling); `moji list --groups` lists \
            them, and `moji list --groups --group flags` the subgroups of one group.
            """
    )

    @Option(help: "Only this group, e.g. food-drink.")
    var group: String?

    @Option(help: "Only this subgroup, e.g. face-smiling.")
    var subgroup: String?

    @Option(
        name: .customLong("max-version"),
        help: "Only emoji up to this Emoji version (e.g. 15.1), or an Apple OS (e.g. iOS:17.4).")
    var maxVersion: String?

    @Flag(help: "Include skin-tone variants.")
    var tones = false

    @Flag(
        help: ArgumentHelp(
            "Only emoji the system's emoji font draws (found through fontconfig); how many were left out goes "
                + "to standard error. Without an emoji font, everything is listed."))
    var supported = false

    @Flag(help: "List the groups and subgroups (of --group, if given) instead of emoji.")
    var groups = false

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard groups else { return }
        let filters = [
            (subgroup != nil, "--subgroup"), (maxVersion != nil, "--max-version"), (tones, "--tones"),
            (supported, "--supported"),
        ]
        if let (_, name) = filters.first(where: \.0) {
            throw ValidationError(
                "--groups lists groups and subgroups; \(name) applies to emoji. Give --group to list "
                    + "the subgroups of one group.")
        }
    }

    func run() throws {
        try reportingFailures {
            let catalog = EmojiCatalog.shared
            let localized = try options.resolvedLocale(in: catalog)
            let foundGroup = try group.map { try Self.group($0, in: catalog) }
            if groups { return try listGroups(foundGroup.map { [$0] } ?? catalog.groups, catalog, localized) }
            var emojis = catalog.emojis.filter { tones || !$0.hasSkinTones }
            if let foundGroup { emojis = emojis.filter { $0.group == foundGroup } }
            if let subgroup {
                guard let found = catalog.subgroup(subgroup) else {
                    throw CommandFailure(
                        message: "unknown subgroup '\(subgroup)'. `moji list --groups` lists them.",
                        code: .usage)
                }
                if let foundGroup, found.group != foundGroup {
                    let group = foundGroup.identifier
                    throw CommandFailure(
                        message: "the subgroup '\(subgroup)' is in '\(found.group.identifier)', not in '\(group)'. "
                            + "`moji list --groups --group \(group)` lists the subgroups of \(group).",
                        code: .usage)
                }
                emojis = emojis.filter { $0.subgroup == found }
            }
            if let maxVersion {
                let version = try EmojiVersionArgument.parse(maxVersion)
                emojis = emojis.filter { $0.version <= version }
            }
            if supported { emojis = Self.drawable(emojis, in: catalog) }
            if options.json { return try printJSON(emojis.map { EmojiSummary($0, in: localized) }) }
            for emoji in emojis { print("\(emoji.character)\t\(localized.name(of: emoji))") }
        }
    }

    /// The emoji the system's emoji font draws, saying on standard error how many it does not,
    /// or that there is no emoji font to judge by (then all of them: no answer is not a guess).
    private static func drawable(_ emojis: [Emoji], in catalog: EmojiCatalog) -> [Emoji] {
        guard let font = EmojiFont.system() else {
            printError("no emoji font found (fontconfig matches no font with 😀 for 'emoji'); listing every emoji.")
            return emojis
        }
        guard let version = font.newestCoveredVersion(in: catalog) else {
            printError("the emoji font \(font.family) misses even the oldest emoji; listing every emoji.")
            return emojis
        }
        let shown = emojis.filter { $0.version <= version }
        printError(
            "\(emojis.count - shown.count) emoji newer than \(version) hidden: the emoji font \(font.family) "
                + "does not draw them. Leave out --supported to list them.")
        return shown
    }

    /// The group named `identifier`, or a usage error listing them.
    private static func group(_ identifier: String, in catalog: EmojiCatalog) throws -> EmojiGroup {
        guard let found = catalog.group(identifier) else {
            let names = catalog.groups.map(\.identifier).joined(separator: ", ")
            throw CommandFailure(message: "unknown group '\(identifier)'. Groups: \(names).", code: .usage)
        }
        return found
    }

    private func listGroups(_ groups: [EmojiGroup], _ catalog: EmojiCatalog, _ localized: LocalizedCatalog) throws {
        let infos = groups.map { GroupSummary($0, in: catalog, localized: localized) }
        if options.json { return try printJSON(infos) }
        for info in infos {
            print("\(info.identifier)\t\(info.name)")
            for subgroup in info.subgroups { print("  \(subgroup.identifier)\t\(subgroup.name)") }
        }
    }
}

/// Parses `--max-version` as the API's `max-version` (``MaximumVersion``), failing as a command does.
enum EmojiVersionArgument {
    static func parse(_ text: String) throws -> EmojiVersion {
        do {
            return try MaximumVersion.parse(text)
        } catch {
            switch error {
            case .olderThanEveryRelease: throw CommandFailure(message: error.description, code: .usage)
            case .unrecognized: throw ValidationError(error.description)
            }
        }
    }
}
