import ArgumentParser
import Foundation
import Moji
import MojiSync

@main
struct MojiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moji",
        abstract: "Find, inspect and convert emoji: the Unicode 17.0 catalog in every CLDR language.",
        discussion: ExitCode.documentation,
        // The bundled catalog's versions: a catalog update installed later shows in `moji data status`.
        version: "\(HTTPConfiguration.mojiVersion) (bundled catalog: Emoji 17.0, CLDR 48)",
        subcommands: [
            Pick.self, Info.self, Search.self, List.self, Locales.self,
            Find.self, Count.self, Strip.self, Emojify.self, Demojify.self,
            Use.self, Frequent.self, Recent.self, MostUsed.self, Pinned.self, Collections.self, Tone.self,
            Custom.self, StoreCommand.self, Serve.self, DataCommand.self,
        ]
    )
}
