import Testing
import Moji

@Suite("Catalog basics")
struct CatalogBasicsTests {
    let catalog = EmojiCatalog.shared

    @Test("the bundled catalog holds Emoji 17.0: 3,944 fully-qualified emoji and 9 components")
    func counts() {
        #expect(catalog.unicodeVersion == "17.0")
        #expect(catalog.emojis.count == 3944)
        #expect(catalog.components.count == 9)
    }
}
