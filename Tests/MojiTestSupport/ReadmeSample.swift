import Foundation

/// A sample output in README.md that a test produces, marked `<!-- sample: NAME -->` on the line
/// before its code block (`.ci/readme-sample` reads the same marks for the shell checks).
public enum ReadmeSample {
    /// The README beside the package.
    public static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The lines of the sample `name` (trailing spaces and blank lines dropped), or nil when the
    /// README has no such mark followed by a code block.
    public static func lines(named name: String) throws -> [String]? {
        let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
        guard let mark = lines.firstIndex(of: "<!-- sample: \(name) -->"), mark + 1 < lines.count,
            lines[mark + 1].hasPrefix("```"),
            let end = lines[(mark + 2)...].firstIndex(where: { $0.hasPrefix("```") })
        else { return nil }
        return normalized(Array(lines[(mark + 2)..<end]))
    }

    /// `text`'s lines as samples are compared: trailing spaces and trailing blank lines dropped.
    public static func normalized(_ lines: [String]) -> [String] {
        var result = lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }
}
