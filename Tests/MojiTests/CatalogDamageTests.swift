import Foundation
import Testing

@testable import Moji

/// A catalog folder someone hands Moji, damaged file by file. Before, the shortcode tables,
/// keywords and emoji properties of such a folder were read on first use and a damaged one
/// stopped the process (`fatalError`), a damaged locale quietly became English, and binary files
/// reported `line: 0`.
@Suite("A damaged user catalog gives CatalogError, never a crash")
struct CatalogDamageTests {
    /// A copy of the bundled catalog with the core files and the English and Japanese locales,
    /// removed when `body` returns, after `damage` rewrote the file at `name`.
    static func withDamagedCopy(
        of name: String, _ damage: (URL) throws -> Void,
        _ body: (URL, String) throws -> Void
    ) throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("moji-damaged-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        let bundled = EmojiCatalog.bundledDirectory
        try manager.createDirectory(
            at: folder.appendingPathComponent(CatalogFormat.localesFolder),
            withIntermediateDirectories: true)
        var files = [
            CatalogFormat.coreFile, EmojiTableFormat.fileName, EmojiProperties.fileName,
            CatalogFormat.shortcodesFile, SearchSegmentFile.fileName,
        ]
        for locale in ["en", "ja"] {
            files += [
                CatalogFormat.localeFile(locale), CatalogFormat.localeKeywordsFile(locale),
                SearchSegmentFile.localeFileName(locale),
            ]
        }
        for file in files {
            try manager.copyItem(at: bundled.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        let file = folder.appendingPathComponent(name)
        try damage(file)
        try body(folder, file.path)
    }

    /// Cuts a compressed file short, so its zlib stream ends early.
    static func truncate(_ file: URL) throws {
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count / 2).write(to: file)
    }

    /// Writes `text` as the file, compressed when the name says so.
    /// A damage that replaces the file with `text`.
    static func replacing(with text: String) -> (URL) throws -> Void { { try write(text, to: $0) } }

    /// No damage.
    static func untouched(_ file: URL) {}

    static func write(_ text: String, to file: URL) throws {
        let bytes = Array(text.utf8)
        try Data(file.pathExtension == "z" ? Zlib.deflate(bytes) : bytes).write(to: file)
    }

    @Test("a damaged shortcode file fails when the catalog opens (it crashed on the first shortcode)")
    func shortcodes() throws {
        try Self.withDamagedCopy(
            of: CatalogFormat.shortcodesFile,
            Self.replacing(with: "\(CatalogFormat.shortcodesKind)\t1\nk\tgithub\tnot-an-index\tsmile\n")
        ) { folder, path in
            #expect(
                throws: CatalogError.malformedFile(
                    path: path, line: 2, reason: "a shortcode record needs a preset, an emoji index and codes")
            ) {
                try EmojiCatalog(directory: folder)
            }
        }
        try Self.withDamagedCopy(of: CatalogFormat.shortcodesFile, Self.truncate) { folder, path in
            let error = #expect(throws: CatalogError.self) { try EmojiCatalog(directory: folder) }
            guard case .malformedBinaryFile(path, let offset, _)? = error else {
                Issue.record("expected malformedBinaryFile for \(path), got \(String(describing: error))")
                return
            }
            #expect(offset > 0)
        }
    }

    @Test("damaged English names or keywords fail when the catalog opens")
    func english() throws {
        for file in [CatalogFormat.localeFile("en"), CatalogFormat.localeKeywordsFile("en")] {
            try Self.withDamagedCopy(of: file, Self.truncate) { folder, path in
                let error = #expect(throws: CatalogError.self) { try EmojiCatalog(directory: folder) }
                #expect(error?.path == path)
            }
        }
    }

    @Test("a damaged locale is an error naming its file, and the same error when asked again")
    func locale() throws {
        for file in [CatalogFormat.localeFile("ja"), CatalogFormat.localeKeywordsFile("ja")] {
            try Self.withDamagedCopy(of: file, Self.truncate) { folder, path in
                let catalog = try EmojiCatalog(directory: folder)
                #expect(catalog.loadErrors.isEmpty)
                let error = #expect(throws: CatalogError.self) { try catalog.localized("ja") }
                #expect(error?.path == path)
                #expect(error?.description.contains("moji-data build") == true)
                let again = #expect(throws: CatalogError.self) { try catalog.localized("ja") }
                #expect(again == error)
                #expect(throws: CatalogError.self) { try EmojiSearch(catalog: catalog, locale: "ja") }
                #expect(throws: CatalogError.self) { try Emojifier(catalog: catalog, presets: [.cldr], locale: "ja") }
            }
        }
    }

    @Test("a damaged locale is not silently English: the fallback is in loadErrors")
    func localeFallback() throws {
        try Self.withDamagedCopy(of: CatalogFormat.localeFile("ja"), Self.truncate) { folder, path in
            let catalog = try EmojiCatalog(directory: folder)
            let thumbsUp = try #require(catalog.emoji(for: "👍"))
            // Names cannot throw: English, as documented, with the damage recorded.
            #expect(thumbsUp.name(in: "ja") == "thumbs up")
            #expect(catalog.loadErrors.map(\.path) == [path])
            #expect(thumbsUp.keywords(in: "ja").contains("up"))
            #expect(catalog.loadErrors.count == 1)
        }
    }

    @Test("a damaged properties file is an error of the scanner (it crashed)")
    func properties() throws {
        try Self.withDamagedCopy(
            of: EmojiProperties.fileName,
            Self.replacing(with: "\(EmojiProperties.kind)\t1\nr\tEmoji\t1F600\nr\tNoSuchProperty\t1F601\n")
        ) { folder, path in
            let catalog = try EmojiCatalog(directory: folder)
            let expected = CatalogError.malformedFile(
                path: path, line: 3, reason: "expected 'r', a known property name and a code point range")
            #expect(throws: expected) { try EmojiScanner(catalog: catalog) }
            #expect(throws: expected) { try Demojifier(preset: .github, catalog: catalog) }
            #expect(catalog.loadErrors == [expected])
        }
    }

    @Test("a sound user catalog scans, emojifies and demojifies as the bundled one")
    func soundCopy() throws {
        try Self.withDamagedCopy(of: "unused", Self.untouched) { folder, _ in
            let catalog = try EmojiCatalog(directory: folder)
            let scanner = try EmojiScanner(catalog: catalog)
            #expect(scanner.count(in: "a 👍🏽 b 🇺🇸") == 2)
            let demojifier = try Demojifier(preset: .cldr, catalog: catalog, locale: "ja", scanner: scanner)
            let emojifier = try Emojifier(catalog: catalog, presets: [.cldr], locale: "ja")
            let text = "やった 🎉!"
            #expect(emojifier.emojify(demojifier.demojify(text)) == text)
            #expect(demojifier.demojify(text) == Demojifier(preset: .cldr, locale: "ja").demojify(text))
            #expect(catalog.emoji(forShortcode: ":tada:")?.character == "🎉")
            #expect(catalog.loadErrors.isEmpty)
        }
    }

    @Test("a damaged search segment names the file and a byte offset")
    func segment() throws {
        try Self.withDamagedCopy(of: SearchSegmentFile.localeFileName("ja"), Self.truncate) { folder, path in
            let catalog = try EmojiCatalog(directory: folder)
            let error = #expect(throws: CatalogError.self) { try EmojiSearch(catalog: catalog, locale: "ja") }
            guard case .malformedBinaryFile(path, let offset, _)? = error else {
                Issue.record("expected malformedBinaryFile for \(path), got \(String(describing: error))")
                return
            }
            #expect(offset > 0)
        }
    }

    @Test("the bundled catalog, used everywhere, records no damage")
    func bundled() throws {
        let catalog = EmojiCatalog.shared
        _ = catalog.emoji(for: "👍")?.name(in: "ja")
        _ = catalog.emoji(for: "👍")?.keywords(in: "de")
        _ = catalog.emoji(forShortcode: ":tada:")
        _ = try EmojiScanner(catalog: catalog)
        #expect(catalog.loadErrors.isEmpty)
    }
}
