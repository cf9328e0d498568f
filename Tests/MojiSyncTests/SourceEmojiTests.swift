import MojiSync
import Testing

@Suite("source entries")
struct SourceEmojiTests {
    @Test("a code must be non-empty, without white space, colons or control characters, and short")
    func codeRules() {
        #expect(SourceEmoji.problem(inCode: "smith") == nil)
        #expect(SourceEmoji.problem(inCode: "20bux") == nil)
        #expect(SourceEmoji.problem(inCode: "") != nil)
        #expect(SourceEmoji.problem(inCode: "two words") != nil)
        #expect(SourceEmoji.problem(inCode: "a:b") != nil)
        #expect(SourceEmoji.problem(inCode: "esc\u{1B}]0;x") != nil)
        #expect(SourceEmoji.problem(inCode: String(repeating: "x", count: 101)) != nil)
    }

    @Test("a code never reads as a path: no slashes or backslashes, not only dots")
    func pathLikeCodes() {
        for code in ["../evil", "/etc/passwd", "a\\b", "..", ".", "C:\\x"] {
            #expect(SourceEmoji.problem(inCode: code) != nil, "\(code)")
        }
        #expect(SourceEmoji.problem(inCode: "...hmm") == nil)
        #expect(SourceEmoji.problem(inCode: "+1") == nil)
    }

    @Test("a code cannot hide or reorder what it shows: bidi controls and zero-width characters are refused")
    func invisibleCharacters() {
        for code in ["rtl\u{202E}gnp.exe", "zw\u{200B}sp", "a\u{2066}b", "bom\u{FEFF}", "zwj\u{200D}x", "vs\u{FE0F}"] {
            let problem = SourceEmoji.problem(inCode: code)
            #expect(
                problem?.contains("does not show") == true, "\(code.unicodeScalars.map(\.value)): \(problem ?? "nil")")
        }
        #expect(SourceEmoji.problem(inCode: "日本語") == nil)
        #expect(SourceEmoji.problem(inCode: "café_au_lait") == nil)
    }

    @Test("an entry without a name is called by its code")
    func nameDefaultsToCode() {
        #expect(SourceEmoji(code: "smith", image: "https://example.org/smith.gif").name == "smith")
    }
}
