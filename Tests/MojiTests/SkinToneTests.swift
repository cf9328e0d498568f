import Foundation
import Moji
import Testing

@Suite("Skin tones from Unicode data")
struct SkinToneTests {
    let catalog = EmojiCatalog.shared

    @Test("single-person emoji take one tone")
    func singlePerson() throws {
        let wave = try #require(catalog.emoji(for: "👋"))
        #expect(wave.personCount == 1)
        #expect(wave.withSkinTones([.mediumDark])?.character == "👋🏾")
        #expect(wave.withSkinTone(.light)?.character == "👋🏻")
        #expect(wave.withSkinTones([.light, .dark]) == nil)
        #expect(wave.skinToneVariants.count == 5)
        #expect(catalog.emoji(for: "👋🏾")?.skinTones == [.mediumDark])
        #expect(catalog.emoji(for: "😀")?.supportsSkinTones == false)
        #expect(catalog.emoji(for: "😀")?.withSkinTone(.light) == nil)
    }

    @Test("two-person emoji take a tone per person")
    func twoPeople() throws {
        let pair = try #require(catalog.emoji(for: "🧑‍🤝‍🧑"))
        #expect(pair.personCount == 2)
        #expect(pair.withSkinTones([.light, .dark])?.character == "🧑🏻‍🤝‍🧑🏿")
        #expect(pair.withSkinTones([.light, .light])?.character == "🧑🏻‍🤝‍🧑🏻")
        #expect(pair.withSkinTones([.light]) == pair.withSkinTones([.light, .light]))
        let handshake = try #require(catalog.emoji(for: "🤝"))
        #expect(handshake.withSkinTones([.light, .dark])?.character == "🫱🏻‍🫲🏿")
        #expect(handshake.withSkinTones([.medium])?.character == "🤝🏽")
        let kiss = try #require(catalog.emoji(for: "💏"))
        #expect(kiss.withSkinTones([.dark, .dark])?.character == "💏🏿")
        #expect(kiss.withSkinTones([.dark, .light])?.character == "🧑🏿‍❤️‍💋‍🧑🏻")
        #expect(catalog.emoji(for: "🧑🏻‍🤝‍🧑🏿")?.skinTones == [.light, .dark])
    }

    @Test("the neutral base of any toned sequence is known")
    func neutralBase() throws {
        #expect(catalog.emoji(for: "🧑🏻‍🤝‍🧑🏿")?.neutral.character == "🧑‍🤝‍🧑")
        #expect(catalog.emoji(for: "👯🏻‍♂️")?.neutral.character == "👯‍♂️")
        #expect(catalog.emoji(for: "🧑🏻‍🐰‍🧑🏼")?.neutral.character == "👯")
        #expect(catalog.emoji(for: "👩🏻‍❤️‍💋‍👨🏽")?.neutral.character == "👩‍❤️‍💋‍👨")
        #expect(catalog.emoji(for: "🫱🏻‍🫲🏿")?.neutral.character == "🤝")
        #expect(catalog.emoji(for: "👍")?.neutral.character == "👍")
        let toned = try #require(catalog.emoji(for: "👍🏽"))
        #expect(toned.withSkinTones([]) == toned.neutral)
        #expect(toned.withSkinTone(.dark)?.character == "👍🏿")
    }

    @Test("families are neutral: Unicode 17.0 lists no toned family")
    func families() throws {
        let family = try #require(catalog.emoji(for: "🧑‍🧑‍🧒"))
        #expect(family.personCount == 0)
        #expect(family.withSkinTones([.light, .dark, .medium]) == nil)
    }

    @Test("tone identifiers, numbers and modifiers parse", arguments: SkinTone.allCases)
    func toneNames(tone: SkinTone) {
        #expect(SkinTone(identifier: tone.identifier) == tone)
        #expect(SkinTone(identifier: String(tone.rawValue)) == tone)
        #expect(SkinTone(identifier: String(tone.modifier)) == tone)
        #expect(SkinTone(modifier: tone.modifier) == tone)
    }
}

@Suite("Tone combinations against emoji-test.txt", .enabled(if: SharedData.isAvailable, "needs ../shared/data"))
struct ToneCombinationTests {
    @Test("every tone combination Unicode lists is reachable and nothing else is")
    func everyCombination() throws {
        let catalog = EmojiCatalog.shared
        let lines = try EmojiTestLine.read().filter { $0.status == "fully-qualified" }
        var listed = Set<String>()
        for line in lines { listed.insert(line.string) }
        var reached = 0
        for emoji in catalog.neutralEmojis where emoji.supportsSkinTones {
            var combinations: [[SkinTone]] = SkinTone.allCases.map { [$0] }
            if emoji.personCount == 2 {
                combinations += SkinTone.allCases.flatMap { first in SkinTone.allCases.map { [first, $0] } }
            }
            for tones in combinations {
                if let variant = emoji.withSkinTones(tones) {
                    #expect(listed.contains(variant.character))
                    #expect(variant.neutral == emoji)
                    #expect(SkinTone.normalized(variant.skinTones) == SkinTone.normalized(tones))
                    reached += 1
                }
            }
            let distinct = Set(combinations.compactMap { emoji.withSkinTones($0) })
            #expect(distinct == Set(emoji.skinToneVariants), "\(emoji.name())")
        }
        let tonedInFile = lines.filter { $0.string.unicodeScalars.contains { SkinTone(modifier: $0) != nil } }
        #expect(Set(catalog.emojis.filter(\.hasSkinTones).map(\.character)) == Set(tonedInFile.map(\.string)))
        #expect(reached >= tonedInFile.count)
    }
}
