import Foundation
import Moji
import MojiStore
import Testing

/// Names are data that reaches terminals: the store refuses control characters, empty
/// collection names and floods on the way in.
@Suite("name validation")
struct NameValidationTests {
    static let badCollectionNames = [
        "", "   ", "a\nb", "\u{1B}]0;PWNED\u{07}", "x\u{9B}31m", "a\u{2028}b",
        String(repeating: "x", count: 100_000),
    ]

    @Test(
        "collection names: empty, control characters and 100 KB are refused everywhere",
        arguments: badCollectionNames)
    func collectionNames(name: String) throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.favorites.createCollection(named: "work")
        #expect(throws: StoreError.self) { try store.favorites.createCollection(named: name) }
        #expect(throws: StoreError.self) { try store.favorites.add(StoreItem(emoji("🚀")), toCollection: name) }
        #expect(throws: StoreError.self) { try store.favorites.renameCollection("work", to: name) }
        #expect(try store.favorites.collections().map(\.name) == ["work"])
        do {
            try store.favorites.createCollection(named: name)
        } catch {
            guard error.code == .invalidCollectionName else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!error.description.contains("\u{1B}") && !error.description.contains("\n"))
            #expect(error.description.count < 400)
        }
    }

    @Test("a name of 200 characters, with emoji and accents, is fine")
    func goodNames() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let long = String(repeating: "é", count: StoreText.maximumLength)
        try store.favorites.createCollection(named: long)
        try store.favorites.add(StoreItem(emoji("🚀")), toCollection: "Café 🚀")
        #expect(try store.favorites.collections().map(\.name) == [long, "Café 🚀"])
    }

    @Test("custom emoji: names, keywords and groups with control characters are refused")
    func customEmoji() throws {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        let attacks = [
            CustomEmoji(code: "pwned", name: "\u{1B}]0;PWNED\u{07}\u{1B}[?1049l"),
            CustomEmoji(code: "pwned", name: "ok", keywords: ["\u{1B}]52;c;aGk=\u{07}"]),
            CustomEmoji(code: "pwned", name: "ok", group: "a\rb"),
            CustomEmoji(code: "pwned", name: String(repeating: "n", count: 1_000)),
            CustomEmoji(code: "pwned", name: "ok", keywords: [""]),
        ]
        for attack in attacks {
            #expect(throws: StoreError.self) { try store.custom.addEmoji(attack) }
        }
        for code in ["", "a b", "a:b", ":"] {
            #expect(throws: StoreError.self) { try store.custom.addEmoji(CustomEmoji(code: code, name: "x")) }
        }
        #expect(try store.custom.allEmoji().isEmpty)
        try store.custom.addEmoji(
            CustomEmoji(code: "parrot", name: "party parrot", keywords: ["bird"], group: "animals"))
        #expect(try store.custom.allEmoji().count == 1)
    }

    @Test("moji collections add with an ESC in the name exits 64 and prints no ESC")
    func commandLine() async throws {
        let directory = try TemporaryDirectory()
        let result = try await MojiProcess(home: directory.url).run(["collections", "add", "\u{1B}]0;PWNED\u{07}", "👍"])
        #expect(result.status == 64)
        #expect(result.errors.contains("control character U+001B"))
        #expect(!result.errors.contains("\u{1B}") && !result.output.contains("\u{1B}"))
        #expect(try EmojiStore(url: directory.databaseURL).favorites.collections().isEmpty)
    }
}
