import Foundation
import Moji

/// Builds `shortcodes.txt.z`: the github, slack and emojibase presets and the emoticons.
struct ShortcodeBuilder {
    var source: URL
    var model: CatalogModel

    /// Each preset and the emojibase file it comes from.
    static let presets: [(preset: ShortcodePreset, file: String)] = [
        (.github, "github"), (.slack, "iamcal"), (.emojibase, "emojibase"),
    ]

    func build() throws(BuildError) -> (text: String, skipped: [String: Int]) {
        let english = source.appendingPathComponent("emojibase-17/en")
        var lines = ["\(CatalogFormat.shortcodesKind)\t\(CatalogFormat.version)"]
        var skipped: [String: Int] = [:]
        for (preset, file) in Self.presets {
            var codes: [Int: [String]] = [:]
            let url = english.appendingPathComponent("shortcodes/\(file).json")
            let shortcodes = try EmojibaseShortcodesFile(url: url).shortcodes
            for key in shortcodes.keys.sorted() {
                guard let string = Hexcode.string(from: key), let index = model.index(forKey: string) else {
                    skipped[preset.rawValue, default: 0] += 1
                    continue
                }
                for code in shortcodes[key]! { try add(code, to: &codes[index, default: []], url: url) }
            }
            if preset == .github {
                // gemoji is GitHub's own list; emojibase follows it, gemoji fills any gap.
                let url = source.appendingPathComponent("gemoji/emoji.json")
                for entry in try GemojiFile(url: url).entries {
                    guard let index = model.index(forKey: entry.emoji) else { continue }
                    for alias in entry.aliases { try add(alias, to: &codes[index, default: []], url: url) }
                }
            }
            for index in codes.keys.sorted() {
                lines.append((["k", preset.rawValue, String(index)] + codes[index]!).joined(separator: "\t"))
            }
        }
        let dataURL = english.appendingPathComponent("data.json")
        var emoticons: [Int: [String]] = [:]
        for entry in try EmojibaseDataFile(url: dataURL).entries {
            guard let list = entry.emoticon?.values, let string = Hexcode.string(from: entry.hexcode),
                let index = model.index(forKey: string)
            else { continue }
            for emoticon in list { try add(emoticon, to: &emoticons[index, default: []], url: dataURL) }
        }
        for index in emoticons.keys.sorted() {
            lines.append((["m", String(index)] + emoticons[index]!).joined(separator: "\t"))
        }
        return (lines.joined(separator: "\n") + "\n", skipped)
    }

    private func add(_ code: String, to list: inout [String], url: URL) throws(BuildError) {
        guard !code.isEmpty, !code.contains(where: { $0 == "\t" || $0 == "\n" }) else {
            throw .malformedInput(path: url.path, line: 0, reason: "the shortcode '\(code)' is empty or holds a tab")
        }
        if !list.contains(code) { list.append(code) }
    }
}
