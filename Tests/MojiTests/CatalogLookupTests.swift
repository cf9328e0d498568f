import Foundation
import Moji
import Testing

@Suite("Looking emoji up")
struct CatalogLookupTests {
    let catalog = EmojiCatalog.shared

    @Test("the character, its hex code points and FE0F-free forms all find the emoji")
    func lookupForms() throws {
        let heart = try #require(catalog.emoji(for: "❤️"))
        #expect(heart.hexcode == "2764-FE0F")
        #expect(catalog.emoji(for: "\u{2764}") == heart)
        #expect(catalog.emoji(forHexcode: "2764-FE0F") == heart)
        #expect(catalog.emoji(forHexcode: "U+2764") == heart)
        #expect(catalog.emoji(forHexcode: "2764 fe0f") == heart)
        #expect(catalog.emoji(matching: ":heart:") == heart)
        #expect(catalog.emoji(matching: "2764") == heart)
        let eye = try #require(catalog.emoji(for: "\u{1F441}\u{200D}\u{1F5E8}"))
        #expect(eye.character == "\u{1F441}\u{FE0F}\u{200D}\u{1F5E8}\u{FE0F}")
    }

    @Test("every emoji's hexcode is its code points in uppercase hex, 4 to 6 digits, joined by a dash")
    func hexcodes() {
        for emoji in EmojiCatalog.shared.emojis {
            let expected = emoji.character.unicodeScalars.map { scalar -> String in
                let digits = String(scalar.value, radix: 16, uppercase: true)
                return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            }.joined(separator: "-")
            #expect(emoji.hexcode == expected)
        }
        #expect(Hexcode.from("#\u{FE0F}\u{20E3}", separator: " ") == "0023 FE0F 20E3")
        #expect(Hexcode.from("\u{10FFFF}") == "10FFFF")
        #expect(Hexcode.from("") == "")
    }

    @Test("text that is no emoji finds nothing")
    func unknownInput() {
        #expect(catalog.emoji(for: "a") == nil)
        #expect(catalog.emoji(for: "") == nil)
        #expect(catalog.emoji(for: "👍👍") == nil)
        #expect(catalog.emoji(forHexcode: "ZZZZ") == nil)
        #expect(catalog.emoji(forHexcode: "110000") == nil)
        #expect(catalog.emoji(matching: ":no_such_code:") == nil)
    }

    @Test("groups and subgroups have stable identifiers and CLDR order")
    func groupsAndSubgroups() throws {
        let food = try #require(catalog.group("food-drink"))
        let fruit = try #require(catalog.subgroup("food-fruit"))
        #expect(fruit.group == food)
        #expect(catalog.subgroups(in: food).first == fruit)
        let emojis = catalog.emojis(in: fruit)
        #expect(emojis.first?.character == "🍇")
        #expect(emojis.allSatisfy { $0.subgroup == fruit })
        #expect(catalog.emojis(in: try #require(catalog.group("people-body"))).allSatisfy { !$0.hasSkinTones })
        #expect(
            catalog.emojis(in: try #require(catalog.group("people-body")), includingSkinTones: true).contains {
                $0.hasSkinTones
            })
    }

    @Test("filtering by Emoji version and by Apple OS release")
    func versionsAndPlatforms() throws {
        #expect(ApplePlatform.iOS.emojiVersion(for: "17.4") == "15.1")
        #expect(ApplePlatform.iOS.emojiVersion(for: "17.5.1") == "15.1")
        #expect(ApplePlatform.iOS.emojiVersion(for: "18.4") == "16.0")
        #expect(ApplePlatform.iOS.emojiVersion(for: "26.4") == "17.0")
        #expect(ApplePlatform.macOS.emojiVersion(for: "14.4") == "15.1")
        #expect(ApplePlatform.visionOS.emojiVersion(for: "2.4") == "16.0")
        #expect(ApplePlatform.iOS.emojiVersion(for: "8.0") == nil)
        let custom = ApplePlatform.iOS.adding(["27.4": "18.0"])
        #expect(custom.emojiVersion(for: "27.5") == "18.0")

        let upTo151 = catalog.emojis(upTo: "15.1")
        #expect(upTo151.allSatisfy { $0.version <= "15.1" })
        #expect(!upTo151.contains { $0.character == "🫩" })  // face with bags under eyes, E16.0
        #expect(upTo151.contains { $0.character == "🐦‍🔥" })  // phoenix, E15.1
        #expect(catalog.emojis(upTo: "17.0").count == catalog.neutralEmojis.count)
    }

    @Test("emoji versions parse and order as numbers")
    func emojiVersions() {
        // Variables, not literals: `EmojiVersion("15.1")` with a literal uses the literal initializer.
        let texts = ["E15.1", "0.6", "11.0", "x", "1.2.3"]
        let versions = texts.map { EmojiVersion($0) }
        #expect(versions[0] == EmojiVersion(15, 1))
        #expect(versions[1]! < versions[2]!)
        #expect(versions[3] == nil)
        #expect(versions[4] == nil)
    }

    @Test("many threads asking for a locale at once get the one loaded catalog")
    func concurrentLoading() async throws {
        let catalog = try EmojiCatalog(directory: EmojiCatalog.bundledDirectory)
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(try! catalog.localized("fr")) } }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identifiers.count == 1)
    }
}
