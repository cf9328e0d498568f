import Moji
import Testing

@Suite("Text scanning")
struct TextScannerTests {
    let scanner = EmojiScanner.shared
    let lenient = EmojiScanner.shared.withTextPresentation(.includeUnqualified)

    @Test(
        "every line of emoji-test.txt alone is exactly one emoji with its status",
        .enabled(if: TextTestData.emojiTestLines != nil))
    func emojiTestAlone() throws {
        let lines = try #require(TextTestData.emojiTestLines)
        #expect(lines.count > 5000)
        var failures: [String] = []
        for line in lines {
            for (rule, scanner) in [
                (TextPresentationRule.requireEmojiPresentation, scanner), (.includeUnqualified, lenient),
            ] {
                let found = scanner.matches(in: line.text)
                if rule == .requireEmojiPresentation && TextTestData.isLoneTextDefault(line) {
                    if !found.isEmpty { failures.append("\(line.hexcode) alone should be text, found \(found.count)") }
                    continue
                }
                guard found.count == 1, let match = found.first else {
                    failures.append("\(line.hexcode) (\(rule)): \(found.count) matches")
                    continue
                }
                if match.utf8Range != 0..<line.text.utf8.count {
                    failures.append("\(line.hexcode): range \(match.utf8Range)")
                }
                if match.qualification != line.status {
                    failures.append("\(line.hexcode): \(match.qualification), expected \(line.status)")
                }
                if match.emoji?.character != EmojiCatalog.shared.emoji(for: line.text)?.character || match.emoji == nil
                {
                    failures.append("\(line.hexcode): emoji \(match.emoji?.hexcode ?? "nil")")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test(
        "every line of emoji-test.txt embedded in text is found once with the right range",
        .enabled(if: TextTestData.emojiTestLines != nil))
    func emojiTestEmbedded() throws {
        let lines = try #require(TextTestData.emojiTestLines)
        var failures: [String] = []
        let contexts = [("Hello ", " world"), ("abc", "def"), ("Größe: ", "! 日本語"), ("1", "2")]
        for line in lines {
            for (before, after) in contexts {
                let text = before + line.text + after
                let found = (TextTestData.isLoneTextDefault(line) ? lenient : scanner).matches(in: text)
                let expected = before.utf8.count..<(before.utf8.count + line.text.utf8.count)
                if found.count != 1 || found.first?.utf8Range != expected || found.first?.qualification != line.status {
                    failures.append("\(line.hexcode) in \(before)…\(after): \(found.map(\.utf8Range))")
                }
                if found.first.map({ String($0.text(in: text)) }) != line.text {
                    failures.append("\(line.hexcode): text")
                }
            }
            if TextTestData.isLoneTextDefault(line), !scanner.matches(in: "Hello " + line.text + " world").isEmpty {
                failures.append("\(line.hexcode) embedded should be text")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("text without emoji yields none, including digits, #, *, © and ™ without U+FE0F")
    func noEmoji() {
        let texts = [
            "", "Plain ASCII text, with punctuation: (a) [b] {c} <d> 'e' \"f\" 100% & more.",
            "Call 555-1234 # ext. 5 * 3 = 15", "© 2025 Moji™ ® ‼ ⁉ ℹ ↔ ↩ ▶ ◀ ☺ ❤ ✔ ☑ ✂ ⌨ ☎",
            "Größe, naïve café, Ελληνικά, русский, 日本語のテキスト, 한국어, العربية, עברית, हिन्दी",
            "digits 0123456789 and #hashtag *bold*", "☺︎ ❤︎ text presentation selectors",
            "\u{200D}\u{FE0F}\u{20E3}\u{E0067}",
        ]
        for text in texts {
            #expect(scanner.matches(in: text).isEmpty, "\(text)")
            #expect(!text.containsEmoji, "\(text)")
        }
        #expect(lenient.matches(in: "digits 0123456789 and #hashtag *bold* ☺︎ ❤︎").isEmpty)
    }

    @Test("lenient rule reports a lone text-default character as unqualified")
    func lenientRule() {
        let found = lenient.matches(in: "© ❤ 5")
        #expect(found.map(\.qualification) == [.unqualified, .unqualified])
        #expect(found.map { $0.emoji?.character } == ["©️", "❤️"])
    }

    @Test("qualified text-default characters and sequences are emoji")
    func qualifiedTextDefault() {
        let text = "©️ ❤️ ☝🏻 #️⃣ #⃣ ❤‍🔥"
        let found = scanner.matches(in: text)
        #expect(found.map { String($0.text(in: text)) } == ["©️", "❤️", "☝🏻", "#️⃣", "#⃣", "❤‍🔥"])
        #expect(
            found.map(\.qualification) == [
                .fullyQualified, .fullyQualified, .fullyQualified, .fullyQualified, .unqualified, .unqualified,
            ])
    }

    @Test("valid sequences outside the catalog are found and marked non-RGI")
    func nonRGI() {
        let text = "flag 🇦🇦, tag 🏴\u{E0075}\u{E0073}\u{E0063}\u{E0061}\u{E007F}, zwj 👨‍👩‍👧‍🦖 end"
        let found = scanner.matches(in: text)
        #expect(found.count == 3)
        #expect(found.allSatisfy { !$0.isRGI })
        #expect(
            found.map { String($0.text(in: text)) } == ["🇦🇦", "🏴\u{E0075}\u{E0073}\u{E0063}\u{E0061}\u{E007F}", "👨‍👩‍👧‍🦖"])
    }

    @Test("longest match: flags pair from the left, families stay whole, a dangling ZWJ is left out")
    func longestMatch() {
        let text = "🇺🇸🇫🇷 👨‍👩‍👧‍👦 👍‍ 🏴󠁧󠁢󠁳󠁣󠁴󠁿"
        let found = scanner.matches(in: text)
        #expect(found.map { String($0.text(in: text)) } == ["🇺🇸", "🇫🇷", "👨‍👩‍👧‍👦", "👍", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"])
        #expect(found.allSatisfy { $0.isRGI })
    }

    @Test("count, containsEmoji and isEmojiOnly")
    func counting() {
        #expect("🇯🇵 👨‍👩‍👧 #️⃣ and text".emojiCount == 3)
        #expect("x 🎉".containsEmoji)
        #expect("🎉🎉 ".isEmojiOnly())
        #expect(" 🎉 👍🏽\n".isEmojiOnly(maxCount: 2))
        #expect(!"🎉🎉🎉".isEmojiOnly(maxCount: 2))
        #expect(!"🎉 ok".isEmojiOnly())
        #expect(!"".isEmojiOnly())
        #expect(!"   ".isEmojiOnly())
    }

    @Test("strip and replace keep every other character")
    func stripAndReplace() {
        #expect("Ship it 🚢 now! 👍🏽".strippingEmoji() == "Ship it  now! ")
        #expect("© 2025 ©️".strippingEmoji() == "© 2025 ")
        let named = "I ❤️ Swift 🇦🇦".replacingEmoji { match in match.emoji.map { "[\($0.name())]" } }
        #expect(named == "I [red heart] Swift 🇦🇦")
    }

    @Test("matches in bytes carry byte ranges; invalid UTF-8 is skipped or reported")
    func invalidUTF8() throws {
        var bytes = Array("a🎉".utf8)
        bytes += [0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0xF0, 0x9F]
        bytes += Array("👍 b".utf8)
        bytes += [0xF0, 0x9F, 0x8E]
        let found = try scanner.matches(inUTF8: bytes)
        #expect(found.map(\.utf8Range) == [1..<5, 13..<17])
        #expect(found.map { $0.emoji?.character } == ["🎉", "👍"])
        #expect(throws: InvalidUTF8Error(offset: 5)) { try scanner.matches(inUTF8: bytes, invalidUTF8: .report) }
    }

    @Test("random bytes never crash the scanner")
    func randomBytes() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("👨‍👩‍👧".utf8), [0xE2, 0x80, 0x8D], [0xEF, 0xB8, 0x8F], [0xF3, 0xA0, 0x81, 0xA7], Array("🇦".utf8),
            [0xF0, 0x9F], Array("#⃣".utf8),
        ]
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<20, using: &generator) {
                if Bool.random(using: &generator) {
                    bytes += pieces.randomElement(using: &generator)!
                } else {
                    bytes.append(UInt8.random(in: 0...255, using: &generator))
                }
            }
            let found = try scanner.matches(inUTF8: bytes)
            for match in found { #expect(match.utf8Range.upperBound <= bytes.count && !match.utf8Range.isEmpty) }
        }
    }
}
