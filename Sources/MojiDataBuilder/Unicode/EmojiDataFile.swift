import Foundation

/// Unicode's emoji-data.txt: the emoji character properties as code point ranges.
struct EmojiDataFile {
    /// Property name → ranges, in file order.
    var properties: [String: [ClosedRange<UInt32>]] = [:]

    static let names = [
        "Emoji", "Emoji_Presentation", "Emoji_Modifier", "Emoji_Modifier_Base", "Emoji_Component",
        "Extended_Pictographic",
    ]

    init(url: URL) throws(BuildError) {
        let text = try InputFile.text(url)
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            if content.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let bounds = fields.first?.components(separatedBy: "..").compactMap { UInt32($0, radix: 16) } ?? []
            guard fields.count == 2, (1...2).contains(bounds.count), bounds.first! <= bounds.last! else {
                throw .malformedInput(path: url.path, line: offset + 1, reason: "expected 'code point(s) ; property'")
            }
            properties[fields[1], default: []].append(bounds.first!...bounds.last!)
        }
        for name in Self.names where properties[name] == nil {
            throw .malformedInput(path: url.path, line: 0, reason: "no ranges for the property \(name)")
        }
    }
}
