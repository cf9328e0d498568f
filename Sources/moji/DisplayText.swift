import Foundation
import MojiTerminal

/// Text on its way to a person's terminal: lines on standard output and messages on standard
/// error.
///
/// Names, collection titles and items come from the store, which a hand-edited or older
/// database may fill with anything: a custom emoji called `"\u{1B}]0;PWNED\u{07}"` must not set
/// the terminal's title, leave its alternate screen or write its clipboard (OSC 52) when
/// `moji recent` prints it. Control characters become visible stand-ins (`␛`), as in the picker.
/// JSON output needs none of this: `JSONEncoder` writes them as `\u001b`.
enum DisplayText {
    /// The most characters of one quoted argument an error message repeats.
    static let quotedLimit = 80

    /// `line` with every control character neutralised but the tabs between fields.
    static func line(_ line: String) -> String {
        guard ControlCharacters.occur(in: line) else { return line }
        return line.split(separator: "\t", omittingEmptySubsequences: false)
            .map { ControlCharacters.neutralized(String($0)) }
            .joined(separator: "\t")
    }

    /// An error message as it is shown: control characters neutralised but tabs and line
    /// breaks, and every argument it quotes (`'…'`) cut to ``quotedLimit`` characters, so a
    /// 128 KB argument is not repeated in full.
    static func message(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line(shorteningQuotes(in: String($0))) }
            .joined(separator: "\n")
    }

    /// `text` with each single-quoted span longer than ``quotedLimit`` cut, with its length.
    /// A quote opens after a non-letter and closes before one, so the apostrophe of "isn't"
    /// is never taken for one.
    static func shorteningQuotes(in text: String) -> String {
        guard text.count > quotedLimit else { return text }
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let opens = character == "'" && (index == 0 || !characters[index - 1].isLetter)
            guard opens, let close = closingQuote(in: characters, after: index) else {
                result.append(character)
                index += 1
                continue
            }
            let quoted = characters[(index + 1)..<close]
            if quoted.count > quotedLimit {
                result += "'" + String(quoted.prefix(quotedLimit)) + "…' (\(quoted.count) characters)"
            } else {
                result += String(characters[index...close])
            }
            index = close + 1
        }
        return result
    }

    private static func closingQuote(in characters: [Character], after open: Int) -> Int? {
        var index = open + 1
        while index < characters.count {
            if characters[index] == "'", index + 1 == characters.count || !characters[index + 1].isLetter {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// Swift's `print`, with each line made safe for a terminal by ``DisplayText/line(_:)``.
///
/// Every human-readable line the commands print goes through `print`; defining it here for
/// the `moji` module makes this the one place they pass, for the lines of today's commands and
/// of those still to be written. JSON goes through `Swift.print` (``printJSON(_:)``).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(DisplayText.line(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
}

/// Writes `moji: message` to standard error, made safe by ``DisplayText/message(_:)``.
func printError(_ message: String) {
    StandardStreams.writeError("moji: \(DisplayText.message(message))\n")
}
