import Moji
import Testing

@Suite("Text shortcodes")
struct TextShortcodeTests {
    let catalog = EmojiCatalog.shared

    @Test("emojify turns known codes of any preset into emoji and leaves unknown codes as they are")
    func emojify() {
        let emojifier = Emojifier()
        #expect(
            emojifier.emojify("Ship it :tada: :+1: :thumbs_up: :party_popper: :nope: a:zz: 10:30:00")
                == "Ship it 🎉 👍 👍 🎉 :nope: a:zz: 10:30:00")
        #expect(emojifier.emojify("::tada:: :tada:tada: :tada") == ":🎉: 🎉tada: :tada")
        #expect(Emojifier(presets: [.github]).emojify(":thumbs_up: :+1:") == ":thumbs_up: 👍")
    }

    @Test("Slack skin-tone suffixes give the toned emoji")
    func slackTones() {
        let emojifier = Emojifier(presets: [.slack])
        #expect(emojifier.emojify(":thumbsup::skin-tone-2: :wave::skin-tone-6:") == "👍🏻 👋🏿")
        #expect(emojifier.emojify(":tada::skin-tone-3:") == "🎉🏼")
        #expect(Demojifier(preset: .slack).demojify("👍🏼 👋🏿") == ":+1::skin-tone-3: :wave::skin-tone-6:")
    }

    @Test("locale CLDR shortcodes emojify in their language")
    func localeCodes() throws {
        let japanese = try catalog.locale(for: "ja")
        let localized = try catalog.localized(japanese)
        let party = try #require(catalog.emoji(for: "🎉"))
        let code = try #require(localized.shortcodes(of: party).first)
        #expect(Emojifier(presets: [.cldr], locale: japanese).emojify("やった :\(code):!") == "やった 🎉!")
    }

    @Test("registered custom codes win over presets")
    func customCodes() {
        var emojifier = Emojifier(presets: [.github])
        emojifier.register(":shipit:", as: "🐿️")
        emojifier.register("tada", as: "<img alt=tada>")
        emojifier.register("bad code", as: "x")
        #expect(emojifier.emojify(":shipit: :tada: :bad code: :smile:") == "🐿️ <img alt=tada> :bad code: 😄")
        #expect(emojifier.replacement(for: "shipit") == "🐿️")
    }

    @Test("emoticons convert only when asked, only as words, never in URLs or code")
    func emoticons() {
        let off = Emojifier()
        #expect(off.emojify("hi :) <3") == "hi :) <3")
        let on = Emojifier(convertsEmoticons: true)
        #expect(on.emojify(":) hi :) <3, ok ;)") == "🙂 hi 🙂 ❤️, ok 😉")
        #expect(
            on.emojify("see http://example.com/:) and https://x.org/:/path")
                == "see http://example.com/:) and https://x.org/:/path")
        #expect(on.emojify("`:)` and ```\n:) <3\n``` then :)") == "`:)` and ```\n:) <3\n``` then 🙂")
        #expect(on.emojify("a:)b (:)") == "a:)b (:)")
    }

    @Test("demojify writes the preset's code and leaves emoji without one")
    func demojify() {
        let github = Demojifier(preset: .github)
        #expect(github.demojify("Ship it 🚢 🎉 ©️ 🇦🇦 © text") == "Ship it :ship: :tada: :copyright: 🇦🇦 © text")
        #expect(github.demojify("no emoji here") == "no emoji here")
    }

    @Test(
        "emojify(demojify(text)) gives the text back for every emoji with a code in the preset",
        arguments: [ShortcodePreset.github, .slack, .emojibase, .cldr])
    func roundTrip(preset: ShortcodePreset) {
        let demojifier = Demojifier(preset: preset)
        let emojifier = Emojifier(presets: [preset])
        var withCode = 0
        var failures: [String] = []
        for emoji in catalog.allEntries where demojifier.shortcode(for: emoji) != nil {
            withCode += 1
            let text = "a \(emoji.character) b:\(emoji.character)c"
            let codes = demojifier.demojify(text)
            if codes == text { failures.append("\(emoji.hexcode) not demojified") }
            if emojifier.emojify(codes) != text {
                failures.append("\(emoji.hexcode): \(codes) → \(emojifier.emojify(codes))")
            }
        }
        #expect(withCode > 1800)
        #expect(
            withCode >= catalog.allEntries.filter { !$0.shortcodes(preset).isEmpty }.count,
            "every emoji with a code round-trips (slack adds toned emoji by suffix)")
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10).joined(separator: "; "))")
        let all = catalog.allEntries.filter { demojifier.shortcode(for: $0) != nil }.map(\.character).joined(
            separator: " ")
        #expect(emojifier.emojify(demojifier.demojify(all)) == all)
    }
}

@Suite("Text streams")
struct TextStreamTests {
    /// Feeds `input` through `filter` in chunks of `size` bytes, as the CLI does.
    func streamed<Filter: UTF8StreamFilter>(_ filter: Filter, _ input: [UInt8], chunk size: Int) throws -> [UInt8] {
        var filter = filter
        var pending: [UInt8] = []
        var output: [UInt8] = []
        var offset = 0
        while offset < input.count {
            let next = min(input.count, offset + size)
            pending += input[offset..<next]
            offset = next
            let used = try pending.withUnsafeBufferPointer { try filter.process($0, isFinal: false, into: &output) }
            pending.removeFirst(used)
        }
        _ = try pending.withUnsafeBufferPointer { try filter.process($0, isFinal: true, into: &output) }
        return output
    }

    @Test("chunked streams give the same output as whole strings, whatever the chunk size")
    func chunking() throws {
        let unit = "Hi :tada: 👨‍👩‍👧‍👦 and 🇯🇵 :thumbsup::skin-tone-3: :) `:)` Größe 日本 #️⃣ "
        let text = String(repeating: unit, count: 200)
        let bytes = Array(text.utf8)
        let emojifier = Emojifier(convertsEmoticons: true)
        let demojifier = Demojifier(preset: .github)
        for size in [UTF8StreamFilterLimits.holdback + 1, 700, 1000, 4096] {
            #expect(
                String(decoding: try streamed(emojifier, bytes, chunk: size), as: UTF8.self) == emojifier.emojify(text))
            #expect(
                String(decoding: try streamed(demojifier, bytes, chunk: size), as: UTF8.self)
                    == demojifier.demojify(text))
            #expect(
                String(decoding: try streamed(EmojiReplacer { _ in "" }, bytes, chunk: size), as: UTF8.self)
                    == text.strippingEmoji())
            nonisolated(unsafe) var found: [EmojiMatch] = []
            _ = try streamed(EmojiFinder { match, _ in found.append(match) }, bytes, chunk: size)
            #expect(found == text.emojiMatches)
        }
    }

    @Test("a chunk never ends inside a character, even next to stray continuation bytes")
    func chunkBoundaries() throws {
        // Found by the fuzzer: a scalar followed by a stray continuation byte at the chunk limit.
        let unit = Array("😴".utf8) + [0xA9] + Array(":tada: é".utf8) + [0xE0, 0xE0, 0x80]
        let bytes = Array([[UInt8]](repeating: unit, count: 120).joined())
        for size in (UTF8StreamFilterLimits.holdback + 1)...(UTF8StreamFilterLimits.holdback + 24) {
            var emojifier = Emojifier(convertsEmoticons: true)
            #expect(try streamed(emojifier, bytes, chunk: size) == emojifier.process(bytes))
            var demojifier = Demojifier(preset: .slack)
            #expect(try streamed(demojifier, bytes, chunk: size) == demojifier.process(bytes))
        }
    }

    @Test("invalid UTF-8 is replaced with U+FFFD or reported with its offset")
    func invalidUTF8() throws {
        let bytes = Array("ok :tada: ".utf8) + [0xC3, 0x28, 0xFF] + Array(" 🎉 ".utf8) + [0xF0, 0x9F, 0x8E]
        var emojifier = Emojifier()
        #expect(String(decoding: try emojifier.process(bytes), as: UTF8.self) == "ok 🎉 \u{FFFD}(\u{FFFD} 🎉 \u{FFFD}")
        var demojifier = Demojifier()
        #expect(
            String(decoding: try demojifier.process(bytes), as: UTF8.self)
                == "ok :tada: \u{FFFD}(\u{FFFD} :tada: \u{FFFD}")
        var stripper = EmojiReplacer { _ in "" }
        #expect(String(decoding: try stripper.process(bytes), as: UTF8.self) == "ok :tada: \u{FFFD}(\u{FFFD}  \u{FFFD}")
        emojifier = Emojifier()
        emojifier.invalidUTF8 = .report
        #expect(throws: InvalidUTF8Error(offset: 10)) { try emojifier.process(bytes) }
        demojifier = Demojifier()
        demojifier.invalidUTF8 = .report
        #expect(throws: InvalidUTF8Error(offset: 10)) { try demojifier.process(bytes) }
        var finder = EmojiFinder(invalidUTF8: .report) { _, _ in }
        #expect(throws: InvalidUTF8Error(offset: 10)) { try finder.process(bytes) }
    }
}
