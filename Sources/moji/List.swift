import ArgumentParser
import Foundation
import Moji

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

    @Flag(help: "List the groups and subgroups (of --group, if given) instead of emoji.")
    var groups = false

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard groups else { return }
        let filters = [(subgroup != nil, "--subgroup"), (maxVersion != nil, "--max-version"), (tones, "--tones")]
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
            if options.json { return try printJSON(emojis.map { EmojiSummary($0, in: localized) }) }
            for emoji in emojis { print("\(emoji.character)\t\(localized.name(of: emoji))") }
        }
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
        struct GroupInfo: Encodable {
            var identifier: String
            var name: String
            var subgroups: [[String: String]]
        }
        let infos = groups.map { group in
            GroupInfo(
                identifier: group.identifier, name: localized.name(of: group),
                subgroups: catalog.subgroups(in: group).map {
                    ["identifier": $0.identifier, "name": localized.name(of: $0)]
                })
        }
        if options.json { return try printJSON(infos) }
        for info in infos {
            print("\(info.identifier)\t\(info.name)")
            for subgroup in info.subgroups { print("  \(subgroup["identifier"]!)\t\(subgroup["name"]!)") }
        }
    }
}

/// Parses `--max-version`: an Emoji version (`15.1`) or an Apple OS release (`iOS:17.4`, `macOS 14.4`).
enum EmojiVersionArgument {
    static func parse(_ text: String) throws -> EmojiVersion {
        if let version = EmojiVersion(text) { return version }
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "=" })
        if parts.count == 2, let platform = ApplePlatform.named(String(parts[0])), let os = OSVersion(String(parts[1]))
        {
            guard let version = platform.emojiVersion(for: os) else {
                throw CommandFailure(
                    message: "\(platform.name) \(os) is older than every release Moji knows.",
                    code: .usage)
            }
            return version
        }
        throw ValidationError("'\(text)' is neither an Emoji version (15.1) nor an Apple OS release (iOS:17.4).")
    }
}
