import Foundation
import Testing

@testable import Moji

/// The segments `moji-data` writes into the catalog (`search-universal.bin.z` and one per locale), read back.
@Suite("Search universal segment file")
struct SearchSegmentFileTests {
    static func expectEqual(_ actual: SearchSegment, _ reference: SearchSegment) {
        for (table, expected) in [(actual.words, reference.words), (actual.phrases, reference.phrases)] {
            #expect(table.bytes == expected.bytes)
            #expect(table.starts == expected.starts)
            #expect(table.postingStarts == expected.postingStarts)
            #expect(table.postings == expected.postings)
        }
        #expect(actual.grams == reference.grams)
    }

    /// A copy of the bundled catalog in a temporary folder, whose search file `name` (the
    /// universal one unless said) `change` rewrites.
    static func catalogCopy(file name: String = SearchSegmentFile.fileName, _ change: (URL) throws -> Void) throws
        -> URL
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-search-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: EmojiCatalog.bundledDirectory, to: folder)
        try change(folder.appendingPathComponent(name))
        return folder
    }

    @Test("the committed file is what the current search code builds (rebuild the catalog if not)")
    func committedFileIsCurrent() throws {
        let catalog = EmojiCatalog.shared
        let path = EmojiCatalog.bundledDirectory.appendingPathComponent(SearchSegmentFile.fileName).path
        let read = try #require(try SearchSegmentFile.read(path: path, entryCount: catalog.allEntries.count))
        Self.expectEqual(read, SearchIndex.universalSegment(Array(catalog.neutralEmojis), catalog: catalog))
        #expect(read.words.count > 2000 && read.phrases.count > 5000)
    }

    @Test("encoding then reading gives the same segment, Japanese grams included")
    func roundTrip() throws {
        let catalog = EmojiCatalog.shared
        let table = try catalog.localized("ja")
        let segment = try SearchIndex.localeSegment(table, emojis: Array(catalog.neutralEmojis), rank: 0)
        #expect(!segment.grams.isEmpty)
        let folder = try Self.catalogCopy { file in
            try Data(Zlib.deflate(SearchSegmentFile.encode(segment, entryCount: catalog.allEntries.count))).write(
                to: file)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(SearchSegmentFile.fileName).path
        let read = try #require(try SearchSegmentFile.read(path: path, entryCount: catalog.allEntries.count))
        Self.expectEqual(read, segment)
    }

    @Test("a catalog without the file builds the segment and finds the same")
    func missingFileIsBuilt() throws {
        let folder = try Self.catalogCopy { try FileManager.default.removeItem(at: $0) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try EmojiCatalog(directory: folder)
        let search = try EmojiSearch(catalog: copy, locales: ["en"])
        let reference = try EmojiSearch(catalog: .shared, locales: ["en"])
        for query in [":+1:", ":tada:", "thumbsup", ":-)", "👍", "party_popper", "pizaa"] {
            #expect(search.results(for: query).map(\.item.text) == reference.results(for: query).map(\.item.text))
        }
        #expect(search.results(for: ":tada:").first?.item.text == "🎉")
    }

    @Test(
        "a damaged file is an error that names it and says to rebuild",
        arguments: [
            SearchSegmentFile.fileName, SearchSegmentFile.localeFileName("en"),
        ],
        [
            "truncated", "garbage", "not a segment", "cut short", "other rules", "other catalog", "unsorted",
            "unknown entry",
        ])
    func damagedFile(_ name: String, _ damage: String) throws {
        let folder = try Self.catalogCopy(file: name) { file in
            let compressed = [UInt8](try Data(contentsOf: file))
            switch damage {
            case "truncated": return try Data(compressed.dropLast(compressed.count / 3)).write(to: file)
            case "garbage": return try Data("not a compressed file at all".utf8).write(to: file)
            default: break
            }
            var bytes = try #require(Zlib.inflate(compressed))
            switch damage {
            case "not a segment": bytes = Array("not a search segment at all".utf8)
            case "cut short": bytes.removeLast(bytes.count / 3)
            case "other rules": bytes[12] &+= 1
            case "other catalog": bytes[16] &+= 1
            case "unsorted":
                // The second word term shares nothing with the first and starts lower.
                let second = 32 + 2 + Int(bytes[33])
                bytes[second] = 0
                bytes[second + 2] = 0x01
            default:
                // The first posting of the words table names an entry past the catalog's end.
                Self.corruptFirstPosting(&bytes)
            }
            try Data(Zlib.deflate(bytes)).write(to: file)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try EmojiCatalog(directory: folder)
        let error = #expect(throws: CatalogError.self) { try EmojiSearch(catalog: copy, locales: ["en"]) }
        guard case .malformedBinaryFile(let path, let offset, _)? = error else {
            Issue.record("expected malformedBinaryFile, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix(name))
        // Where the damage is: the header's fields at their offsets, the tables past the header
        // (they once all said `line: 0`).
        switch damage {
        case "garbage", "not a segment": #expect(offset == 0)
        case "other rules": #expect(offset == 8)
        case "other catalog": #expect(offset == 16)
        default: #expect(offset >= 20)
        }
        #expect(error?.description.contains("byte \(offset)") == true)
        #expect(error?.description.contains("moji-data build") == true)
    }

    /// Makes the words table's first posting name entry 32767 (past the catalog) by rewriting
    /// the file's first posting difference as a three-byte varint.
    static func corruptFirstPosting(_ bytes: inout [UInt8]) {
        var offset = 20
        let count = Int(UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16)
        offset += 12
        func varint() -> Int {
            var value = 0
            var shift = 0
            while true {
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }
        for _ in 0..<count {
            _ = varint()
            offset += varint()
        }
        // The first term's posting count, then its first posting's zigzag difference.
        _ = varint()
        let start = offset
        _ = varint()
        bytes.replaceSubrange(start..<offset, with: [0xFE, 0xFF, 0x03])
    }
}
