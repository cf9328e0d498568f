import ArgumentParser
import Foundation
import Moji
import MojiRepresentations

/// Options every command that shows emoji takes.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(UserLocale.help))
    var locale: String?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    /// The best available locale, or exit 2 naming the closest ones.
    func resolvedLocale(in catalog: EmojiCatalog) throws -> LocalizedCatalog {
        let resolved = try UserLocale.resolve(locale, in: catalog)
        do {
            return try catalog.localized(resolved)
        } catch {
            throw CommandFailure(message: "\(error)", code: .localeNotFound)
        }
    }
}

/// A failure that prints its message to standard error and exits with its code.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var code: ExitCode

    var description: String { message }
}

/// Runs `body`, turning a ``CommandFailure`` into its message on standard error and its exit code.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as CommandFailure {
        printError(failure.message)
        throw failure.code
    }
}

/// ``reportingFailures(_:)`` for a command that awaits.
func reportingFailuresAsync(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let failure as CommandFailure {
        printError(failure.message)
        throw failure.code
    }
}

/// Writes values as pretty, stable JSON to standard output.
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = RepresentationJSON.encoder(pretty: true)
    // JSONEncoder escapes control characters (ESC is \u001b), so the text needs no neutralising.
    Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
