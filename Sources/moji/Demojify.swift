import ArgumentParser
import Foundation
import Moji

struct Demojify: ArgumentListCommand {
    static let configuration = CommandConfiguration(
        commandName: "demojify",
        abstract: "Turn emoji into :shortcodes:.",
        discussion: """
            Reads standard input or files, streaming, and writes each emoji as a code of --preset \
            (github by default; slack writes toned emoji as :wave::skin-tone-3:; cldr uses --locale). \
            Emoji without a code in the preset stay as they are. `moji emojify --preset <same>` \
            turns the output back into the same text when its emoji are fully qualified and it has no \
            :code: of its own; otherwise each emoji comes back fully qualified (👁‍🗨 → 👁️‍🗨️, a U+FE0E \
            after a sequence dropped) and a :code: already in the text becomes its emoji.
            """
    )

    @OptionGroup var input: TextFilterOptions

    @Option(name: .long, help: "The preset to write: github, slack, emojibase or cldr.")
    var preset: String = "github"

    @Option(name: .long, help: "Language of cldr codes, e.g. ja, de.")
    var locale: String = "en"

    mutating func appendArguments(_ values: [String]) { input.files += values }

    func run() throws {
        try reportingFailures {
            let catalog = EmojiCatalog.shared
            let presets = try ShortcodePresetList.parse(preset)
            guard presets.count == 1 else {
                throw CommandFailure(
                    message: "demojify writes one preset; give one of github, slack, emojibase, cldr",
                    code: .usage)
            }
            let locale: MojiLocale
            do { locale = try catalog.locale(for: self.locale) } catch {
                throw CommandFailure(message: "\(error)", code: .localeNotFound)
            }
            var demojifier = Demojifier(preset: presets[0], locale: locale, scanner: input.scanner)
            demojifier.invalidUTF8 = input.invalidUTF8
            try input.run { _ in demojifier }
        }
    }
}
