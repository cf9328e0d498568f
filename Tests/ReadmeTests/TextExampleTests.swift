import Moji
import Testing

/// README, "Emoji in text": the block verbatim, each commented value checked.
@Suite("README: emoji in text")
struct TextExampleTests {
    @Test("counting, stripping, jumbo emoji and shortcodes do what the comments say")
    func text() {
        example {
            let text = "Ship it 🚢 👍🏽 © 2025 ©️"
            text.emojiCount  // 3: the © without U+FE0F is text
            #expect(text.emojiCount == 3)
            text.strippingEmoji()  // "Ship it   © 2025 "
            #expect(text.strippingEmoji() == "Ship it   © 2025 ")
            " 🎉🎉 ".isEmojiOnly(maxCount: 3)  // true: show it large
            #expect(" 🎉🎉 ".isEmojiOnly(maxCount: 3))
            Emojifier().emojify(":tada: :thumbsup::skin-tone-3:")  // "🎉 👍🏼"
            #expect(Emojifier().emojify(":tada: :thumbsup::skin-tone-3:") == "🎉 👍🏼")
            Demojifier(preset: .github).demojify("🚢 🎉")  // ":ship: :tada:"
            #expect(Demojifier(preset: .github).demojify("🚢 🎉") == ":ship: :tada:")
        }
    }
}
