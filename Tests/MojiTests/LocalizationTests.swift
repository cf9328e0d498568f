import Foundation
import Moji
import Testing

@Suite("Names and keywords in every language")
struct LocalizationTests {
    let catalog = EmojiCatalog.shared

    @Test("locale identifiers in the usual forms resolve to the best available locale")
    func resolution() throws {
        #expect(try catalog.locale(for: "ja").identifier == "ja")
        #expect(try catalog.locale(for: "pt_BR").identifier == "pt")
        #expect(try catalog.locale(for: "pt-PT").identifier == "pt-PT")
        #expect(try catalog.locale(for: "zh-Hant-TW").identifier == "zh-Hant")
        #expect(try catalog.locale(for: "zh_TW").identifier == "zh-Hant")
        #expect(try catalog.locale(for: "ZH-hant-hk").identifier == "zh-Hant-HK")
        #expect(try catalog.locale(for: "en-NZ").identifier == "en-001")
        #expect(try catalog.locale(for: "de-AT").identifier == "de")
        #expect(try catalog.locale(for: "nb").identifier == "no")
        #expect(catalog.availableLocales.count >= 160)
        #expect(Moji.availableLocales == catalog.availableLocales)
        #expect(catalog.availableLocales.contains("zh-Hant-HK"))
    }

    @Test("an unknown locale is an error naming the closest available ones")
    func unknownLocale() {
        #expect(throws: CatalogError.unknownLocale(requested: "jp", closest: ["ja", "jv"])) {
            try catalog.locale(for: "jp")
        }
        #expect(throws: CatalogError.self) { try catalog.localized("xx-Qaaa") }
        #expect(catalog.emoji(for: "👍")?.name(in: "xx") == "thumbs up")
    }

    @Test("names in several scripts")
    func names() throws {
        let thumbsUp = try #require(catalog.emoji(for: "👍"))
        #expect(thumbsUp.name() == "thumbs up")
        #expect(thumbsUp.name(in: "ja") == "サムズアップ")
        #expect(thumbsUp.name(in: "de") == "Daumen hoch")
        #expect(thumbsUp.keywords(in: "de").contains("Daumen"))
        let ja = try catalog.localized("ja")
        #expect(ja.name(of: try #require(catalog.group("food-drink"))) == "食事と飲み物")  // CLDR's characterLabels
        #expect(ja.name(of: SkinTone.light) == "薄い肌色")
    }

    @Test("toned names without a CLDR entry are derived from the base and the tone names")
    func derivedToneNames() throws {
        let wave = try #require(catalog.emoji(for: "👋🏽"))
        #expect(wave.name() == "waving hand: medium skin tone")
        #expect(wave.keywords().contains("medium skin tone"))
        #expect(wave.keywords().contains("wave"))
        #expect(catalog.emoji(for: "🫱🏻‍🫲🏿")?.name() == "handshake: light skin tone, dark skin tone")
        let ja = try catalog.localized("ja")
        let derived = LocalizedCatalog.derivedName(
            base: ja.name(of: wave.neutral), toneNames: [ja.name(of: SkinTone.medium)], separators: ja.separators)
        #expect(ja.name(of: wave) == derived)
    }

    @Test("a keyword that starts with a joiner or a combining mark stays apart from the one before")
    func keywordsStartingWithMarks() throws {
        // "|" and the mark after it form one grapheme cluster; the split is by scalar.
        #expect(CatalogFormat.keywords(inField: "a|\u{301}b|\u{200D}c||") == ["a", "\u{301}b", "\u{200D}c"])
        let cases: [(locale: String, emoji: String, before: String, keyword: String)] = [
            ("fa", "🏘️", "خانه", "\u{200C}خانه\u{200C}ها"),
            ("ne", "💸", "बिल", "ैंकनोट"),
            ("or", "💵", "ବ୍ୟାଙ୍କନୋଟ୍\u{200C}", "\u{200D}ମୁଦ୍ରା"),
            ("or", "🌆", "ଭୂଭାଗର ଦୃଶ୍ୟ", "\u{200D}ସନ୍ଧ୍ୟା"),
        ]
        for (locale, character, before, keyword) in cases {
            let emoji = try #require(catalog.emoji(for: character))
            // Compared scalar by scalar: String equality would not tell a fused keyword apart.
            let keywords = emoji.keywords(in: MojiLocale(locale)).map { Array($0.unicodeScalars) }
            #expect(keywords.contains(Array(keyword.unicodeScalars)), "\(locale) \(character)")
            #expect(keywords.contains(Array(before.unicodeScalars)), "\(locale) \(character)")
            #expect(!keywords.contains { $0.contains("|") }, "\(locale) \(character)")
        }
    }

    @Test("group names come from CLDR labels, our tables or emojibase, else English")
    func groupNames() throws {
        let flags = try #require(catalog.group("flags"))
        #expect(try catalog.localized("en").name(of: flags) == "Flags")
        #expect(try catalog.localized("fr").name(of: flags) == "drapeaux")
        #expect(try catalog.localized("af").name(of: flags) != "Flags")
        let component = try #require(catalog.group("component"))
        #expect(try catalog.localized("af").name(of: component) == "Component")
        let smiling = try #require(catalog.subgroup("face-smiling"))
        #expect(try catalog.localized("en").name(of: smiling) == "smiling")
    }
}

@Suite("Names equal CLDR's", .enabled(if: SharedData.isAvailable, "needs ../shared/data"))
struct CLDRNameTests {
    let catalog = EmojiCatalog.shared

    @Test(
        "names and keywords equal CLDR's, with derived sequences",
        arguments: ["ja", "de", "ru", "ar", "hi", "zh-Hant", "en"])
    func equalsCLDR(locale: String) throws {
        let localized = try catalog.localized(MojiLocale(locale))
        var compared = 0
        for folder in ["annotations", "annotationsDerived"] {
            for (key, entry) in try SharedData.cldr(folder, locale) {
                guard let emoji = catalog.emoji(for: key) else { continue }
                if let name = entry.name {
                    #expect(localized.name(of: emoji) == name, "\(key)")
                    compared += 1
                }
                if let keywords = entry.keywords {
                    #expect(Set(localized.keywords(of: emoji)) == Set(keywords.filter { !$0.isEmpty }), "\(key)")
                }
            }
        }
        #expect(compared > 1500)
    }

    @Test("a sublocale inherits from its CLDR parent entry by entry")
    func inheritance() throws {
        let en001 = try SharedData.cldr("annotations", "en-001")
        let enGB = try SharedData.cldr("annotations", "en-GB")
        let british = try catalog.localized("en-GB")
        var checked = 0
        for (key, entry) in en001 where entry.name != nil && enGB[key]?.name == nil {
            guard let emoji = catalog.emoji(for: key) else { continue }
            #expect(british.name(of: emoji) == entry.name, "en-GB → en-001 for \(key)")
            checked += 1
        }
        #expect(checked > 0)
        let deCH = try SharedData.cldr("annotations", "de-CH")
        let de = try SharedData.cldr("annotations", "de")
        let swiss = try catalog.localized("de-CH")
        for (key, entry) in de where deCH[key] == nil && entry.name != nil {
            guard let emoji = catalog.emoji(for: key) else { continue }
            #expect(swiss.name(of: emoji) == entry.name, "de-CH → de for \(key)")
        }
        for (key, entry) in deCH where entry.name != nil {
            guard let emoji = catalog.emoji(for: key) else { continue }
            #expect(swiss.name(of: emoji) == entry.name, "de-CH's own \(key)")
        }
        let hk = try SharedData.cldr("annotations", "zh-Hant-HK")
        let hant = try SharedData.cldr("annotations", "zh-Hant")
        let hongKong = try catalog.localized("zh-Hant-HK")
        for (key, entry) in hant where hk[key]?.name == nil && entry.name != nil {
            guard let emoji = catalog.emoji(for: key) else { continue }
            #expect(hongKong.name(of: emoji) == entry.name, "zh-Hant-HK → zh-Hant for \(key)")
        }
    }

    @Test("entries a locale lacks fall back to English")
    func englishFallback() throws {
        let saudi = try catalog.localized("ar-SA")
        let arabic = try catalog.localized("ar")
        let thumbsUp = try #require(catalog.emoji(for: "👍"))
        #expect(saudi.name(of: thumbsUp) == arabic.name(of: thumbsUp))
        var covered = Set<Emoji>()
        for folder in ["annotations", "annotationsDerived"] {
            for (key, entry) in try SharedData.cldr(folder, "ja") where entry.name != nil {
                if let emoji = catalog.emoji(for: key) { covered.insert(emoji) }
            }
        }
        let missing = catalog.neutralEmojis.filter { !covered.contains($0) }
        for emoji in missing {
            #expect(emoji.name(in: "ja") == emoji.name(), "\(emoji.character) falls back to English")
        }
    }
}
