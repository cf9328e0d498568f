import Foundation
import Moji

/// The lines of Unicode's `emoji-test.txt`, read from `../shared/data` beside the package when present.
enum TextTestData {
    struct Line {
        let text: String
        let status: EmojiQualification
        let hexcode: String
    }

    static let emojiTestURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/data/unicode/17.0/emoji-test.txt").standardizedFileURL

    /// Every line with a status, or nil (with the reason printed) when the data is absent.
    static let emojiTestLines: [Line]? = {
        guard let text = try? String(contentsOf: emojiTestURL, encoding: .utf8) else {
            print(
                "note: \(emojiTestURL.path) is absent; the emoji-test.txt parity tests are skipped. Put the shared data beside the package to run them."
            )
            return nil
        }
        return text.split(separator: "\n").compactMap { line -> Line? in
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { return nil }
            let hex = line[..<semicolon].trimmingCharacters(in: .whitespaces)
            let rest = line[line.index(after: semicolon)...]
            let status = rest.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            guard let qualification = EmojiQualification(rawValue: status), let string = Hexcode.string(from: hex)
            else { return nil }
            return Line(text: string, status: qualification, hexcode: hex)
        }
    }()

    /// Whether a line is one text-default character without U+FE0F (`©`, `☺`): text by default.
    static func isLoneTextDefault(_ line: Line) -> Bool {
        line.text.unicodeScalars.count == 1 && line.status == .unqualified
    }
}
