import Foundation

/// The raw data beside the repository (`../shared/data`), present on developer machines and CI.
enum SharedData {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("unicode").path)
    }

    static func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    /// A CLDR annotations or annotationsDerived file as character → (name, keywords).
    static func cldr(_ folder: String, _ locale: String) throws -> [String: (name: String?, keywords: [String]?)] {
        let data = try Data(contentsOf: url("cldr-48/\(folder)/\(locale).json"))
        let top = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let section = (top["annotations"] ?? top["annotationsDerived"]) as! [String: Any]
        let entries = section["annotations"] as? [String: [String: [String]]] ?? [:]
        return entries.mapValues { ($0["tts"]?.first, $0["default"]) }
    }
}

/// One line of emoji-test.txt, read independently of the builder for parity checks.
struct EmojiTestLine {
    var string: String
    var status: String
    var group: String
    var subgroup: String
    var version: String
    var name: String

    static func read(_ path: String = "unicode/17.0/emoji-test.txt") throws -> [EmojiTestLine] {
        let text = try String(contentsOf: SharedData.url(path), encoding: .utf8)
        var lines: [EmojiTestLine] = []
        var group = ""
        var subgroup = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# group: ") { group = String(line.dropFirst(9)) }
            if line.hasPrefix("# subgroup: ") { subgroup = String(line.dropFirst(12)) }
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";"), let hash = line.firstIndex(of: "#")
            else { continue }
            let scalars = line[..<semicolon].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            let comment = line[line.index(after: hash)...].split(separator: " ", maxSplits: 2)
            lines.append(
                EmojiTestLine(
                    string: String(String.UnicodeScalarView(scalars)),
                    status: line[line.index(after: semicolon)..<hash].trimmingCharacters(in: .whitespaces),
                    group: group, subgroup: subgroup, version: String(comment[1].dropFirst()), name: String(comment[2]))
            )
        }
        return lines
    }
}
