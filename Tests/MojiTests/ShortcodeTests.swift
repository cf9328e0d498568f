import Moji
import Testing

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

    @Test("a _toneN shortcode is the toned form of what its base code names, under the same presets")
    func toneCodesFollowTheirBase() throws {
        var emojifier = Emojifier()
        for base in ["point_up", "point_up_2"] {
            let neutral = try #require(catalog.emoji(forShortcode: base))
            for tone in SkinTone.allCases {
                let code = ":\(base)_tone\(tone.rawValue):"
                let expected = try #require(neutral.withSkinTone(tone))
                #expect(catalog.emoji(forShortcode: code) == expected, "\(code)")
                #expect(emojifier.emojify(code) == expected.character, "\(code)")
            }
        }
        #expect(catalog.emoji(forShortcode: ":point_up:")?.character == "☝️")
        #expect(catalog.emoji(forShortcode: ":point_up_tone1:")?.character == "☝🏻")
        #expect(catalog.emoji(forShortcode: ":point_up_2_tone5:")?.character == "👆🏿")
        // Within emojibase alone, its own point_up (👆) leads.
        #expect(catalog.emoji(forShortcode: ":point_up_tone1:", presets: [.emojibase])?.character == "👆🏻")
        // A base without toned forms (GitHub's kiss is 💋) leaves the code its own emoji.
        #expect(catalog.emoji(forShortcode: ":kiss_tone1:")?.character == "💏🏻")
        // Codes registered by the host still win.
        emojifier.register("point_up_tone1", as: "👆🏻")
        #expect(emojifier.emojify(":point_up_tone1:") == "👆🏻")
    }

    @Test("every _toneN code of every preset follows its base code under all presets")
    func everyToneCodeFollowsItsBase() throws {
        let emojifier = Emojifier()
        var checked = 0
        for preset in ShortcodePreset.allCases {
            for (code, _) in catalog.shortcodes(preset) {
                guard let range = code.range(of: "_tone", options: .backwards),
                    code[range.upperBound...].count == 1,
                    let tone = SkinTone(identifier: String(code[range.upperBound...])),
                    let base = catalog.emoji(forShortcode: String(code[..<range.lowerBound])),
                    let toned = base.withSkinTone(tone)
                else { continue }
                checked += 1
                #expect(catalog.emoji(forShortcode: code) == toned, ":\(code):")
                #expect(emojifier.replacement(for: code) == toned.character, ":\(code):")
            }
        }
        #expect(checked > 1000)
    }

    @Test("every emoticon round-trips")
    func emoticons() {
        #expect(catalog.emoticons.count > 40)
        for (emoticon, emoji) in catalog.emoticons {
            #expect(catalog.emoji(forEmoticon: emoticon) == emoji)
        }
    }
}
