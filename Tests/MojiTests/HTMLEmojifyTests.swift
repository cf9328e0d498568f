import Foundation
import Moji
import Testing

@Suite("emojify to HTML")
struct HTMLEmojifyTests {
    static let parrot = CustomEmoji(
        code: "partyparrot", name: "party \"parrot\"", image: "https://example.org/parrot.gif",
        cachedImage: CustomEmojiImage(
            sha256: String(repeating: "a", count: 64), format: "gif", width: 32, height: 24, frameCount: 10,
            byteCount: 900))

    @Test("a custom emoji becomes an img with escaped alt, title and src and its cached size")
    func imageTag() {
        let tag = Self.parrot.htmlImage(source: "https://example.org/p.gif?a=1&b=<2>")
        #expect(
            tag
                == "<img class=\"emoji\" alt=\":partyparrot:\" title=\"party &quot;parrot&quot;\" "
                + "src=\"https://example.org/p.gif?a=1&amp;b=&lt;2&gt;\" width=\"32\" height=\"24\">")
        let bare = CustomEmoji(code: "x").htmlImage(source: "x.png")
        #expect(bare == "<img class=\"emoji\" alt=\":x:\" src=\"x.png\">")
    }

    @Test("with escapesHTML the text around is escaped, custom codes become images, Unicode emoji stay")
    func escapedText() {
        var emojifier = Emojifier(presets: [.github])
        emojifier.escapesHTML = true
        emojifier.register("partyparrot", as: Self.parrot.htmlImage(source: "/p.gif"))
        let output = emojifier.emojify("<b>hi</b> & 'you' :partyparrot: 👍 :tada: :unknown:")
        #expect(
            output
                == "&lt;b&gt;hi&lt;/b&gt; &amp; &#39;you&#39; "
                + "<img class=\"emoji\" alt=\":partyparrot:\" title=\"party &quot;parrot&quot;\" src=\"/p.gif\" "
                + "width=\"32\" height=\"24\"> 👍 🎉 :unknown:")
    }

    @Test("without escapesHTML the text is left as it is")
    func plainText() {
        var emojifier = Emojifier(presets: [.github])
        emojifier.register("partyparrot", as: "[parrot]")
        #expect(emojifier.emojify("<b> :partyparrot:") == "<b> [parrot]")
    }

    @Test("streamed in small chunks, escaping gives the same output as in one piece")
    func streamed() throws {
        var emojifier = Emojifier(presets: [.github])
        emojifier.escapesHTML = true
        emojifier.register("partyparrot", as: "<i>")
        let text = String(repeating: "a<b>&:partyparrot: é 👍🏽 ", count: 50)
        var filter = emojifier
        var pending: [UInt8] = []
        var output: [UInt8] = []
        let input = Array(text.utf8)
        var offset = 0
        while offset < input.count {
            let next = min(input.count, offset + 7)
            pending += input[offset..<next]
            offset = next
            let used = try pending.withUnsafeBufferPointer { try filter.process($0, isFinal: false, into: &output) }
            pending.removeFirst(used)
        }
        _ = try pending.withUnsafeBufferPointer { try filter.process($0, isFinal: true, into: &output) }
        #expect(String(decoding: output, as: UTF8.self) == emojifier.emojify(text))
        #expect(emojifier.emojify(text).hasPrefix("a&lt;b&gt;&amp;<i> é 👍🏽 "))
    }
}
