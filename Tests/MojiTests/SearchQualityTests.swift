import Moji
import Testing

/// A sample of `moji-bench search-quality`, on real data.
@Suite("Search quality (sample)")
struct SearchQualityTests {
    let catalog = EmojiCatalog.shared

    /// The share of a sample whose CLDR name finds the emoji first, and the names that did not.
    /// A name an everyday word gives to another emoji (data/everyday: "cat" is 🐱 to most people,
    /// 🐈's CLDR name) ties with it, and the emoji people use more wins; those are not misses.
    private func nameFirstShare(_ locale: MojiLocale, stride step: Int) throws -> (share: Double, misses: [String]) {
        let search = try EmojiSearch(locale: locale)
        let table = try catalog.localized(locale)
        let sample = Array(catalog.neutralEmojis).enumerated().filter { $0.offset % step == 0 }.map(\.element)
        var misses: [String] = []
        var given = 0
        for emoji in sample {
            let name = table.name(of: emoji)
            let results = search.results(for: name, options: SearchOptions(limit: 2))
            guard results.first?.emoji != emoji else { continue }
            if results.first?.relevance == .exact, results.dropFirst().first?.emoji == emoji {
                given += 1
            } else {
                misses.append("\(name) → \(results.first?.item.text ?? "nothing")")
            }
        }
        #expect(given <= sample.count / 50, "\(given) of \(sample.count) names given to another emoji")
        return (Double(sample.count - misses.count) / Double(sample.count), misses)
    }

    @Test(
        "an emoji's CLDR name finds it first for at least 99% of a sample", arguments: ["en", "ja", "de", "zh", "ar"])
    func namesRankFirst(locale: String) throws {
        let (share, misses) = try nameFirstShare(MojiLocale(locale), stride: 7)
        #expect(share >= 0.99, "\(misses)")
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
