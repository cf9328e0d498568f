import ArgumentParser
import Foundation
import Moji
import MojiRepresentations

struct Locales: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locales", abstract: "List the locales with emoji names and keywords.")

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let infos = EmojiCatalog.shared.availableLocales.map(LocaleSummary.init)
        if json { return try printJSON(infos) }
        for info in infos {
            print(
                "\(info.identifier.padding(toLength: 14, withPad: " ", startingAt: 0))\(info.english)\(info.native == info.english ? "" : " — \(info.native)")"
            )
        }
    }
}
