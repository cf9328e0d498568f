import ArgumentParser
import Foundation
import Moji

struct Emojify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emojify",
        abstract: "Turn :shortcodes: into emoji.",
        discussion: """
            Reads standard input or files, streaming. Knows every preset by default (github, slack, \
            emojibase, cldr: tried in that order); cldr codes are those of --locale. Slack skin-tone \
            suffixes work (:wave::skin-tone-3:). Unknown codes stay as they are. --custom reads a \
            file of `code<TAB>replacement` lines that win over the presets. --emoticons also turns \
            :) <3 and friends into emoji, when they stand as words and outside `code`.
            """
    )

    @OptionGroup var input: TextFilterOptions

    @Option(name: .long, help: "Presets to use, comma-separated: github, slack, emojibase, cldr.")
    var preset: String = "github,slack,emojibase,cldr"

    @Option(name: .long, help: "Language of the cldr codes, e.g. ja, de (default: en).")
    var locale: String = "en"

    @Option(name: .long, help: "A file of custom codes: one `code<TAB>replacement` a line.")
    var custom: String?

    @Flag(name: .long, help: "Also convert emoticons such as :) and <3.")
    var emoticons = false

    func run() throws {
        try reportingFailures {
            let catalog = EmojiCatalog.shared
            let presets = try ShortcodePresetList.parse(preset)
            let locale: MojiLocale
            do { locale = try catalog.locale(for: self.locale) } catch {
                throw CommandFailure(message: "\(error)", code: .localeNotFound)
            }
            var emojifier = Emojifier(presets: presets, locale: locale, convertsEmoticons: emoticons)
            emojifier.invalidUTF8 = input.invalidUTF8
            if let custom {
                guard let text = try? String(contentsOfFile: custom, encoding: .utf8) else {
                    throw CommandFailure(message: "cannot read the custom codes file \(custom)", code: .notFound)
                }
                for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
                    let fields = line.split(separator: "\t", maxSplits: 1)
                    if fields.count == 2 { emojifier.register(String(fields[0]), as: String(fields[1])) }
                }
            }
            try input.run { _ in emojifier }
        }
    }
}

/// Parses `--preset` lists.
enum ShortcodePresetList {
    static func parse(_ list: String) throws -> [ShortcodePreset] {
        try list.split(separator: ",").map { name in
            guard let preset = ShortcodePreset(name: name.trimmingCharacters(in: .whitespaces)) else {
                throw CommandFailure(
                    message: "unknown preset '\(name)'. Presets: \(ShortcodePreset.allCases.map(\.rawValue).joined(separator: ", ")).",
                    code: .notFound)
            }
            return preset
        }
    }
}
