import ArgumentParser
import Foundation
import Moji
import MojiStore
import MojiSync

struct Emojify: ArgumentListCommand {
    static let configuration = CommandConfiguration(
        commandName: "emojify",
        abstract: "Turn :shortcodes: into emoji.",
        discussion: """
            Reads standard input or files, streaming. Knows every preset by default (github, slack, \
            emojibase, cldr: tried in that order); cldr codes are those of --locale. Slack skin-tone \
            suffixes work (:wave::skin-tone-3:). Unknown codes stay as they are. --custom reads a \
            file of `code<TAB>replacement` lines that win over the presets. --emoticons also turns \
            :) <3 and friends into emoji, when they stand as words and outside `code`. \
            --custom-set NAME --html turns the codes of an imported set into `<img class="emoji" \
            alt=":code:" src="…" width height>` and escapes the text around them for HTML (Unicode \
            emoji stay as they are); src is --image-base followed by the cached file's name when \
            given, else the image's URL as the source gave it (the cached file for packs and \
            folders). Custom emoji have no text form, so --custom-set needs --html (exit 64). \
            Exits 1 for an unknown set. --text gives the text on the command line.
            """
    )

    @OptionGroup var input: TextFilterOptions

    @Option(name: .long, help: "Presets to use, comma-separated: github, slack, emojibase, cldr.")
    var preset: String = "github,slack,emojibase,cldr"

    @Option(name: .long, help: "Language of the cldr codes, e.g. ja, de.")
    var locale: String = "en"

    @Option(name: .long, help: "A file of custom codes: one `code<TAB>replacement` a line.")
    var custom: String?

    @Flag(name: .long, help: "Also convert emoticons such as :) and <3.")
    var emoticons = false

    @Option(
        name: .customLong("custom-set"),
        help: ArgumentHelp("Convert the codes of this imported custom set (needs --html).", valueName: "name"))
    var customSet: String?

    @Flag(name: .long, help: "Write HTML: custom emoji as <img> tags, the rest of the text escaped.")
    var html = false

    @Option(
        name: .customLong("image-base"),
        help: ArgumentHelp("The URL the cached images are served under (src = URL + file name).", valueName: "url"))
    var imageBase: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database for --custom-set (default: $MOJI_HOME/moji.sqlite, else $XDG_DATA_HOME/moji/moji.sqlite).",
            valueName: "path"))
    var database: String?

    func validate() throws {
        if customSet != nil, !html {
            throw ValidationError(
                "--custom-set needs --html: custom emoji are images and have no text form to put in plain text.")
        }
        if imageBase != nil, customSet == nil { throw ValidationError("--image-base goes with --custom-set.") }
    }

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
            emojifier.escapesHTML = html
            if let customSet { try registerCustomSet(customSet, in: &emojifier) }
            if let custom { try CustomCodesFile.register(custom, in: &emojifier) }
            try input.run { _ in emojifier }
        }
    }
}

extension Emojify {
    /// Registers every emoji of the set as its `<img>` tag.
    private func registerCustomSet(_ name: String, in emojifier: inout Emojifier) throws {
        let url = database.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
        let store = try storeCall { () throws(StoreError) in try EmojiStore(url: url) }
        guard try storeCall({ () throws(StoreError) in try store.custom.set(named: name) }) != nil else {
            throw CommandFailure(
                message: "there is no custom set named \(name). `moji custom sets` lists them.", code: .notFound)
        }
        let cacheDirectory = ImageCache.defaultDirectory()
        for emoji in try storeCall({ () throws(StoreError) in try store.custom.emoji(inSet: name) }) {
            guard let source = Self.imageSource(of: emoji, base: imageBase, cacheDirectory: cacheDirectory) else {
                continue
            }
            emojifier.register(emoji.code, as: emoji.htmlImage(source: source))
        }
    }

    /// Where an `<img>` finds the emoji's image: under `base` by its cached file's name, else the
    /// source's own http(s) URL, else the cached file itself (packs and folders have no URL). A
    /// user, password, query or fragment in the source's URL never goes into the HTML: such an
    /// image points at the cached file, or, not cached, at its URL without them.
    static func imageSource(of emoji: CustomEmoji, base: String?, cacheDirectory: URL) -> String? {
        if let base, let image = emoji.cachedImage {
            return base.hasSuffix("/") ? base + image.fileName : base + "/" + image.fileName
        }
        let cached = emoji.cachedImage.map { cacheDirectory.appendingPathComponent($0.fileName).absoluteString }
        if let shareable = emoji.shareableImageURL {
            return emoji.imageURLHasPrivateParts ? cached ?? shareable : shareable
        }
        return cached
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
