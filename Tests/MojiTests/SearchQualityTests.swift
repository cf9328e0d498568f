import Moji
import Testing

/// A sample of `moji-bench search-quality`, on real data.
@Suite("Search quality (sample)")
struct SearchQualityTests {
    let catalog = EmojiCatalog.shared

    private func nameFirstShare(_ locale: MojiLocale, stride step: Int) throws -> Double {
        let search = try EmojiSearch(locale: locale)
        let table = try catalog.localized(locale)
        let sample = Array(catalog.neutralEmojis).enumerated().filter { $0.offset % step == 0 }.map(\.element)
        let hits = sample.filter { emoji in
            search.results(for: table.name(of: emoji), options: SearchOptions(limit: 1)).first?.emoji == emoji
        }
        return Double(hits.count) / Double(sample.count)
    }

    @Test(
        "an emoji's CLDR name finds it first for at least 99% of a sample", arguments: ["en", "ja", "de", "zh", "ar"])
    func namesRankFirst(locale: String) throws {
        #expect(try nameFirstShare(MojiLocale(locale), stride: 7) >= 0.99)
    }

    @Test("every sampled github and slack :shortcode: finds its emoji first, with its preset preferred")
    func shortcodesRankFirst() throws {
        let search = try EmojiSearch(locales: [.english])
        for preset in [ShortcodePreset.github, .slack] {
            let options = SearchOptions(limit: 1, preferredShortcodes: preset)
            let codes = catalog.shortcodes(preset).enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
            for (code, emoji) in codes where !emoji.isComponent && !emoji.hasSkinTones {
                let top = search.results(for: ":\(code):", options: options).first?.emoji
                #expect(top == emoji, "\(preset) :\(code):")
            }
        }
    }
}
