import ArgumentParser
import Moji
import MojiRepresentations
import MojiStore

struct Tone: ArgumentListCommand {
    static let configuration = CommandConfiguration(
        commandName: "tone",
        abstract: "Set or show preferred skin tones: a global default, or per emoji (a tone per person).",
        discussion: """
            Tones: light, medium-light, medium, medium-dark, dark (or 1–5, or 🏻…🏿); none clears.
              moji tone                      show the default and every preference
              moji tone medium               default tone for every emoji
              moji tone 👋                   show how 👋 resolves
              moji tone 🧑‍🤝‍🧑 light dark       one tone per person
              moji tone 👋 none              forget the preference for 👋
            """
    )

    @Argument(help: "An emoji, then tones; or only a tone to set the default.")
    var arguments: [String] = []

    @OptionGroup var options: StoreOptions

    mutating func appendArguments(_ values: [String]) { arguments += values }

    func run() throws {
        try reportingFailures {
            let store = try options.openStore()
            guard let first = arguments.first else { return try show(store) }
            if Self.isClear(first) || SkinTone(identifier: first) != nil {
                guard arguments.count == 1 else {
                    throw ValidationError("give one default tone, or an emoji first to set its tones.")
                }
                let tone = Self.isClear(first) ? nil : SkinTone(identifier: first)
                try storeCall { () throws(StoreError) in try store.skinTones.setDefault(tone) }
                return try show(store)
            }
            guard let emoji = EmojiCatalog.shared.emoji(matching: first) else {
                // A word such as "purple" was meant as a tone: the same usage error as `tone 👋 purple`.
                if first.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
                    throw Self.notATone(first)
                }
                throw CommandFailure(
                    message: "no emoji matches '\(first)'. Give the emoji itself, a :shortcode: or hex code points.",
                    code: .notFound)
            }
            let rest = Array(arguments.dropFirst())
            if !rest.isEmpty {
                var tones: [SkinTone] = []
                if !(rest.count == 1 && Self.isClear(rest[0])) {
                    for text in rest {
                        guard let tone = SkinTone(identifier: text) else { throw Self.notATone(text) }
                        tones.append(tone)
                    }
                }
                try storeCall { () throws(StoreError) in try store.skinTones.setPreferred(tones, for: emoji) }
            }
            let resolved = try storeCall { () throws(StoreError) in try store.skinTones.resolved(emoji.neutral) }
            let preferred = try storeCall { () throws(StoreError) in try store.skinTones.preferred(for: emoji)
            }
            if options.json {
                struct Output: Encodable {
                    var emoji: String
                    var tones: [String]?
                    var resolved: String
                }
                return try printJSON(
                    Output(
                        emoji: emoji.neutral.character, tones: preferred?.map(\.identifier),
                        resolved: resolved.character))
            }
            print(
                "\(emoji.neutral.character) → \(resolved.character)\t\(preferred.map { $0.map(\.identifier).joined(separator: ", ") } ?? "default tone")"
            )
        }
    }

    /// The usage error (64) for a word that is not a tone.
    private static func notATone(_ text: String) -> CommandFailure {
        let tones = SkinTone.allCases.map(\.identifier).joined(separator: ", ")
        return CommandFailure(message: "'\(text)' is not a tone: \(tones) (or 1-5), or none.", code: .usage)
    }

    private static func isClear(_ text: String) -> Bool {
        ["none", "neutral", "default", "clear"].contains(text.lowercased())
    }

    private func show(_ store: EmojiStore) throws {
        let defaultTone = try storeCall { () throws(StoreError) in try store.skinTones.defaultTone() }
        let preferences = try storeCall { () throws(StoreError) in try store.skinTones.preferences() }
        let sorted = preferences.sorted { $0.key.key < $1.key.key }
        if options.json {
            return try printJSON(SkinToneSummary(defaultTone: defaultTone, preferences: preferences))
        }
        print("default\t\(defaultTone?.identifier ?? "none")")
        for (item, tones) in sorted {
            let toned = item.emoji()?.withSkinTones(tones)?.character ?? item.key
            print("\(item.key) → \(toned)\t\(tones.map(\.identifier).joined(separator: ", "))")
        }
    }
}
