import ArgumentParser

/// A command whose last positional argument takes any number of values (`moji search WORDS…`,
/// `moji use EMOJI…`, `moji count FILES…`).
protocol ArgumentListCommand: ParsableCommand {
    /// Appends `values` to the last positional argument, after those the parser gave it.
    mutating func appendArguments(_ values: [String])
}

/// Parses the command line in time linear in its length.
///
/// swift-argument-parser (1.8) does work proportional to the values parsed so far for each
/// value of an array argument: it merges the growing set of input positions and removes the
/// used elements one by one. `moji search` with 22,000 words, or `xargs moji count` with
/// thousands of files, spent seconds to minutes in parsing alone. So when the line ends in a
/// long run of plain arguments (none starting with `-`), the parser sees the line up to the
/// first ``parsedPrefix`` arguments of that run, and the rest is appended afterwards:
///
/// ```
/// moji collections add work 🎉 👍 🚀 🍕 ✅ 🐶 🌮 … (22,000 emoji)
///   parsed:                  collections add work 🎉 👍 🚀 🍕 ✅   (the run's first 8)
///   appended to `emojis`:    🐶 🌮 …
/// ```
///
/// Few arguments of such a run can be anything but values of the command's last positional
/// argument: at most two subcommand names, one option's value and one leading positional (a
/// collection's name). So the ninth on belong to it, and are appended. A command that is not
/// an ``ArgumentListCommand`` is parsed in full, as is any line without such a run.
enum ArgumentList {
    /// How many plain arguments of the trailing run the parser sees.
    static let parsedPrefix = 8
    /// Runs up to this long are parsed in full, as before.
    static let longRun = 64

    /// The command `arguments` ask for (without the program name), as `MojiCommand.parseAsRoot`.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        let (head, tail) = split(arguments)
        guard !tail.isEmpty else { return try MojiCommand.parseAsRoot(arguments) }
        guard var command = try MojiCommand.parseAsRoot(head) as? any ArgumentListCommand else {
            return try MojiCommand.parseAsRoot(arguments)
        }
        command.appendArguments(tail)
        return command
    }

    /// The arguments the parser reads and the tail of a long trailing run, which it does not.
    static func split(_ arguments: [String]) -> (head: [String], tail: [String]) {
        var start = arguments.endIndex
        // "-" (standard input) and "--" end the run too: only plain values are moved.
        while start > arguments.startIndex, !arguments[start - 1].hasPrefix("-") { start -= 1 }
        guard arguments.endIndex - start > longRun else { return (arguments, []) }
        let cut = start + parsedPrefix
        return (Array(arguments[..<cut]), Array(arguments[cut...]))
    }
}
