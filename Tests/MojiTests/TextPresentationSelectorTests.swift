import Moji
import MojiTestSupport
import Testing

/// The written rule for U+FE0E (text presentation selector), applied alike by find, count,
/// strip, replace and demojify: after a single emoji character it makes that character text;
/// after a sequence of two or more code points it ends the sequence and belongs to it.
@Suite("U+FE0E after emoji")
struct TextPresentationSelectorTests {
    let scanner = EmojiScanner.shared
    let catalog = EmojiCatalog.shared

    @Test("U+FE0E after an RGI ZWJ sequence: the sequence is found whole, with the selector")
    func afterZWJSequence() throws {
        let text = "a👨‍👩‍👧\u{FE0E}b"
        let found = scanner.matches(in: text)
        try #require(found.count == 1)
        #expect(found[0].isRGI)
        #expect(found[0].emoji == catalog.emoji(for: "👨‍👩‍👧"))
        #expect(String(found[0].text(in: text)) == "👨‍👩‍👧\u{FE0E}")
        #expect(scanner.count(in: text) == 1)
        #expect(scanner.strip(text) == "ab")
        #expect(scanner.replace(in: text) { _ in "[family]" } == "a[family]b")
        #expect(Demojifier(preset: .github).demojify(text) == "a:family_man_woman_girl:b")
    }

    @Test("U+FE0E after a flag: the RGI flag with its name, removed and converted whole")
    func afterFlag() throws {
        let text = "🇺🇸\u{FE0E}"
        let found = scanner.matches(in: text)
        try #require(found.count == 1)
        #expect(found[0].isRGI)
        #expect(found[0].emoji?.name() == "flag: United States")
        #expect(found[0].utf8Range == 0..<text.utf8.count)
        #expect(scanner.strip(text).isEmpty)
        #expect(Demojifier(preset: .github).demojify(text) == ":us:")
    }

    @Test("U+FE0E after a toned emoji and after a keycap-less sequence belongs to the match")
    func afterToneAndTag() throws {
        for text in ["👍🏽\u{FE0E}", "🏴󠁧󠁢󠁳󠁣󠁴󠁿\u{FE0E}"] {
            let found = scanner.matches(in: text)
            #expect(
                found.count == 1 && found[0].isRGI && found[0].utf8Range == 0..<text.utf8.count,
                "\(text.debugDescription)")
        }
    }

    @Test("U+FE0E after a single character makes it text, with either presentation rule")
    func afterSingleCharacter() {
        for scanner in [scanner, scanner.withTextPresentation(.includeUnqualified)] {
            for text in ["😀\u{FE0E}", "❤\u{FE0E}", "x\u{263A}\u{FE0E}", "#\u{FE0E}\u{20E3}"] {
                #expect(scanner.matches(in: text).isEmpty, "\(text.debugDescription)")
                #expect(scanner.strip(text) == text)
                #expect(Demojifier(preset: .github, scanner: scanner).demojify(text) == text)
            }
        }
    }

    @Test("U+FE0E after a character inside a ZWJ sequence ends the sequence there")
    func insideZWJSequence() {
        let leading = "👨\u{FE0E}\u{200D}👩‍👧"
        #expect(scanner.matches(in: leading).map { String($0.text(in: leading)) } == ["👩‍👧"])
        let middle = "👨‍👩\u{FE0E}\u{200D}👧"
        let found = scanner.matches(in: middle).map { String($0.text(in: middle)) }
        #expect(found == ["👨‍👩\u{FE0E}", "👧"])
    }

    @Test("find, count, strip and replace agree on every placement of U+FE0E, U+FE0F and ZWJ")
    func operationsAgree() {
        let pieces = ["👨‍👩‍👧", "🇯🇵", "❤", "❤️", "👍🏽", "#️⃣", "🧑‍🤝‍🧑", "a", "\u{FE0E}", "\u{FE0F}", "\u{200D}", " "]
        var generator = SplitMix(seed: 17)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let found = scanner.matches(in: text)
            #expect(scanner.count(in: text) == found.count)
            var kept = Array(text.utf8)
            for match in found.reversed() { kept.removeSubrange(match.utf8Range) }
            #expect(
                Array(scanner.strip(text).utf8) == kept, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            let marked = scanner.replace(in: text) { _ in "\u{1}" }
            #expect(marked.filter { $0 == "\u{1}" }.count == found.count)
            let selector = Array("\u{FE0E}".utf8)
            let bytes = Array(text.utf8)
            for match in found where !bytes[match.utf8Range].reversed().starts(with: selector.reversed()) {
                #expect(
                    !bytes[match.utf8Range.upperBound...].starts(with: selector),
                    "a match ends before U+FE0E only when it ends with one: \(text.debugDescription)")
            }
        }
    }
}
