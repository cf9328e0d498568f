import ArgumentParser
import Foundation
import Moji
import MojiRepresentations

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show everything about one emoji.",
        discussion: """
            The emoji may be given as itself (👍), a shortcode in any preset (:thumbsup:, :+1:), \
            or hex code points (1F44D, U+1F44D). Exits 1 when nothing matches, 2 for an unknown locale.
            """
    )

    @Argument(help: "An emoji, a :shortcode: or hex code points.")
    var emoji: String

    @OptionGroup var options: CommonOptions

    func run() throws {
        try reportingFailures {
            let catalog = EmojiCatalog.shared
            let localized = try options.resolvedLocale(in: catalog)
            guard let found = catalog.emoji(matching: emoji) ?? localized.emoji(forShortcode: emoji) else {
                throw CommandFailure(
                    message:
                        "no emoji matches '\(emoji)'. Give the emoji itself, a :shortcode: or hex code points; `moji search` finds emoji by name.",
                    code: .notFound)
            }
            let summary = EmojiSummary(found, in: localized)
            if options.json { return try printJSON(summary) }
            print("\(summary.emoji)  \(summary.name)")
            print("  code points  \(summary.hexcode)")
            print(
                "  group        \(summary.groupName) › \(summary.subgroupName)  (\(summary.group) › \(summary.subgroup))"
            )
            print("  version      Emoji \(summary.version)")
            for (preset, codes) in summary.shortcodes.sorted(by: { $0.key < $1.key }) {
                print(
                    "  \(preset.padding(toLength: 12, withPad: " ", startingAt: 0)) \(codes.map { ":\($0):" }.joined(separator: " "))"
                )
            }
            if !summary.emoticons.isEmpty { print("  emoticons    \(summary.emoticons.joined(separator: " "))") }
            if !summary.keywords.isEmpty { print("  keywords     \(summary.keywords.joined(separator: ", "))") }
            if found.hasSkinTones {
                print(
                    "  tones        \(found.skinTones.map { localized.name(of: $0) }.joined(separator: ", ")) of \(found.neutral.character)"
                )
            }
            if !summary.toneVariants.isEmpty {
                let people = found.personCount > 1 ? " (\(found.personCount) people, a tone each)" : ""
                print(
                    "  tone forms   \(summary.toneVariants.count)\(people): \(summary.toneVariants.prefix(10).joined(separator: " "))\(summary.toneVariants.count > 10 ? " …" : "")"
                )
            }
        }
    }
}
