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

    @Test("an entry without a name is called by its code")
    func nameDefaultsToCode() {
        #expect(SourceEmoji(code: "smith", image: "https://example.org/smith.gif").name == "smith")
    }
}
