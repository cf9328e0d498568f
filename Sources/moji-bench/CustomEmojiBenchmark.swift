import ArgumentParser
import Foundation
import Moji

/// `custom`: building the search index of a set of custom emoji (a forum's smilies).
struct CustomEmojiBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "custom",
        abstract: "Search index build time for a set of custom emoji.",
        discussion: """
            Reads the smilies of a forum's smilie page (each `<div class="text">:code:</div>` and \
            the `title` of the image after it, as in ../shared/data/awful-smilies) and times \
            `search.adding(customEmoji:)` on an English search: the custom emoji's own segment, \
            folded and sorted from their codes, names and keywords (the name's words). The \
            figures are the median and fastest of --builds builds.
            """
    )

    @Option(help: "A smilie page (showsmilies.html).")
    var smilies: String = "../shared/data/awful-smilies/2015-05/showsmilies.html"

    @Option(help: "Index builds to time.")
    var builds: Int = 41

    func run() throws {
        let page = try String(contentsOfFile: smilies, encoding: .utf8)
        let custom = Self.smilies(in: page)
        guard !custom.isEmpty else { throw ValidationError("\(smilies) holds no smilies.") }
        let search = try EmojiSearch(locales: [.english])
        var times: [Double] = []
        var found = 0
        for _ in 0..<max(1, builds) {
            let start = Measurement.nowMicroseconds()
            let withCustom = search.adding(customEmoji: custom)
            times.append(Measurement.nowMicroseconds() - start)
            found = withCustom.customEmoji.count
        }
        Measurement.report([
            "suite": "custom", "custom_emoji": found,
            "build_median_ms": Measurement.rounded(Measurement.quantile(times, 0.5) / 1000, places: 3),
            "build_min_ms": Measurement.rounded((times.min() ?? 0) / 1000, places: 3),
        ])
    }

    /// The smilies of a page: code from the text `div`, name from the image's title, the
    /// name's words as keywords (as an importer would).
    static func smilies(in page: String) -> [CustomEmoji] {
        var result: [CustomEmoji] = []
        var seen: Set<String> = []
        for item in page.components(separatedBy: "<li class=\"smilie\">").dropFirst() {
            guard let code = item.between("<div class=\"text\">", "</div>"),
                let title = item.between("title=\"", "\"")
            else { continue }
            let emoji = CustomEmoji(code: code, name: title, keywords: title.split(separator: " ").map(String.init))
            if seen.insert(emoji.code).inserted { result.append(emoji) }
        }
        return result
    }
}

extension String {
    /// The text between the first `open` and the next `close`.
    fileprivate func between(_ open: String, _ close: String) -> String? {
        guard let start = range(of: open)?.upperBound, let end = self[start...].range(of: close)?.lowerBound else {
            return nil
        }
        return String(self[start..<end])
    }
}
