import Moji
import Testing

/// What the README and the ``Demojifier`` documentation promise of `emojify(demojify(text))`.
@Suite("shortcode round trip")
struct ShortcodeRoundTripTests {
    private func roundTrip(_ text: String) -> String {
        Emojifier(presets: [.github]).emojify(Demojifier(preset: .github).demojify(text))
    }

    @Test("fully-qualified text without codes of its own comes back exactly")
    func exact() {
        for text in ["Ship it 🚢 🎉 👍🏽 👁️‍🗨️ #️⃣ 🇺🇸 👨‍👩‍👧", "no emoji at all", "toned without a code 🧑🏻‍🤝‍🧑🏿"] {
            #expect(roundTrip(text) == text)
        }
    }

    @Test("other text is normalised: fully-qualified forms, no U+FE0E after a sequence, codes converted")
    func normalised() {
        #expect(roundTrip("👁\u{200D}🗨") == "👁️‍🗨️", "minimally qualified gains U+FE0F")
        #expect(roundTrip("#\u{20E3}") == "#️⃣", "unqualified keycap gains U+FE0F")
        #expect(roundTrip("🇺🇸\u{FE0E}") == "🇺🇸", "U+FE0E after a sequence is dropped")
        #expect(roundTrip(":tada: 🎉") == "🎉 🎉", "a code already in the text becomes its emoji")
    }
}
