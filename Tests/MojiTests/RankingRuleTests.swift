import Testing

@testable import Moji

/// One test per rule of the ranking table (`RankingOrder.swift`, `CommonFirstOrder.swift`),
/// each on the case the rule exists for.
@Suite("Ranking rules")
struct RankingRuleTests {
    static let english = try! EmojiSearch(locales: [.english])
    /// German first, English second, as a German user searches (bundled data only).
    static let german = try! EmojiSearch(locales: [MojiLocale("de"), .english])

    private func texts(_ query: String, in search: EmojiSearch = english, limit: Int = 10) -> [String] {
        search.results(for: query, options: SearchOptions(limit: limit)).map(\.item.text)
    }

    private func position(of emoji: String, for query: String, in search: EmojiSearch = english) -> Int? {
        texts(query, in: search, limit: 50).firstIndex(of: emoji)
    }

    @Test("among equal matches the common emoji comes first: earlier version, no variant, fewer code points")
    func commonFirst() throws {
        // "hand" is a name word of both; 👌 is Emoji 0.6, 🫱 14.0 (and before it in CLDR order).
        let okHand = try #require(position(of: "👌", for: "hand"))
        let rightwards = try #require(position(of: "🫱", for: "hand"))
        #expect(okHand < rightwards)
        // The woman, the man and the person facing right are variants of 🏃 "person running".
        let shirt = try #require(position(of: "🎽", for: "running"))
        for variant in ["🏃‍♀️", "🏃‍♂️", "🏃‍➡️"] {
            let other = try #require(position(of: variant, for: "running"))
            #expect(shirt < other)
        }
        // 😘 (one code point) before a kiss of two people (a sequence).
        let kiss = try #require(position(of: "😘", for: "kiss"))
        let womanMan = try #require(position(of: "👩‍❤️‍💋‍👨", for: "kiss"))
        #expect(kiss < womanMan)
    }

    @Test("among equal matches of one Emoji version the shorter name comes first: cak → 🎂")
    func shorterNameFirst() throws {
        // "cake" is a word of both names; 🎂 "birthday cake" has two words, 🍥 "fish cake with
        // swirl" four, and comes first in CLDR order.
        #expect(texts("cak", limit: 1) == ["🎂"])
        let birthday = try #require(position(of: "🎂", for: "cake"))
        let fishCake = try #require(position(of: "🍥", for: "cake"))
        #expect(birthday < fishCake)
    }

    @Test("the word still being typed ranks its longer words with its whole word: thumb → 👍")
    func openLastWord() throws {
        // "thumb" is a whole word of 🫰's name, only the start of 👍's "thumbs".
        #expect(texts("thumb", limit: 1) == ["👍"])
        // With a space after it the word is finished: only whole words match, so 🫰's name
        // ("… thumb crossed") is among the first, after the common emoji with the keyword.
        let finished = try #require(position(of: "🫰", for: "thumb "))
        #expect(finished <= 2)
        let relevance = Self.english.results(for: "thumb").first?.relevance
        #expect(relevance == .nameWord || relevance == .keyword)
    }

    @Test("a blank query still lists the catalog in CLDR order")
    func blankQueryKeepsCLDROrder() {
        #expect(texts("", limit: 3) == ["😀", "😃", "😄"])
    }

    @Test("a code of two letters is exact only in colons: tr → 🏆 tree and trophy, :tr: → 🇹🇷")
    func shortCodesNeedColons() throws {
        // "tr" is Türkiye's region code and the start of many words.
        #expect(texts("tr", limit: 1) != ["🇹🇷"])
        #expect(Self.english.results(for: "tr").first?.relevance != .exact)
        #expect(texts(":tr:", limit: 1) == ["🇹🇷"])
        // Found still, as a shortcode word, when nothing else starts so.
        #expect(texts("us", limit: 1) == ["🇺🇸"])
        // Symbols are not a region code: "+1" stays GitHub's exact code for 👍.
        #expect(texts("+1", limit: 1) == ["👍"])
        #expect(Self.english.results(for: "+1").first?.relevance == .exact)
    }

    @Test("an emoji gemoji gives search tags to comes first among equals: moon → 🌙 before 🌑")
    func taggedFirst() throws {
        // 🌑 "new moon" and 🌙 "crescent moon" tie on every other prior (Emoji 0.6, one code
        // point, two words) and 🌑 comes first in CLDR order; gemoji tags 🌙 only.
        let catalog = EmojiCatalog.shared
        let crescent = try #require(catalog.emoji(for: "🌙"))
        let new = try #require(catalog.emoji(for: "🌑"))
        #expect(catalog.storage.isTagged[crescent.index])
        #expect(!catalog.storage.isTagged[new.index])
        let crescentPosition = try #require(position(of: "🌙", for: "moon"))
        let newPosition = try #require(position(of: "🌑", for: "moon"))
        #expect(crescentPosition < newPosition)
        // At equal use (the usage prior comes first), the tagged emoji comes first.
        let tagged = CommonFirstOrder.prior(of: "🌙", version: 6, nameWords: 2, frequency: 100, isTagged: true)
        let untagged = CommonFirstOrder.prior(of: "🌑", version: 6, nameWords: 2, frequency: 100, isTagged: false)
        #expect(tagged < untagged)
        let moreUsed = CommonFirstOrder.prior(of: "🌑", version: 6, nameWords: 2, frequency: 200, isTagged: false)
        #expect(moreUsed < tagged)
    }

    @Test("a man's or woman's form ranks after the person's: rocket → 🚀 🧑‍🚀 before 👨‍🚀 👩‍🚀")
    func personBeforeManAndWoman() throws {
        #expect(texts("rocket", limit: 2) == ["🚀", "🧑‍🚀"])
        // Naming the variant still finds it first: 🧑‍🚀 does not match "woman".
        #expect(texts("woman astronaut", limit: 1) == ["👩‍🚀"])
        // 👪 before the families of men and women.
        let family = try #require(position(of: "👪", for: "family"))
        let manWomanBoy = try #require(position(of: "👨‍👩‍👦", for: "family"))
        #expect(family < manWomanBoy)
    }

    @Test("a word found inside a compound, when real matches are few, ranks before typos: denken → 🤔")
    func compoundPartBeforeTypos() throws {
        // German 🤔 is "nachdenkendes Gesicht"; "denken" starts no word, and is one letter from
        // "danken" (🙏's keyword). In the first locale only: "hola" is no part of English "scholar"
        // for someone searching Spanish.
        let german = Self.german
        let thinking = german.results(for: "denken", options: SearchOptions(limit: 5))
        #expect(thinking.first?.item.text == "🤔")
        #expect(thinking.first?.relevance == .substring)
        let thinkingAt = try #require(position(of: "🤔", for: "denken", in: german))
        let prayingAt = try #require(position(of: "🙏", for: "denken", in: german))
        #expect(thinkingAt < prayingAt)
        let spanish = try EmojiSearch(locales: [MojiLocale("es"), .english])
        #expect(position(of: "🎓", for: "hola", in: spanish) == nil)
        #expect(position(of: "🎓", for: "hola") != nil)
        // A query whose real matches are enough, or that is a name, looks inside no word:
        // "melon" is 🍈, and 🍉 "watermelon" stays out; so do typos.
        #expect(texts("melon").first == "🍈")
        #expect(position(of: "🍉", for: "melon") == nil)
    }

    @Test("words that nothing matches together list what some of them find: danke dir → 🙏")
    func someWordsWhenNothingMatches() throws {
        // No German emoji is both "danke" and "dir": 🙏 (keyword "danke") matches one of two words.
        let german = Self.german
        let thanks = german.results(for: "danke dir", options: SearchOptions(limit: 5))
        #expect(thanks.first?.item.text == "🙏")
        #expect(thanks.first?.relevance == .someWords)
        // A match of every word, even one, or with a typo, stands alone: "shaking face" is 🫨,
        // not every face too.
        #expect(texts("shaking face") == ["🫨"])
        #expect(!Self.english.results(for: "thunbs up").contains { $0.relevance == .someWords })
        // A word that matches a thirty-second of the catalog ("de") counts for nothing alone.
        let spanish = try EmojiSearch(locales: [MojiLocale("es"), .english])
        #expect(spanish.results(for: "qwxz de", options: SearchOptions(limit: 5)).isEmpty)
        let laughing = spanish.results(for: "qwxz de risa", options: SearchOptions(limit: 5))
        #expect(["😂", "🤣"].contains(laughing.first?.item.text))
        #expect(laughing.allSatisfy { $0.relevance == .someWords })
    }

    @Test("a word that matches nothing but typos is looked for by its start, before typos: amorcito → amor")
    func shortenedWord() throws {
        let spanish = try EmojiSearch(locales: [MojiLocale("es"), .english])
        // A diminutive the catalog lacks: its start "amor" is a keyword of the love emoji.
        let darling = spanish.results(for: "amorcito", options: SearchOptions(limit: 5))
        #expect(["❤️", "😍", "🥰"].contains(darling.first?.item.text))
        #expect(darling.allSatisfy { $0.relevance == .shortenedWord })
        // Highlighting marks the words the start matched.
        let hearts = try #require(darling.first { $0.item.text == "😍" })
        let amor = try #require(hearts.matches.first { $0.text == "amor" })
        #expect(amor.matchedText == ["amor"])
        // The start ranks before a word one typo away: "hündchen" is a little dog 🐕 🐶 before
        // 👬 ("Händchen").
        let puppy = texts("hündchen", in: Self.german, limit: 50)
        #expect(["🐕", "🐶"].contains(puppy.first))
        #expect(puppy.firstIndex(of: "🐶") ?? 50 < puppy.firstIndex(of: "👬") ?? 50)
        // A German compound by its first part: "lachkrampf" (a fit of laughter) by "lach".
        #expect(texts("lachkrampf", in: Self.german, limit: 1) == ["😂"])
        // English shortcodes, in every locale, are not searched for a start: in German,
        // "thumbsx" is one typo from English "thumbs", and "thumbs" of `:thumbsup:` is no start.
        let thumbs = Self.german.results(for: "thumbsx", options: SearchOptions(limit: 50))
        #expect(thumbs.first?.item.text == "👍")
        #expect(thumbs.allSatisfy { $0.relevance == .typo })
        // A drawn-out word is read with its letter once: "mdrrr" is "mdr" 😂. A letter typed
        // twice is a spelling ("pizza"), not drawn out.
        func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        #expect(WordShortening.collapsingRuns(scalars("mdrrr"), keeping: 1) == scalars("mdr"))
        #expect(WordShortening.collapsingRuns(scalars("cooool"), keeping: 2) == scalars("cool"))
        #expect(WordShortening.collapsingRuns(scalars("pizzaa"), keeping: 1) == scalars("pizzaa"))
        let french = try EmojiSearch(locales: [MojiLocale("fr"), .english])
        #expect(french.results(for: "mdrrr").first?.item.text == "😂")
        // ... where that makes a whole word: "lolll" is "lol" 😂, not the start of "lollipop" 🍭.
        #expect(texts("lolll", limit: 1) == ["😂"])
        // One letter over and over is no word drawn out: "xxxxxxxx" is not "x" ❌.
        #expect(texts("xxxxxxxx").isEmpty)
        // Among words that nothing matches together, one that starts none is looked for by its
        // start: "olympiques" (plural) by "olympique", an everyday word of 🏅.
        #expect(french.results(for: "jeux olympiques").first?.item.text == "🏅")
        let strict = SearchOptions(allowsTypos: false)
        #expect(french.results(for: "jeux olympiques", options: strict).first?.item.text != "🏅")
        // Japanese drawn out with a long-vowel mark: "おやすみー" is "おやすみ".
        let japanese = try EmojiSearch(locales: [MojiLocale("ja"), .english])
        let night = japanese.results(for: "おやすみー", options: SearchOptions(limit: 3)).map(\.item.text)
        #expect(night.contains("🌙") || night.contains("😴"))
        // A polite お before a word written in kanji is left off before the word is shortened,
        // which would keep it (お手, hands); in kana it is kept first (おはー is おは, not はーと ❤️).
        #expect(japanese.results(for: "お手紙").first?.item.text == "✉️")
        #expect(japanese.results(for: "お星様").first?.item.text == "⭐")
        #expect(japanese.results(for: "おはー").first?.item.text != "❤️")
        // A word that matches, a typo of one whose start is too short ("piz"), two words, or
        // typos turned off: no start is looked for.
        #expect(spanish.results(for: "amor").first?.relevance != .shortenedWord)
        #expect(Self.english.results(for: "pizaa").first?.relevance == .typo)
        #expect(!spanish.results(for: "amorcito mio").contains { $0.relevance == .shortenedWord })
        #expect(spanish.results(for: "amorcito", options: SearchOptions(allowsTypos: false)).isEmpty)
    }
}
