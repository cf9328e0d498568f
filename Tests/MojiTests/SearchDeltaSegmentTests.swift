import Foundation
import MojiTestSupport
import Testing

@testable import Moji

/// The delta files of regional locales (`locales/<id>.search-delta.bin.z`): what de-CH or en-GB
/// changes from its language, searched beside the language's segment without those entries.
@Suite("Search delta segment files")
struct SearchDeltaSegmentTests {
    /// Regional locales with a delta, of several parents and scripts.
    static let regional = ["de-CH", "en-GB", "en-IN", "hi-Latn", "sr-Cyrl-BA", "sw-KE"]

    /// Queries that reach the entries a delta replaces and the ones it leaves to the language:
    /// prefixes and whole names of every 40th emoji and of the first replaced ones, and words
    /// of the language's everyday-words file.
    static func queries(locale: String, replaced: [Int]) throws -> [String] {
        let catalog = EmojiCatalog.shared
        let table = try catalog.localized(MojiLocale(locale))
        let emojis = Array(catalog.neutralEmojis)
        var indices = stride(from: 0, to: emojis.count, by: 40).map { emojis[$0].index }
        indices += replaced.prefix(60)
        var queries = ["lol", "haha", "bussi", "urlaub", "love", "heart", "smile", "cat", "ok"]
        for index in indices {
            let name = table.name(at: index)
            queries.append(name)
            if let word = name.split(separator: " ").first {
                queries.append(String(word.prefix(3)))
                queries.append(String(word))
            }
        }
        return queries
    }

    @Test("a regional locale's delta finds what its own segment, built from its files, finds", arguments: regional)
    func deltaFindsTheSame(_ locale: String) async throws {
        let folder = try SearchSegmentFileTests.catalogCopy(file: SearchSegmentFile.deltaFileName(locale)) {
            try FileManager.default.removeItem(at: $0)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        // Building the locale's segment takes seconds in a debug build: off the cooperative pool.
        let (withDelta, built, segmentCount, replaced) = try await offCooperativePool {
            () throws -> (EmojiSearch, EmojiSearch, Int, [Int]) in
            let catalog = EmojiCatalog.shared
            let table = try catalog.localized(MojiLocale(locale))
            let segments = try ParallelSegmentBuild.localeSegments(table, rank: 0, catalog: catalog)
            let path = EmojiCatalog.bundledDirectory.appendingPathComponent(SearchSegmentFile.deltaFileName(locale))
            let delta = try #require(
                try SearchSegmentFile.readDelta(
                    path: path.path, entryCount: catalog.allEntries.count, localeRank: 0, source: .locale(table)))
            return (
                try EmojiSearch(catalog: catalog, locale: MojiLocale(locale)),
                try EmojiSearch(catalog: try EmojiCatalog(directory: folder), locale: MojiLocale(locale)),
                segments.count, delta.replaced
            )
        }
        #expect(segmentCount == 2)
        #expect(!replaced.isEmpty)
        for query in try Self.queries(locale: locale, replaced: replaced) {
            let expected = built.results(for: query, options: SearchOptions(limit: 12))
            let actual = withDelta.results(for: query, options: SearchOptions(limit: 12))
            #expect(actual.map(\.item.text) == expected.map(\.item.text), "\(locale): \(query)")
            #expect(actual.map(\.relevance) == expected.map(\.relevance), "\(locale): \(query)")
        }
    }

    @Test("the committed delta is what the current search code builds (rebuild the catalog if not)")
    func committedDeltaIsCurrent() async throws {
        let (delta, replaced, built) = try await offCooperativePool {
            () throws -> (SearchSegmentFile.Delta, [Int]?, SearchSegment) in
            let catalog = EmojiCatalog.shared
            let table = try catalog.localized("de-CH")
            let emojis = Array(catalog.neutralEmojis)
            let path = EmojiCatalog.bundledDirectory.appendingPathComponent(SearchSegmentFile.deltaFileName("de-CH"))
            let delta = try #require(
                try SearchSegmentFile.readDelta(
                    path: path.path, entryCount: catalog.allEntries.count, localeRank: 0, source: .locale(table)))
            let replaced = try SearchIndex.replacedEntries(of: table, from: try catalog.localized("de"), emojis: emojis)
            let kept = Set(delta.replaced)
            let built = try SearchIndex.localeSegment(table, emojis: emojis.filter { kept.contains($0.index) }, rank: 0)
            return (delta, replaced, built)
        }
        #expect(delta.parent == "de")
        #expect(delta.replaced == replaced)
        SearchSegmentFileTests.expectEqual(delta.segment, built)
    }

    @Test("a regional locale finds its own names and its language's everyday words")
    func ownNamesAndInheritedWords() throws {
        let british = try EmojiSearch(locale: "en-GB")
        #expect(british.results(for: "aubergine").first?.item.text == "🍆")
        #expect(british.results(for: "lol").first?.item.text == "😂")
        let swiss = try EmojiSearch(locale: "de-CH")
        #expect(swiss.results(for: "bussi").first?.item.text == "😘")
        #expect(swiss.results(for: "urlaub").isEmpty == false)
        // British spelling is a name's word in en-GB; in English it is found only by its start
        // ("savo", of "savoring") or one typo away.
        #expect(british.results(for: "savouring").first?.item.text == "😋")
        #expect(british.results(for: "savouring").first?.relevance == .nameWord)
        let american = try EmojiSearch(locale: "en")
        #expect(american.results(for: "savouring").first?.relevance == .shortenedWord)
    }

    @Test("only regional locales have a delta, and every locale has one file or the other")
    func filesPerLocale() throws {
        let catalog = EmojiCatalog.shared
        var deltas = 0
        for locale in catalog.availableLocales {
            let identifier = locale.identifier
            let exists = { (name: String) in
                FileManager.default.fileExists(
                    atPath: EmojiCatalog.bundledDirectory.appendingPathComponent(name).path)
            }
            let full = exists(SearchSegmentFile.localeFileName(identifier))
            let delta = exists(SearchSegmentFile.deltaFileName(identifier))
            #expect(full != delta, "\(identifier): one search file")
            if delta {
                deltas += 1
                #expect(try catalog.localized(locale).chain.count > 1, "\(identifier) has no parent")
            }
        }
        #expect(deltas >= 10)
    }

    @Test("a catalog with a regional locale's full file, as older ones have, reads it")
    func fullFileIsRead() async throws {
        let data = try await offCooperativePool {
            try SearchSegmentFile.data(for: EmojiCatalog.shared, locale: "de-CH")
        }
        let folder = try SearchSegmentFileTests.catalogCopy(file: SearchSegmentFile.deltaFileName("de-CH")) {
            try FileManager.default.removeItem(at: $0)
            try data.write(
                to: $0.deletingLastPathComponent().appendingPathComponent("de-CH.search.bin.z"))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try EmojiCatalog(directory: folder)
        let segments = try ParallelSegmentBuild.localeSegments(try copy.localized("de-CH"), rank: 0, catalog: copy)
        #expect(segments.count == 1)
        let search = try EmojiSearch(catalog: copy, locale: "de-CH")
        let reference = try EmojiSearch(locale: "de-CH")
        for query in ["bussi", "herz", "lach", "katze", "velo", "glace"] {
            #expect(search.results(for: query).map(\.item.text) == reference.results(for: query).map(\.item.text))
        }
    }

    @Test(
        "a damaged delta is an error that names it", arguments: ["truncated", "cut short", "other parent", "unordered"])
    func damagedDelta(_ damage: String) throws {
        let name = SearchSegmentFile.deltaFileName("de-CH")
        let folder = try SearchSegmentFileTests.catalogCopy(file: name) { file in
            let compressed = [UInt8](try Data(contentsOf: file))
            if damage == "truncated" { return try Data(compressed.dropLast(compressed.count / 3)).write(to: file) }
            var bytes = try #require(Zlib.inflate(compressed))
            switch damage {
            case "cut short": bytes.removeLast(bytes.count / 3)
            case "other parent":
                // "de" becomes "fr", a locale that is not de-CH's parent.
                #expect(bytes[24] == UInt8(ascii: "d") && bytes[25] == UInt8(ascii: "e"))
                bytes[24] = UInt8(ascii: "f")
                bytes[25] = UInt8(ascii: "r")
            default:
                // The second replaced entry's difference (past the count at 26) becomes 0.
                var offset = 30
                while bytes[offset] >= 0x80 { offset += 1 }
                bytes[offset + 1] = 0
            }
            try Data(Zlib.deflate(bytes)).write(to: file)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try EmojiCatalog(directory: folder)
        let error = #expect(throws: CatalogError.self) { try EmojiSearch(catalog: copy, locale: "de-CH") }
        guard case .malformedBinaryFile(let path, _, let reason)? = error else {
            Issue.record("expected malformedBinaryFile, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix(name))
        if damage == "other parent" { #expect(reason.contains("not a parent of de-CH")) }
        #expect(error?.description.contains("moji-data build") == true)
    }
}
