import Foundation
import Testing

@testable import Moji

@Suite("Search")
struct SearchTests {
    static let english = try! EmojiSearch(locales: [.english])
    static let japanese = try! EmojiSearch(locale: "ja")
    let catalog = EmojiCatalog.shared

    private func first(_ query: String, in search: EmojiSearch = english) -> String? {
        search.results(for: query, options: SearchOptions(limit: 1)).first?.item.text
    }

    private func texts(_ query: String, in search: EmojiSearch = english, limit: Int = 10) -> [String] {
        search.results(for: query, options: SearchOptions(limit: limit)).map(\.item.text)
    }

    @Test("every word must start a word, the last may be cut short: \"thu u\" finds 👍")
    func asYouType() {
        #expect(first("thu u") == "👍")
        #expect(first("thumbs up") == "👍")
        #expect(texts("thumbs d").first == "👎")
        #expect(texts("xqj qqq").isEmpty)
        // A word that starts none leaves only what the others find, as some words of the query.
        let sleepy = Self.english.results(for: "zzz qqq", options: SearchOptions(limit: 10))
        #expect(sleepy.first?.item.text == "💤")
        #expect(sleepy.allSatisfy { $0.relevance == .someWords })
    }

    @Test("a word of four or more letters forgives one typo, ranked below exact matches")
    func typos() {
        let pizza = Self.english.results(for: "pizaa", options: SearchOptions(limit: 5))
        #expect(pizza.first?.item.text == "🍕")
        #expect(pizza.first?.relevance == .typo)
        #expect(texts("thmubs").contains("👍"))
        #expect(texts("cta").contains("🐈") == false)  // three letters: exact only
        var exactOnly = SearchOptions(limit: 5)
        exactOnly.allowsTypos = false
        #expect(Self.english.results(for: "pizaa", options: exactOnly).isEmpty)
    }

    @Test("the quick typo filter never rules out a word one edit away")
    func typoFilter() {
        let segments = Self.english.index.segments
        for typed in ["pizaa", "thmubs", "cofee", "hert", "smiel", "aple", "bananna", "xpizza", "pozza"] {
            let typed = Array(typed.utf8)
            for segment in segments {
                let words = segment.words
                for word in 0..<words.count where words.length(of: word) >= typed.count - 1 {
                    let term = Array(words.term(at: word))
                    guard term.first == typed.first else { continue }
                    typed.withUnsafeBufferPointer { typed in
                        term.withUnsafeBufferPointer { term in
                            if TypoTolerance.isOneEditPrefix(typed, of: term) {
                                #expect(TypoTolerance.mayBeOneEditPrefix(typed, of: term))
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("every kind of typo is found, at the first letters as well as later ones")
    func typoKinds() {
        // At the second letter: substituted, missing, extra, swapped with the third.
        for query in ["pozza", "pzza", "paizza", "pziza", "pizxa", "piza", "pizaz"] {
            let results = Self.english.results(for: query)
            #expect(results.contains { $0.item.text == "🍕" && $0.relevance == .typo }, "\(query)")
        }
        // A letter typed three times is read as typed twice, a word drawn out (``WordShortening``).
        #expect(Self.english.results(for: "pizzza").first?.item.text == "🍕")
        // At the first letter: swapped with the second, or typed before it.
        #expect(texts("ipzza").contains("🍕"))
        #expect(texts("xpizza").contains("🍕"))
        // Typos in a query of several words, and exact matches still ranked above typos.
        #expect(texts("thubms up").contains("👍"))
        let prefix = Self.english.results(for: "pizz")
        #expect(prefix.first?.item.text == "🍕")
        #expect(prefix.first?.relevance != .typo)
    }

    @Test("case, diacritics and full-width forms are ignored")
    func folding() {
        #expect(first("PIZZA") == "🍕")
        #expect(first("ｐｉｚｚａ") == "🍕")
        #expect(first("píżżà") == "🍕")
        let french = try! EmojiSearch(locale: "fr")
        #expect(texts("cafe", in: french).contains("☕"))
        #expect(texts("CAFÉ", in: french).contains("☕"))
    }

    @Test("a query's answer does not depend on the queries before it (matchers reuse their buffers)")
    func buffersReused() {
        let queries = [
            "party", "thumbs up", "xyzzyq", "cat", "face with tears", "partx", ":tada:", "<3", "heart e", "",
        ]
        let first = queries.map { texts($0, limit: 30) }
        // Again in reverse, and each after a query that touches thousands of entries.
        for (query, expected) in zip(queries, first).reversed() {
            _ = texts("a", limit: 200)
            #expect(texts(query, limit: 30) == expected, "\(query)")
        }
        let fresh = try! EmojiSearch(locales: [.english])
        for (query, expected) in zip(queries, first) {
            #expect(
                fresh.results(for: query, options: SearchOptions(limit: 30)).map(\.item.text) == expected, "\(query)")
        }
    }

    @Test("Japanese: hiragana finds katakana names and half-width kana folds")
    func japaneseKana() {
        // 🐨 is named コアラ.
        #expect(first("こあら", in: Self.japanese) == "🐨")
        #expect(first("コアラ", in: Self.japanese) == "🐨")
        #expect(first("ｺｱﾗ", in: Self.japanese) == "🐨")
        // いぬ is an everyday word for 🐶; 🐕, named イヌ, ties with it and comes second (used less).
        #expect(texts("ｲﾇ", in: Self.japanese).prefix(2) == ["🐶", "🐕"])
        #expect(texts("さむずあっぷ", in: Self.japanese).contains("👍"))
        #expect(texts("ビール", in: Self.japanese).contains("🍺"))
    }

    @Test("Chinese and Japanese match inside words")
    func cjkSubstring() {
        // 盲導犬 (guide dog) contains 犬 (dog) in its middle.
        #expect(texts("導犬", in: Self.japanese).contains("🦮"))
        let chinese = try! EmojiSearch(locale: "zh")
        let results = chinese.results(for: "猫", options: SearchOptions(limit: 20)).map(\.item.text)
        #expect(results.contains("🐈"))
        #expect(results.contains("🐱"))
    }

    @Test("a blank query gives the catalog in CLDR order, or nothing on request")
    func blankQuery() {
        let neutral = catalog.neutralEmojis.prefix(5).map(\.character)
        #expect(texts("", limit: 5) == neutral)
        #expect(texts("   \t\n", limit: 5) == neutral)
        var nothing = SearchOptions(limit: 5)
        nothing.blankQuery = .nothing
        #expect(Self.english.results(for: " ", options: nothing).isEmpty)
    }

    @Test("huge, control-character and invalid input returns without crashing")
    func badInput() {
        let huge = String(repeating: "a", count: 10_000)
        _ = Self.english.results(for: huge, options: SearchOptions(limit: 50))
        let words = String(repeating: "thumbs ", count: 2_000)
        #expect(Self.english.results(for: words, options: SearchOptions(limit: 50)).first?.item.text == "👍")
        _ = Self.english.results(for: "\u{0}\u{1}\u{7F}piz\u{8}za\u{1B}[0m")
        let invalid = String(decoding: [0xFF, 0xFE, 0x70, 0x69, 0x7A, 0x7A, 0x61, 0xC3], as: UTF8.self)
        #expect(Self.english.results(for: invalid, options: SearchOptions(limit: 5)).contains { $0.item.text == "🍕" })
        _ = Self.japanese.results(for: String(repeating: "犬", count: 10_000), options: SearchOptions(limit: 50))
        _ = Self.english.results(for: String(repeating: "\u{301}", count: 10_000))
    }

    @Test("shortcodes, emoticons and the emoji itself match exactly first")
    func exactForms() {
        #expect(first(":tada:") == "🎉")
        #expect(first("+1") == "👍")
        #expect(first("-1") == "👎")
        #expect(first(":)") == "🙂")
        #expect(first("❤") == "❤️")
        #expect(first("👍🏽") == "👍")
        #expect(first("keycap: #") == "#️⃣")
        #expect(first("tiger") == "🐅")  // the CLDR name beats GitHub's bare :tiger:
        #expect(first(":tiger:") == "🐯")  // with colons, the shortcode wins
    }

    @Test("a name or everyday phrase with sentence punctuation around it is still exact: bonne nuit! → 🌙")
    func sentencePunctuation() throws {
        let french = try EmojiSearch(locales: [MojiLocale("fr"), .english])
        let spanish = try EmojiSearch(locales: [MojiLocale("es"), .english])
        for (search, query, emoji) in [
            (french, "bonne nuit!", "🌙"), (french, "bonne nuit ?", "🌙"), (spanish, "¡buenas noches!", "🌙"),
            (spanish, "te quiero...", "❤️"), (Self.english, "good night!!", "🌙"),
        ] {
            let top = search.results(for: query).first
            #expect(top?.item.text == emoji, "\(query)")
            #expect(top?.relevance == .exact, "\(query)")
        }
        // Without the phrase, the words alone count as before; emoticons keep their punctuation.
        #expect(french.results(for: "nuit!").first?.relevance != .exact)
        #expect(first(":)") == "🙂")
        #expect(Self.english.results(for: "!?").isEmpty)
    }

    @Test("relevance: exact matches first, then name words and keywords")
    func relevanceRanking() {
        let results = Self.english.results(for: "heart", options: SearchOptions(limit: 200))
        let relevances = results.map(\.relevance)
        // Exact matches first; after them the emoji prior may put a common emoji's keyword
        // before a rare emoji's name word (RankingOrder.swift).
        let exact = relevances.prefix { $0 == .exact }
        #expect(!relevances.dropFirst(exact.count).contains(.exact))
        #expect(results.first?.relevance == .exact || results.first?.relevance == .nameWord)
        #expect(results.contains { $0.relevance == .keyword })
    }

    @Test("usage ranking orders each relevance group by the caller's scores")
    func usageRanking() {
        let plain = texts("cat face", limit: 10)
        #expect(plain.count > 2)
        let favourite = plain[2]
        let options = SearchOptions(limit: 10, ranking: .usage, usage: UsageScores([favourite: 10]))
        let ranked = Self.english.results(for: "cat face", options: options)
        let group = ranked.filter { $0.relevance == ranked.first { $0.item.text == favourite }!.relevance }
        #expect(group.first?.item.text == favourite)
    }

    @Test("alphabetical ranking sorts by name in the first locale")
    func alphabeticalRanking() {
        let english = try! catalog.localized(.english)
        let results = Self.english.results(for: "cat", options: SearchOptions(ranking: .alphabetical))
        let names = results.compactMap { $0.emoji.map { english.name(of: $0) } }
        #expect(names.count > 5)
        let sorted = names.sorted {
            $0.compare($1, options: .caseInsensitive, locale: Locale(identifier: "en")) == .orderedAscending
        }
        #expect(names == sorted)
    }

    @Test("results say which field and which words matched")
    func whatMatched() throws {
        let result = try #require(Self.english.results(for: "thu u", options: SearchOptions(limit: 1)).first)
        let name = try #require(result.matches.first { $0.field == .name })
        #expect(name.text == "thumbs up")
        #expect(name.matchedText == ["thumbs", "up"])
        let tada = try #require(Self.english.results(for: ":tada:", options: SearchOptions(limit: 1)).first)
        #expect(tada.matches.first?.field == .shortcode(.github))
    }

    @Test("filters: Emoji version, Apple OS, groups, and tones")
    func filters() throws {
        var options = SearchOptions(limit: 50, maximumVersion: "13.0")
        #expect(Self.english.results(for: "face", options: options).allSatisfy { $0.emoji!.version <= "13.0" })
        options = SearchOptions(limit: 50).available(on: .iOS, "17.4")
        #expect(Self.english.results(for: "face", options: options).allSatisfy { $0.emoji!.version <= "15.1" })
        let food = try #require(catalog.group("food-drink"))
        options = SearchOptions(limit: 50, groups: [food])
        let foods = Self.english.results(for: "p", options: options)
        #expect(!foods.isEmpty && foods.allSatisfy { $0.emoji!.group == food })
        options = SearchOptions(limit: 1, skinTones: .preferred(.dark))
        #expect(Self.english.results(for: "thumbs up", options: options).first?.item.text == "👍🏿")
        options = SearchOptions(limit: 6, skinTones: .all)
        #expect(
            Self.english.results(for: "thumbs up", options: options).map(\.item.text) == ["👍", "👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])
        #expect(Self.english.results(for: "thumbs up").allSatisfy { !$0.emoji!.hasSkinTones })
    }

    @Test("custom emoji are found by code, name and keywords with the same rules")
    func customEmoji() throws {
        let parrot = CustomEmoji(code: ":partyparrot:", name: "party parrot", keywords: ["bird", "dance"])
        let search = Self.english.adding(customEmoji: [parrot, CustomEmoji(code: "smith", name: "Smith")])
        #expect(search.results(for: ":partyparrot:", options: SearchOptions(limit: 1)).first?.item == .custom(parrot))
        #expect(search.results(for: "parr").contains { $0.item.text == ":partyparrot:" })
        #expect(search.results(for: "dnace").contains { $0.item.text == ":partyparrot:" })  // typo
        #expect(search.results(for: "smi", options: SearchOptions(limit: 500)).contains { $0.item.text == ":smith:" })
        var without = SearchOptions()
        without.includesCustomEmoji = false
        #expect(!search.results(for: "parrot", options: without).contains { $0.item.text == ":partyparrot:" })
        #expect(Self.english.customEmoji.isEmpty)
    }

    @Test("a Japanese search also finds English words, ranked after Japanese names")
    func secondLanguage() {
        #expect(first("pizza", in: Self.japanese) == "🍕")
        #expect(Self.japanese.locales.map(\.identifier) == ["ja", "en"])
    }
}
