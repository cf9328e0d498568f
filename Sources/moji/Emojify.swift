import ArgumentParser
import Foundation
import Moji

struct Emojify: ArgumentListCommand {
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

    mutating func appendArguments(_ values: [String]) { input.files += values }

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
            if let custom { try CustomCodesFile.register(custom, in: &emojifier) }
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
                    message:
                        "unknown preset '\(name)'. Presets: \(ShortcodePreset.allCases.map(\.rawValue).joined(separator: ", ")).",
                    code: .usage)
            }
            return preset
        }
    }
}

/// Reads an `emojify --custom` file: one `code<TAB>replacement` a line; blank lines and lines
/// starting with `#` are skipped. A line that cannot be used is an error naming the file and the
/// line, never skipped in silence.
enum CustomCodesFile {
    static func register(_ path: String, in emojifier: inout Emojifier) throws {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
            throw CommandFailure(
                message: "cannot read the custom codes file \(path): \(StandardStreams.reason(error))",
                code: .ioFailure)
        }
        defer { try? handle.close() }
        let data = try StandardStreams.readToEnd(handle, named: path)
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(message: "\(path): the custom codes file is not UTF-8 text.", code: .invalidInput)
        }
        let format = "a line is `code<TAB>replacement`"
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
            func failure(_ problem: String) -> CommandFailure {
                CommandFailure(message: "\(path):\(offset + 1): \(problem)", code: .invalidInput)
            }
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2 else { throw failure("no tab between the code and its replacement; \(format).") }
            let (code, replacement) = (String(fields[0]), String(fields[1]))
            guard !replacement.isEmpty else { throw failure("the replacement after the tab is empty; \(format).") }
            emojifier.register(code, as: replacement)
            guard emojifier.replacement(for: code) == replacement else {
                throw failure(
                    "'\(code)' cannot be a code: give letters, digits or symbols without colons or spaces, "
                        + "at most \(Emojifier.maximumCodeLength) bytes.")
            }
        }
    }
}
