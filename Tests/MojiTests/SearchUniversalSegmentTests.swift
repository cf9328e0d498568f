import Testing
@testable import Moji

/// The shared segment, built with the shortcode tables read once and each code repeated by a
/// later preset folded only once, is exactly the segment of every emoji's character, emoticons
/// and GitHub, Slack and emojibase shortcodes added one by one through the public accessors.
@Suite("Search universal segment")
struct SearchUniversalSegmentTests {
    @Test func matchesStraightforwardBuild() {
        let catalog = EmojiCatalog.shared
        let emojis = Array(catalog.neutralEmojis)
        let built = SearchIndex.universalSegment(emojis, catalog: catalog)

        let builder = SearchSegmentBuilder()
        let presets: [(ShortcodePreset, SearchSegment.PhraseKind)] = [(.github, .github), (.slack, .slack), (.emojibase, .emojibase)]
        for emoji in emojis {
            builder.addExact(emoji.character, kind: .character, entry: emoji.index)
            for emoticon in emoji.emoticons { builder.addExact(emoticon, kind: .emoticon, entry: emoji.index) }
            for (preset, kind) in presets {
                for code in emoji.shortcodes(preset) { builder.addShortcode(code, kind: kind, entry: emoji.index) }
            }
        }
        let expected = builder.build(localeRank: 0, source: .universal)

        for (actual, reference) in [(built.words, expected.words), (built.phrases, expected.phrases)] {
            #expect(actual.bytes == reference.bytes)
            #expect(actual.starts == reference.starts)
            #expect(actual.postingStarts == reference.postingStarts)
            #expect(actual.postings == reference.postings)
        }
        #expect(built.grams == expected.grams)
        #expect(built.phrases.count > 5000)
    }
}
