import Moji
import Testing

/// README, "A tour of the API": the block verbatim, each commented value checked.
@Suite("README: a tour of the API")
struct TourExampleTests {
    @Test("the tour runs and every value its comments show is what the API returns")
    func tour() throws {
        try example {
            let catalog = EmojiCatalog.shared  // Emoji 17.0; loads on first use
            #expect(catalog.unicodeVersion == "17.0")
            let thumbsUp = catalog.emoji(for: "👍")!  // also "\u{2764}" finds ❤️ (FE0F-insensitive)
            #expect(catalog.emoji(for: "\u{2764}")?.character == "❤️")
            thumbsUp.name()  // "thumbs up"
            #expect(thumbsUp.name() == "thumbs up")
            thumbsUp.name(in: "ja")  // "サムズアップ"
            #expect(thumbsUp.name(in: "ja") == "サムズアップ")
            thumbsUp.version  // 0.6
            #expect(thumbsUp.version == "0.6")
            thumbsUp.group.identifier  // "people-body"
            #expect(thumbsUp.group.identifier == "people-body")

            // Skin tones come from Unicode's data, not string tricks.
            let pair = catalog.emoji(for: "🧑‍🤝‍🧑")!
            pair.personCount  // 2
            #expect(pair.personCount == 2)
            pair.withSkinTones([.light, .dark])?.character  // "🧑🏻‍🤝‍🧑🏿"
            #expect(pair.withSkinTones([.light, .dark])?.character == "🧑🏻‍🤝‍🧑🏿")
            catalog.emoji(for: "🧑🏻‍🤝‍🧑🏿")!.neutral  // 🧑‍🤝‍🧑
            #expect(catalog.emoji(for: "🧑🏻‍🤝‍🧑🏿")!.neutral == pair)
            catalog.emoji(for: "👨‍👩‍👧")!.withSkinTones([.light])  // nil: Unicode lists no such sequence
            #expect(catalog.emoji(for: "👨‍👩‍👧")!.withSkinTones([.light]) == nil)

            // Shortcodes both ways, emoticons.
            catalog.emoji(forShortcode: ":tada:")  // 🎉
            #expect(catalog.emoji(forShortcode: ":tada:")?.character == "🎉")
            catalog.emoji(for: "🎉")!.shortcodes(.slack)  // ["tada"]
            #expect(catalog.emoji(for: "🎉")!.shortcodes(.slack) == ["tada"])
            catalog.emoji(forEmoticon: ":)")  // 🙂
            #expect(catalog.emoji(forEmoticon: ":)")?.character == "🙂")

            // Localized names, keywords, group names and CLDR shortcodes.
            let german = try catalog.localized(catalog.locale(for: "de_CH"))  // de-CH → de → root
            #expect(german.locale == "de-CH")  // its own file holds only what differs from de
            german.name(of: catalog.group("food-drink")!)  // "Essen & Trinken"
            #expect(german.name(of: catalog.group("food-drink")!) == "Essen & Trinken")

            // What a device can show.
            let version = ApplePlatform.iOS.emojiVersion(for: "17.4")!  // 15.1
            #expect(version == "15.1")
            catalog.emojis(upTo: version)
            #expect(catalog.emojis(upTo: version).allSatisfy { $0.version <= "15.1" })
            #expect(catalog.emojis(upTo: version).count < catalog.neutralEmojis.count)

            // Search as you type, in any locale plus English.
            let search = try EmojiSearch(locale: "ja")
            search.results(for: "thu u").first?.emoji  // 👍
            #expect(search.results(for: "thu u").first?.emoji == thumbsUp)
            search.results(for: "pzza").first?.emoji  // 🍕 (one typo forgiven)
            #expect(search.results(for: "pzza").first?.emoji?.character == "🍕")
            #expect(search.results(for: "pzza").first?.relevance == .typo)
        }
    }
}
