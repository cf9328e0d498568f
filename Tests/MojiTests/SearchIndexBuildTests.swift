import Foundation
import MojiTestSupport
import Testing

@testable import Moji

/// The index builder (each raw word folded once, phrase keys from a name's words) gives exactly
/// what folding each string with ``TextFolding``, as queries are folded, would.
@Suite("Search index build")
struct SearchIndexBuildTests {
    /// Names that take every path: ASCII, Latin with diacritics and ligatures, punctuation,
    /// white space runs, variation selectors inside words, kana with voiced sound marks
    /// (composed, combining, half-width, at a word's start), full-width forms, emoji, Thai, Hangul.
    static let samples = [
        "grinning face", "Crème BRÛLÉE", "flag: Germany", "  leading and  double\tspaces ", "keycap: #️⃣",
        "ǅemal İstanbul straße Æsir", "Ωmega σς", "\u{301}alone e\u{301}cole", "サムズアップ", "ｶﾞｷﾞｸﾞ ﾊﾟﾝ",
        "か\u{3099}き\u{309A}", "ﾞstart ゛end", "ヴァイオリン ゝゞヽヾ", "ＦＵＬＬ　ｗｉｄｔｈ １２３", "ℹ️ information Ⓜ️",
        "man\u{200D}woman 👍🏽 thumbs", "ไทย ภาษา", "한국어 낱말", "笑顔\u{FE0F}の顔", "e-mail +1 :-)", "",
    ]

    private static func utf8(_ scalars: [UInt32], marker: UInt8? = nil) -> [UInt8] {
        var bytes: [UInt8] = marker.map { [$0] } ?? []
        UTF8Codec.append(scalars, to: &bytes)
        return bytes
    }

    private static func contains(_ table: TermTable, _ key: [UInt8]) -> Bool {
        key.withUnsafeBufferPointer { table.index(of: $0) } != nil
    }

    @Test("a name's words and phrase keys are those TextFolding gives, and nothing else")
    func namesFoldLikeQueries() {
        for text in Self.samples {
            var builder = SearchSegmentBuilder()
            builder.addName(text, entry: 7)
            let segment = builder.build(localeRank: 0, source: .custom)
            let words = TextFolding.words(text)
            for word in words {
                #expect(Self.contains(segment.words, Self.utf8(word)), "word of \(text.debugDescription)")
            }
            #expect(segment.words.count == Set(words).count, "words of \(text.debugDescription)")
            var phrases = 0
            let raw = TextFolding.rawKey(text)
            if !raw.isEmpty {
                phrases += 1
                #expect(
                    Self.contains(segment.phrases, Self.utf8(raw, marker: SearchSegment.rawKeyMarker)),
                    "raw key of \(text.debugDescription)")
            }
            if !words.isEmpty {
                phrases += 1
                let joined = Array(words.joined(separator: [0x20]))
                #expect(
                    Self.contains(segment.phrases, Self.utf8(joined, marker: SearchSegment.wordsKeyMarker)),
                    "words key of \(text.debugDescription)")
            }
            #expect(segment.phrases.count == phrases, "phrases of \(text.debugDescription)")
        }
    }

    @Test("shortcodes and keywords: words, and the code whole with its punctuation")
    func shortcodesAndKeywords() {
        var builder = SearchSegmentBuilder()
        builder.addShortcode("Thumbs_Up", kind: .github, entry: 1)
        builder.addShortcode("+1", kind: .github, entry: 1)
        builder.addKeywords(field: "hand|Thumb|ＵＰ", entry: 1)
        let segment = builder.build(localeRank: 0, source: .universal)
        for word in ["thumbs", "up", "1", "hand", "thumb"] {
            #expect(Self.contains(segment.words, Array(word.utf8)), "\(word)")
        }
        #expect(segment.words.count == 5)
        #expect(Self.contains(segment.phrases, [SearchSegment.rawKeyMarker] + Array("thumbs_up".utf8)))
        #expect(Self.contains(segment.phrases, [SearchSegment.rawKeyMarker] + Array("+1".utf8)))
    }

    @Test(
        "terms are sorted by their bytes and the grams are every inner pair, sorted",
        arguments: ["en", "ja", "th", "zh"])
    func tablesAreOrdered(locale: String) throws {
        let search = try EmojiSearch(locales: [MojiLocale(locale)])
        let segment = search.index.segments[0]
        for table in [segment.words, segment.phrases] {
            for index in 1..<table.count {
                let previous = Array(table.term(at: index - 1))
                let term = Array(table.term(at: index))
                #expect(previous.lexicographicallyPrecedes(term), "\(locale) term \(index)")
            }
        }
        // The grams, generated naively from the sorted words that have them: the unspaced words of
        // CLDR's names and keywords (search-only terms, such as kana readings, are found from their
        // start only, and have none).
        let withGrams = Set(segment.grams.map { Int($0 & 0x3F_FFFF) })
        var expected: [UInt64] = []
        for index in withGrams.sorted() {
            let scalars = String(decoding: segment.words.term(at: index), as: UTF8.self).unicodeScalars.map(\.value)
            #expect(scalars.count > 1 && scalars.contains(where: TextFolding.isUnspacedScript))
            for position in 1..<scalars.count {
                let next = position + 1 < scalars.count ? UInt64(scalars[position + 1]) : 0
                expected.append(UInt64(scalars[position]) << 43 | next << 22 | UInt64(index))
            }
        }
        #expect(segment.grams == expected.sorted())
        // Every unspaced word of a CLDR name has them (🎂's name, in ja and zh).
        let cake = try #require(EmojiCatalog.shared.emoji(for: "🎂"))
        for word in TextFolding.words(try EmojiCatalog.shared.localized(MojiLocale(locale)).name(of: cake)) {
            guard word.count > 1, word.contains(where: TextFolding.isUnspacedScript) else { continue }
            var key: [UInt8] = []
            UTF8Codec.append(word, to: &key)
            let term = try #require(key.withUnsafeBufferPointer { segment.words.index(of: $0) })
            #expect(withGrams.contains(term), "\(locale) \(word)")
        }
    }
}

/// The scan for the parts of compounds (``SearchSegment/wordsContaining(inside:into:)``) finds
/// what a naive search of each word finds: every word holding the needle past its first byte,
/// once, in order, and no hit that spans two words of the table.
@Suite("Search compound parts")
struct SearchCompoundPartTests {
    // One test over two locales, with a few hundred needles: a parametrized test of four locales
    // with thousands of needles kept both of a two-core machine's cooperative threads busy for
    // half a minute in a debug build, and timing tests elsewhere in the suite failed.
    @Test("the scan agrees with a naive search")
    func scanMatchesNaiveSearch() throws {
        var found = 0
        for locale in ["de", "fr"] {
            let search = try EmojiSearch(locales: [MojiLocale(locale)])
            let words = search.index.segments[0].words
            // Needles: pieces of words of the table (from their middle, their end and across the
            // joint of two neighbours), of two to eight bytes, cut at letters.
            var needles: Set<[UInt8]> = []
            for index in stride(from: 0, to: words.count - 1, by: 97) {
                let joined = String(decoding: words.term(at: index) + words.term(at: index + 1), as: UTF8.self)
                let scalars = Array(joined.unicodeScalars)
                for length in [2, 5, 8] where scalars.count > length {
                    for start in [1, scalars.count - length] {
                        var bytes: [UInt8] = []
                        UTF8Codec.append(scalars[start..<(start + length)].map(\.value), to: &bytes)
                        needles.insert(bytes)
                    }
                }
            }
            #expect(needles.count > 100)
            for needle in needles {
                var scanned: [Int] = []
                search.index.segments[0].wordsContaining(inside: needle, into: &scanned)
                let naive = (0..<words.count).filter { Self.contains(words.term(at: $0), needle) }
                #expect(scanned == naive, "\(locale) \(String(decoding: needle, as: UTF8.self))")
                found += naive.count
            }
        }
        #expect(found > 0)
    }

    /// Whether `term` holds `needle` past its first byte, by plain comparison.
    private static func contains(_ term: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard term.count > needle.count else { return false }
        var start = term.startIndex + 1
        while start + needle.count <= term.endIndex {
            var k = 0
            while k < needle.count && term[start + k] == needle[k] { k += 1 }
            if k == needle.count { return true }
            start += 1
        }
        return false
    }
}

/// Each locale's segment file in the committed catalog is exactly the segment built from the
/// locale's names and keywords, in scripts with and without spaces; an index reads it, alone or
/// as the second locale, and a catalog without the files builds the same.
@Suite("Search locale segment files")
struct SearchLocaleSegmentFileTests {
    @Test(
        "the committed file is what the current search code builds (rebuild the catalog if not)",
        arguments: ["en", "ja", "th", "km", "zh-Hant", "ru", "de", "ar", "ko", "es-MX"])
    func committedFileIsCurrent(_ locale: String) async throws {
        // Seconds of building in a debug build, on a Dispatch thread: on the cooperative pool (two
        // threads here) ten of these at once starved every other suite's servers and clients.
        let (read, built, second) = try await offCooperativePool {
            () throws -> (SearchSegment?, SearchSegment, [SearchSegment]) in
            let catalog = EmojiCatalog.shared
            let table = try catalog.localized(MojiLocale(locale))
            let built = try SearchIndex.localeSegment(table, emojis: Array(catalog.neutralEmojis), rank: 0)
            let path = EmojiCatalog.bundledDirectory.appendingPathComponent(SearchSegmentFile.localeFileName(locale))
                .path
            let read = try SearchSegmentFile.read(path: path, entryCount: catalog.allEntries.count)
            // An index's segments: the locale's read with its rank, as first or second locale.
            let base = CatalogSearchBase.shared(for: catalog)
            let second = try ParallelSegmentBuild.segments(
                locales: [try catalog.localized(.english), table], base: base)
            return (read, built, second)
        }
        let file = try #require(read)
        SearchSegmentFileTests.expectEqual(file, built)
        #expect(file.words.count > 1000)
        SearchSegmentFileTests.expectEqual(second[1], built)
        #expect(second[1].localeRank == 1 && second[0].localeRank == 0 && second.count == 3)
    }

    @Test("a catalog without the files builds the segments and finds the same")
    func missingFilesAreBuilt() throws {
        let folder = try SearchSegmentFileTests.catalogCopy(file: SearchSegmentFile.localeFileName("ja")) {
            try FileManager.default.removeItem(at: $0)
            try FileManager.default.removeItem(
                at: $0.deletingLastPathComponent().appendingPathComponent("en.search.bin.z"))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try EmojiCatalog(directory: folder)
        let search = try EmojiSearch(catalog: copy, locale: "ja")
        let reference = try EmojiSearch(catalog: .shared, locale: "ja")
        for query in ["いぬ", "ねこ", "顔", "thumbs u", "pizaa", "わら", "笑"] {
            #expect(search.results(for: query).map(\.item.text) == reference.results(for: query).map(\.item.text))
        }
        #expect(!search.results(for: "いぬ").isEmpty)
    }
}
