import Foundation
import Moji
import MojiStore
import Testing

/// Imports that used to be accepted and broke the store for good; each is refused now, with a
/// message naming the entry, and nothing changes.
@Suite("import validation")
struct ImportValidationTests {
    /// A store with some data and its export.
    static func exported() throws -> (TemporaryDirectory, EmojiStore, StoreExport) {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        for text in ["😀", "👍🏽", "🎉", "😀"] { try store.usage.recordUse(of: emoji(text)) }
        try store.favorites.pin(StoreItem(emoji("🚀")))
        try store.favorites.add(StoreItem(emoji("🍕")), toCollection: "food")
        try store.custom.addEmoji(CustomEmoji(code: "partyparrot", name: "party parrot"))
        return (directory, store, try store.maintenance.export())
    }

    /// One way to spoil a valid export, and what the message must name.
    struct Attack: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var entry: String
        var spoil: @Sendable (inout StoreExport) -> Void
    }

    static let attacks: [Attack] = [
        Attack(testDescription: "scoredAt of -2^63", entry: "usage[0]") { $0.usage[0].scoredAt = Int.min },
        Attack(testDescription: "scoredAt in the future", entry: "usage[0]") {
            $0.usage[0].scoredAt = $0.clock + 1_000
        },
        Attack(testDescription: "useCount of 2^63-1", entry: "usage[0]") { $0.usage[0].useCount = Int.max },
        Attack(testDescription: "negative useCount", entry: "usage[0]") { $0.usage[0].useCount = -1 },
        Attack(testDescription: "negative clock", entry: "clock") { $0.clock = -5 },
        Attack(testDescription: "infinite score", entry: "usage[0]") { $0.usage[0].score = .infinity },
        Attack(testDescription: "negative score", entry: "usage[0]") { $0.usage[0].score = -1 },
        Attack(testDescription: "lastUse beyond the clock", entry: "usage[0]") { $0.usage[0].lastUse = $0.clock + 1 },
        Attack(testDescription: "empty usage item", entry: "usage[1] \"\"") { $0.usage[1].item = StoreItem(key: "") },
        Attack(testDescription: "non-emoji usage item", entry: "usage[1] \"hello\"") {
            $0.usage[1].item = StoreItem(key: "hello")
        },
        Attack(testDescription: "toned usage item", entry: "usage[1] \"👍🏽\"") { $0.usage[1].item = StoreItem(key: "👍🏽") },
        Attack(testDescription: "bad tone", entry: "usage[0]") { $0.usage[0].tones = ["purple"] },
        Attack(testDescription: "duplicate usage item", entry: "usage[1]") { $0.usage[1].item = $0.usage[0].item },
        Attack(testDescription: "empty pinned item", entry: "pinned[0]") { $0.pinned = [StoreItem(key: "")] },
        Attack(testDescription: "duplicate pin", entry: "pinned[1]") { $0.pinned.append($0.pinned[0]) },
        Attack(testDescription: "custom code with a colon", entry: "customEmoji[0]") { $0.customEmoji[0].code = "a:b" },
        Attack(testDescription: "custom code with a space", entry: "customEmoji[0]") { $0.customEmoji[0].code = "a b" },
        Attack(testDescription: "empty custom code", entry: "customEmoji[0]") { $0.customEmoji[0].code = "" },
        // Sync refused these already; an import took them (issue 25).
        Attack(testDescription: "custom code that is a path", entry: "customEmoji[0]") {
            $0.customEmoji[0].code = "../../etc/passwd"
        },
        Attack(testDescription: "custom code of dots", entry: "customEmoji[0]") { $0.customEmoji[0].code = ".." },
        Attack(testDescription: "javascript: image", entry: "customEmoji[0]") {
            $0.customEmoji[0].image = "javascript:alert(document.domain)"
        },
        Attack(testDescription: "JavaScript: image in capitals", entry: "customEmoji[0]") {
            $0.customEmoji[0].image = "JavaScript:alert(1)"
        },
        Attack(testDescription: "file: image", entry: "customEmoji[0]") {
            $0.customEmoji[0].image = "file:///etc/passwd"
        },
        Attack(testDescription: "data: image", entry: "customEmoji[0]") {
            $0.customEmoji[0].image = "data:text/html,<script>alert(1)</script>"
        },
        Attack(testDescription: "http image without a host", entry: "customEmoji[0]") {
            $0.customEmoji[0].image = "http:///etc/passwd"
        },
        Attack(testDescription: "image path climbing out", entry: "customEmoji[0]") {
            $0.customEmoji[0].image = "../../etc/passwd"
        },
        Attack(testDescription: "custom code with a bidi override", entry: "customEmoji[0]") {
            $0.customEmoji[0].code = "rtl\u{202E}gnp.exe"
        },
        Attack(testDescription: "custom code with a zero-width space", entry: "customEmoji[0]") {
            $0.customEmoji[0].code = "zw\u{200B}sp"
        },
        Attack(testDescription: "pinned custom code with a bidi override", entry: "pinned[0]") {
            $0.pinned = [StoreItem(key: ":rtl\u{202E}x:")]
        },
        Attack(testDescription: "duplicate custom code", entry: "customEmoji[1] \"PartyParrot\"") {
            $0.customEmoji.append(CustomEmoji(code: "PartyParrot", name: "second"))
        },
        Attack(testDescription: "custom name with ESC", entry: "customEmoji[0]") {
            $0.customEmoji[0].name = "\u{1B}]0;PWNED\u{07}\u{1B}[?1049l"
        },
        Attack(testDescription: "pinned custom code with a space", entry: "pinned[0]") {
            $0.pinned = [StoreItem(key: ":a b:")]
        },
        Attack(testDescription: "empty collection name", entry: "collections[0]") { $0.collections[0].name = "" },
        Attack(testDescription: "collection name with a newline", entry: "collections[0]") {
            $0.collections[0].name = "a\nb"
        },
        Attack(testDescription: "100 KB collection name", entry: "collections[0]") {
            $0.collections[0].name = String(repeating: "x", count: 100_000)
        },
        Attack(testDescription: "duplicate collection names", entry: "collections[1]") {
            $0.collections.append(EmojiCollection(name: "FOOD"))
        },
        Attack(testDescription: "bad default tone", entry: "defaultSkinTone") { $0.defaultSkinTone = "plaid" },
        Attack(testDescription: "tone preference for a non-emoji", entry: "skinTones[\"x\"]") {
            $0.skinTones["x"] = ["light"]
        },
    ]

    @Test(
        "an out-of-range or malformed entry is refused with its name, and nothing changes",
        arguments: attacks)
    func refused(attack: Attack) throws {
        let (directory, store, export) = try Self.exported()
        var spoiled = export
        attack.spoil(&spoiled)
        do {
            try store.maintenance.importData(spoiled)
            Issue.record("the import was accepted")
        } catch {
            guard error.code == .invalidImportEntry, let entry = error.subject else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(entry.hasPrefix(attack.entry), "\(error)")
            #expect(!error.description.contains("\u{1B}"))
            #expect(error.description.count < 400)
        }
        var after = try store.maintenance.export()
        after.exportedAt = export.exportedAt
        #expect(after == export)
        _ = directory
    }

    @Test("moji store import names the bad entry and exits 64; the store is unchanged")
    func commandLine() async throws {
        let (directory, store, export) = try Self.exported()
        var spoiled = export
        spoiled.usage[0].scoredAt = Int.min
        let file = directory.url.appendingPathComponent("spoiled.json")
        try spoiled.jsonData().write(to: file)
        let result = try await MojiProcess(home: directory.url).run(["store", "import", file.path])
        #expect(result.status == 64)
        #expect(result.errors.contains("usage[0]"))
        #expect(result.errors.contains("scoredAt -9223372036854775808"))
        #expect(try store.maintenance.export().usage == export.usage)
    }

    @Test("a valid export still imports, and an emoji newer than the catalog is accepted")
    func validImports() throws {
        let (_, _, export) = try Self.exported()
        let target = try TemporaryDirectory()
        let store = try EmojiStore(url: target.databaseURL)
        var newer = export
        // A made-up pictograph sequence: emoji code points the catalog does not list.
        newer.pinned.append(StoreItem(key: "🫨\u{200D}🔥"))
        // What sync stores: a web image, a folder set's file, a pack's entry.
        newer.customEmoji += [
            CustomEmoji(code: "web", image: "https://forums.example/smilies/web.gif"),
            CustomEmoji(code: "file", image: "/home/someone/emoji/file.png"),
            CustomEmoji(code: "entry", image: "blobs/entry.png"),
        ]
        try store.maintenance.importData(newer)
        #expect(try store.custom.emoji(code: "entry")?.image == "blobs/entry.png")
        #expect(try store.favorites.pinned().last?.key == "🫨\u{200D}🔥")
    }
}
