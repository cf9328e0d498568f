import Foundation
import Moji

/// One line of Unicode's emoji-test.txt.
struct EmojiTestEntry {
    var scalars: [Unicode.Scalar]
    var qualification: EmojiQualification
    var group: String
    var subgroup: String
    var version: EmojiVersion
    /// The English name in the line's comment, e.g. "waving hand: light skin tone".
    var name: String
    var line: Int

    var string: String { String(String.UnicodeScalarView(scalars)) }
    var tones: [SkinTone] { scalars.compactMap(SkinTone.init(modifier:)) }
}

/// Unicode's emoji-test.txt: every RGI emoji in CLDR order with its qualification and version.
struct EmojiTestFile {
    var entries: [EmojiTestEntry] = []
    /// The file's own "# Status Counts" section.
    var statusCounts: [EmojiQualification: Int] = [:]
    var version: EmojiVersion?

    init(url: URL) throws(BuildError) {
        let text = try InputFile.text(url)
        var group: String?
        var subgroup: String?
        var inCounts = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let comment = line.dropFirst().trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("group:") {
                    group = comment.dropFirst(6).trimmingCharacters(in: .whitespaces)
                } else if comment.hasPrefix("subgroup:") {
                    subgroup = comment.dropFirst(9).trimmingCharacters(in: .whitespaces)
                } else if comment.hasPrefix("Version:") {
                    version = EmojiVersion(comment.dropFirst(8).trimmingCharacters(in: .whitespaces))
                } else if comment == "Status Counts" {
                    inCounts = true
                } else if inCounts, let colon = comment.firstIndex(of: ":") {
                    let status = comment[..<colon].trimmingCharacters(in: .whitespaces)
                    if let qualification = EmojiQualification(rawValue: status),
                        let count = Int(comment[comment.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                    {
                        statusCounts[qualification] = count
                    }
                }
                continue
            }
            entries.append(
                try Self.entry(line, lineNumber: lineNumber, group: group, subgroup: subgroup, path: url.path))
        }
        guard !entries.isEmpty else { throw .malformedInput(path: url.path, line: 0, reason: "no emoji lines") }
        guard version != nil else {
            throw .malformedInput(path: url.path, line: 0, reason: "no '# Version:' line naming the Emoji version")
        }
    }

    private static func entry(_ line: String, lineNumber: Int, group: String?, subgroup: String?, path: String)
        throws(BuildError) -> EmojiTestEntry
    {
        func fail(_ reason: String) -> BuildError { .malformedInput(path: path, line: lineNumber, reason: reason) }
        guard let group, let subgroup else { throw fail("an emoji line before any '# group:' and '# subgroup:' line") }
        let parts = line.split(separator: ";", maxSplits: 1)
        guard parts.count == 2, let hash = parts[1].firstIndex(of: "#") else {
            throw fail("expected 'code points ; status # emoji E<version> name'")
        }
        var scalars: [Unicode.Scalar] = []
        for hex in parts[0].split(separator: " ") {
            guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw fail("'\(hex)' is not a code point")
            }
            scalars.append(scalar)
        }
        let status = parts[1][..<hash].trimmingCharacters(in: .whitespaces)
        guard let qualification = EmojiQualification(rawValue: status) else { throw fail("unknown status '\(status)'") }
        // The comment is "<emoji> E<version> <name>".
        let comment = parts[1][parts[1].index(after: hash)...].split(separator: " ", maxSplits: 2)
        guard comment.count == 3, comment[1].hasPrefix("E"), let version = EmojiVersion(String(comment[1])) else {
            throw fail("the comment must be '<emoji> E<version> <name>'")
        }
        return EmojiTestEntry(
            scalars: scalars, qualification: qualification, group: group, subgroup: subgroup,
            version: version, name: String(comment[2]), line: lineNumber)
    }
}
