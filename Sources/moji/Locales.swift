import ArgumentParser
import Foundation
import Moji

struct Locales: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locales", abstract: "List the locales with emoji names and keywords.")

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        struct LocaleInfo: Encodable {
            var identifier: String
            var english: String
            var native: String
        }
        let infos = EmojiCatalog.shared.availableLocales.map { locale in
            let names = locale.displayName
            return LocaleInfo(identifier: locale.identifier, english: names.english, native: names.native)
        }
        if json { return try printJSON(infos) }
        for info in infos {
            print(
                "\(info.identifier.padding(toLength: 14, withPad: " ", startingAt: 0))\(info.english)\(info.native == info.english ? "" : " — \(info.native)")"
            )
        }
    }
}
