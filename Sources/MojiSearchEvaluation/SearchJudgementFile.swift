import Foundation
import Moji

/// Reads judgement files: one `query<TAB>intended<TAB>alternatives` a line, `#` comments.
///
/// ```
/// # comment
/// thumbs up	👍
/// cake	🎂	🍰
/// ```
///
/// The format is described in `Benchmarks/search-judgements/README.md`.
public enum SearchJudgementFile {
    /// The judgements in `text`; `path` names the file in errors.
    ///
    /// - Throws: ``SearchJudgementFileError`` for a line without two fields, an emoji the
    ///   catalog does not know, or a query listed twice.
    public static func parse(
        _ text: String, path: String, catalog: EmojiCatalog = .shared
    ) throws(SearchJudgementFileError) -> [SearchJudgement] {
        var judgements: [SearchJudgement] = []
        var seen: Set<String> = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func failure(_ reason: String) -> SearchJudgementFileError {
                SearchJudgementFileError(path: path, line: offset + 1, reason: reason)
            }
            let fields = rawLine.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count == 2 || fields.count == 3, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw failure("expected query<TAB>intended emoji<TAB>alternatives, got \(fields.count) field(s)")
            }
            guard seen.insert(fields[0]).inserted else { throw failure("query '\(fields[0])' is listed twice") }
            func emoji(_ text: String) throws(SearchJudgementFileError) -> Emoji {
                guard let emoji = catalog.emoji(for: text) else {
                    throw failure("'\(text)' is not an emoji of the catalog")
                }
                return emoji
            }
            let intended = try emoji(fields[1])
            var alternatives: [Emoji] = []
            for text in (fields.count == 3 ? fields[2] : "").split(separator: " ") {
                alternatives.append(try emoji(String(text)))
            }
            judgements.append(SearchJudgement(query: fields[0], intended: intended, alternatives: alternatives))
        }
        return judgements
    }

    /// Every `<locale>.tsv` in `directory`, sorted by locale identifier.
    public static func load(
        directory: URL, catalog: EmojiCatalog = .shared
    ) throws -> [(locale: String, judgements: [SearchJudgement])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".tsv") }.sorted()
        return try names.map { name in
            let url = directory.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            return (String(name.dropLast(4)), try parse(text, path: url.path, catalog: catalog))
        }
    }
}

/// A judgement file line that cannot be read; says where and why.
public struct SearchJudgementFileError: Error, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var reason: String

    public init(path: String, line: Int, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(path):\(line): \(reason)" }
}
