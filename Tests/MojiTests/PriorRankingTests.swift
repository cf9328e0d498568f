import Foundation
import Testing

@testable import Moji

/// The rules issue 24 added to the ranking table, one test each on the case the rule exists
/// for: the emoji prior, the word prior, readings, everyday words and less noise.
@Suite("Priors, readings and everyday words")
struct PriorRankingTests {
    static let english = try! EmojiSearch(locales: [.english])

    private func texts(_ query: String, locale: MojiLocale? = nil, limit: Int = 10) throws -> [String] {
        let search = try locale.map { try EmojiSearch(locale: $0) } ?? Self.english
        return search.results(for: query, options: SearchOptions(limit: limit)).map(\.item.text)
    }

    @Test("the bundled catalog has an emoji prior: 😂 is used more than 💌")
    func emojiPriorIsLoaded() throws {
        let base = CatalogSearchBase.shared(for: .shared)
        let joy = try #require(EmojiCatalog.shared.emoji(for: "😂")).index
        let letter = try #require(EmojiCatalog.shared.emoji(for: "💌")).index
        #expect(base.frequencies[joy] > base.frequencies[letter])
        #expect(SearchIndex.priorPenalty(frequency: base.frequencies[joy]) == 0)
        #expect(SearchIndex.priorPenalty(frequency: 0) == SearchIndex.maximumPriorPenalty)
    }

    @Test("a much more common emoji overtakes a slightly better match: amour → ❤️, not 💌")
    func emojiPriorOvertakes() throws {
        // ❤️ has "amour" as a keyword; 💌 "lettre d'amour" as a name word.
        #expect(try texts("amour", locale: "fr", limit: 1) == ["❤️"])
        // An exact match is never overtaken: the name of 💌 typed whole.
        #expect(try texts("love letter", limit: 1) == ["💌"])
    }

    @Test("among matches of one class the emoji people use more comes first: cry → 😭 before 😿")
    func emojiPriorBreaksTies() throws {
        let results = try texts("cry", limit: 20)
        let loud = try #require(results.firstIndex(of: "😭"))
        let cat = try #require(results.firstIndex(of: "😿"))
        #expect(loud < cat)
    }

    @Test("a word still being typed completes to the more frequent word first: coo → 😎 (cool)")
    func wordPrior() throws {
        let results = try texts("coo", limit: 5)
        #expect(results.first == "😎")
        // It reports the class of the whole word it completes to ("cool" is an everyday word for
        // 😎, a name), not a prefix.
        #expect(Self.english.results(for: "coo", options: SearchOptions(limit: 1)).first?.relevance == .nameWord)
    }

    @Test("Japanese names and keywords are found by their hiragana readings, every prefix")
    func japaneseReadings() throws {
        #expect(try texts("すし", locale: "ja", limit: 3).contains("🍣"))
        #expect(try texts("たんじょうび", locale: "ja", limit: 3).contains("🎂"))
        #expect(try texts("たんじょ", locale: "ja", limit: 5).contains("🎂"))
        // Katakana folds to hiragana, so a reading is found typed either way.
        #expect(try texts("スシ", locale: "ja", limit: 3).contains("🍣"))
        #expect(try !texts("かみなり", locale: "ja", limit: 5).isEmpty)
    }

    @Test("reviewed readings replace the dictionary's: どやがお → 😏, うまい is not 🍬 (甘い)")
    func correctedJapaneseReadings() throws {
        // SudachiDict reads ドヤ顔 as どやかお and 甘い also as うまい; data/everyday/readings/ja.tsv
        // says どやがお and あまい only.
        #expect(try texts("どやがお", locale: "ja", limit: 1) == ["😏"])
        #expect(try texts("うまい", locale: "ja", limit: 1) == ["😋"])
        #expect(try texts("あまい", locale: "ja", limit: 1) == ["🍬"])
        // An archaic reading is gone: 猿 is さる, no longer also ましら.
        #expect(try texts("ましら", locale: "ja", limit: 5).isEmpty)
        #expect(try texts("さる", locale: "ja", limit: 1) == ["🐒"])
    }

    @Test("Japanese verbs and adjectives are found in their dictionary form: 怒る → 😠 (怒った顔)")
    func japaneseDictionaryForms() throws {
        // CLDR writes them inflected or as nouns (怒った, 驚き, 泣き顔, 悲しみ); people type 怒る.
        #expect(try texts("怒る", locale: "ja", limit: 3).contains("😠"))
        #expect(try texts("おこる", locale: "ja", limit: 3).contains("😠"))
        #expect(try texts("驚く", locale: "ja", limit: 5).contains("😲"))
    }

    @Test("an everyday word an emoji is called by ties with another emoji's exact name: herz → ❤️, not ♥️")
    func everydayWordIsAName() throws {
        // ♥️ is named "Herz" (the card suit); ❤️ "rotes Herz" is what people mean, and used more.
        #expect(try texts("herz", locale: "de", limit: 2) == ["❤️", "♥️"])
    }

    @Test("Chinese names are found by toneless pinyin, with and without spaces")
    func chinesePinyin() throws {
        let cake = try texts("dangao", locale: "zh", limit: 10)
        #expect(cake.contains("🎂") || cake.contains("🍰"))
        #expect(try texts("dan g", locale: "zh", limit: 20).contains(where: { cake.contains($0) }))
        #expect(try !texts("xiaolian", locale: "zh", limit: 5).isEmpty)
    }

    @Test("everyday words CLDR lacks find their emoji: hola → 👋, jaja → 😂, bussi → 😘")
    func everydayWords() throws {
        #expect(try texts("hola", locale: "es", limit: 1) == ["👋"])
        #expect(try texts("jaja", locale: "es", limit: 3).contains("😂"))
        #expect(try texts("bussi", locale: "de", limit: 3).contains("😘"))
        // A child locale inherits its parent's everyday words.
        #expect(try texts("hola", locale: "es-MX", limit: 1) == ["👋"])
    }

    @Test("typo matches only when real matches are few: party has no ⛅ (partly)")
    func fewerTypos() throws {
        let results = Self.english.results(for: "party", options: SearchOptions(limit: 50))
        #expect(!results.contains { $0.relevance == .typo })
        #expect(!results.map(\.item.text).contains("⛅"))
        // With no real match, one typo is still forgiven.
        #expect(try texts("pizaa", limit: 1) == ["🍕"])
    }

    @Test("a letter typed with its mark means it: läc → 😊 (lächeln), öst → 🇦🇹 (Österreich), not 🌷 (Ostern)")
    func typedMarksCount() throws {
        #expect(try texts("läc", locale: "de", limit: 1) == ["😊"])
        #expect(try texts("öst", locale: "de", limit: 1) == ["🇦🇹"])
        // Typed without the mark, the common emoji of the unmarked word still comes first, and the
        // marked words are still found: people often leave marks out.
        #expect(try texts("lac", locale: "de", limit: 1) == ["😂"])
        #expect(try texts("ost", locale: "de", limit: 10).contains("🇦🇹"))
    }

    @Test("a one-word query ranks the emoji whose one-word name it covers first: glasse → 👓, not 🥂")
    func coveredNameFirst() throws {
        // 👓 is "glasses"; 🥂, "clinking glasses", is more common.
        #expect(try texts("glasse", limit: 1) == ["👓"])
        // 🍓 "strawberry" before 🥤 "cup with straw".
        #expect(try texts("straw", limit: 1) == ["🍓"])
        // A whole word typed still comes first: "mela" is 🍎 ("mela rossa"), not 🍆 ("melanzana").
        #expect(try texts("mela", locale: "it", limit: 1) == ["🍎"])
        // In a script without spaces a word is a compound: one letter of 火箭 (🚀) covers nothing,
        // so 🔥, the fire itself, stays first.
        #expect(try texts("火", locale: "zh", limit: 1) == ["🔥"])
    }

    @Test("a space after the words says another follows: 'ice ' is 🍦 before 🧊, whose name is only 'ice'")
    func spaceAfterWords() throws {
        #expect(try texts("ice", limit: 1) == ["🧊"])
        #expect(try texts("ice ", limit: 1) == ["🍦"])
        // Later, not gone, and no longer an exact match.
        let ice = Self.english.results(for: "ice ", options: SearchOptions(limit: 10))
        #expect(ice.first { $0.item.text == "🧊" }?.relevance == .nameWord)
        // Several words: 😢 is "cara llorando", 😂 "cara llorando de risa".
        #expect(try texts("cara llorando", locale: "es", limit: 1) == ["😢"])
        #expect(try texts("cara llorando ", locale: "es", limit: 1) == ["😂"])
        // An everyday word the emoji is called by stays exact: "lol" is what 😂 means.
        let lol = Self.english.results(for: "lol ", options: SearchOptions(limit: 1))
        #expect(lol.map(\.item.text) == ["😂"] && lol.first?.relevance == .exact)
        // A code has no spaces, so "tada " is a word, while ":tada: " is still the code.
        #expect(Self.english.results(for: "tada ", options: SearchOptions(limit: 1)).first?.relevance != .exact)
        #expect(try texts(":tada: ", limit: 1) == ["🎉"])
    }

    @Test("folding counts as a mark what it takes off beyond case: é ö ñ ß ё, not E, Д or カ")
    func marksThatFoldingTakesOff() {
        for letter in ["é", "Ö", "ñ", "ß", "ø", "ё", "ά"] {
            #expect(TextFolding.carriesMark(letter.unicodeScalars.first!), "\(letter)")
        }
        for letter in ["e", "E", "Д", "д", "カ", "ｶ", "ς", "a"] {
            #expect(!TextFolding.carriesMark(letter.unicodeScalars.first!), "\(letter)")
        }
        #expect(TextFolding.markedWords("Crème brulee").map(\.hasMark) == [true, false])
        // A combining accent typed after its letter is a mark too.
        #expect(TextFolding.markedWords("e\u{301}t\u{E9}").map(\.hasMark) == [true])
    }

    @Test("an emoticon puts its emoji first: <3 → ❤️")
    func emoticonFirst() throws {
        #expect(try texts("<3", limit: 1) == ["❤️"])
    }

    @Test("a query starting with a colon ranks codes that start with it before words that merely contain it")
    func codePrefixFirst() throws {
        let results = Self.english.results(for: ":heart", options: SearchOptions(limit: 10))
        // Every result up to the last code match is a code match (exact or a code prefix).
        #expect(results.prefix(5).allSatisfy { $0.relevance == .exact || $0.relevance == .shortcode })
        #expect(results.map(\.item.text).contains("😍"))  // :heart_eyes:
        #expect(try texts(":heart:", limit: 1) == ["❤️"])
    }

    @Test("a segment file of older index rules is rebuilt from the catalog's files, not refused")
    func olderSegmentFileIsRebuilt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-old-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var bytes = SearchSegmentFile.magic
        for value: UInt32 in [UInt32(CatalogFormat.version), SearchSegmentFile.indexVersion - 1, 1] {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        let path = folder.appendingPathComponent("old.bin.z").path
        try Data(Zlib.deflate(bytes)).write(to: URL(fileURLWithPath: path))
        #expect(try SearchSegmentFile.read(path: path, entryCount: 1) == nil)
    }

    @Test("search terms files round-trip and reject unknown records")
    func searchTermsFile() throws {
        var terms = SearchTerms()
        terms.nameTerms[3] = ["すし"]
        terms.everydayNames[4] = ["moin", "guten morgen"]
        terms.keywordTerms[5] = ["hola", "xiao lian"]
        terms.wordFrequencies["hola"] = 52
        terms.wordFrequencies["zzz"] = 5  // too rare to tell apart: not written
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-terms-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("t.txt").path
        try terms.text().write(toFile: path, atomically: true, encoding: .utf8)
        let read = try #require(try SearchTerms.read(path: path, emojiCount: 10))
        #expect(read.nameTerms == terms.nameTerms)
        #expect(read.everydayNames == terms.everydayNames)
        #expect(read.keywordTerms == terms.keywordTerms)
        #expect(read.wordFrequencies == ["hola": 52])
        try (terms.text() + "x\t1\t2\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CatalogError.self) { try SearchTerms.read(path: path, emojiCount: 10) }
        try (terms.text() + "k\t99\tword\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CatalogError.self) { try SearchTerms.read(path: path, emojiCount: 10) }
    }
}
