import Testing
import Moji

@Suite("Shortcodes and emoticons")
struct ShortcodeTests {
    let catalog = EmojiCatalog.shared

    @Test("lookups work both ways")
    func bothWays() throws {
        let tada = try #require(catalog.emoji(forShortcode: ":tada:"))
        #expect(tada.character == "🎉")
        #expect(tada.shortcodes(.github) == ["tada"])
        #expect(catalog.emoji(forShortcode: "+1", presets: [.github])?.character == "👍")
        #expect(catalog.emoji(forShortcode: "thumbsup", presets: [.slack])?.character == "👍")
        #expect(catalog.emoji(forShortcode: "skin-tone-2", presets: [.slack])?.character == "🏻")
        #expect(catalog.emoji(forShortcode: "party_popper", presets: [.cldr])?.character == "🎉")
        #expect(tada.shortcodes(.cldr) == ["party_popper"])
        #expect(catalog.emoji(forEmoticon: ":)")?.character == "🙂")
        #expect(catalog.emoji(for: "🙂")?.emoticons.contains(":)") == true)
        #expect(ShortcodePreset(name: "iamcal") == .slack)
    }

    @Test("every entry of every preset round-trips", arguments: [ShortcodePreset.github, .slack, .emojibase, .cldr])
    func roundTrip(preset: ShortcodePreset) {
        let pairs = catalog.shortcodes(preset)
        #expect(pairs.count > 1800)
        for (code, emoji) in pairs {
            #expect(catalog.emoji(forShortcode: code, presets: [preset]) == emoji, ":\(code):")
            #expect(emoji.shortcodes(preset).contains(code))
        }
    }

    @Test("every locale's CLDR shortcodes round-trip", arguments: ["ja", "de", "zh-Hant", "en-GB", "no", "es-MX"])
    func localeRoundTrip(locale: String) throws {
        let localized = try catalog.localized(MojiLocale(locale))
        let pairs = localized.allShortcodes
        #expect(pairs.count > 1800)
        for (code, emoji) in pairs {
            #expect(localized.emoji(forShortcode: code) == emoji, ":\(code):")
            #expect(localized.shortcodes(of: emoji).contains(code))
        }
    }

    @Test("every emoticon round-trips")
    func emoticons() {
        #expect(catalog.emoticons.count > 40)
        for (emoticon, emoji) in catalog.emoticons {
            #expect(catalog.emoji(forEmoticon: emoticon) == emoji)
        }
    }
}
