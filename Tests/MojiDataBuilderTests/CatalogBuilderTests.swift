import Foundation
import Moji
import MojiTestSupport
import Testing

@testable import MojiDataBuilder

/// The raw data beside the repository, and the committed catalog.
enum Paths {
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sharedData = package.deletingLastPathComponent().appendingPathComponent("shared/data")
    static let committedCatalog = package.appendingPathComponent("Sources/Moji/Resources/Catalog")
    /// Moji's own search data: everyday words and the generated priors.
    static let searchData = package.appendingPathComponent("data")
    /// The reviewed group-name tables, committed beside the sources.
    static let groupNames = package.appendingPathComponent("data/group-names")
    static var hasSharedData: Bool {
        FileManager.default.fileExists(atPath: sharedData.appendingPathComponent("unicode").path)
    }
}

@Suite("Building the catalog", .enabled(if: Paths.hasSharedData, "needs ../shared/data"), .serialized)
struct CatalogBuilderTests {
    /// The committed files came from an earlier run, so equality also shows the build is repeatable.
    @Test("rebuilding from ../shared/data gives the committed files, byte for byte")
    func deterministic() async throws {
        let built = try await offCooperativePool {
            try CatalogBuilder(
                source: Paths.sharedData, groupNamesFolder: Paths.groupNames, searchData: Paths.searchData
            ).build()
        }
        #expect(built.unicodeVersion == "17.0")
        let committed = FileManager.default.enumerator(atPath: Paths.committedCatalog.path)!.allObjects as! [String]
        let committedFiles = Set(committed.filter { !$0.hasSuffix("locales") })
        #expect(
            committedFiles == Set(built.files.keys), "the committed catalog is stale: run `swift run moji-data build`")
        for (path, data) in built.files {
            let onDisk = try Data(contentsOf: Paths.committedCatalog.appendingPathComponent(path))
            #expect(onDisk == data, "\(path) differs: run `swift run moji-data build`")
        }
    }

    @Test("the unchanged builder reads the Emoji 18.0 draft")
    func forwardCompatible() async throws {
        let built = try await offCooperativePool {
            try CatalogBuilder(
                source: Paths.sharedData, unicodeFolder: "18.0-draft", groupNamesFolder: Paths.groupNames
            ).build()
        }
        #expect(built.unicodeVersion == "18.0")
        #expect(built.emojiCount == built.statusCounts[.fullyQualified])
        #expect(built.componentCount == built.statusCounts[.component])
        #expect(built.otherFormCount == built.statusCounts[.minimallyQualified]! + built.statusCounts[.unqualified]!)
        #expect(built.emojiCount == 3963)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-18-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try built.write(to: folder)
        let catalog = try EmojiCatalog(directory: folder)
        #expect(catalog.unicodeVersion == "18.0")
        #expect(catalog.emojis.count == 3963)
        let pickle = try #require(catalog.emoji(for: "\u{1FADD}"))
        #expect(pickle.version == "18.0")
        #expect(pickle.name() == "pickle")
        let thumb = try #require(catalog.emoji(for: "\u{1FAF9}"))
        #expect(thumb.withSkinTone(.dark)?.character == "\u{1FAF9}\u{1F3FF}")
        #expect(catalog.emojis(upTo: "17.0").count == EmojiCatalog.shared.emojis(upTo: "17.0").count)
    }
}

@Suite("Builder errors name the file and line")
struct BuildErrorTests {
    /// A data folder whose unicode/17.0 holds the given emoji-test.txt.
    func dataFolder(emojiTest: String?) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-data-\(UUID().uuidString)")
        let unicode = folder.appendingPathComponent("unicode/17.0")
        try FileManager.default.createDirectory(at: unicode, withIntermediateDirectories: true)
        if let emojiTest { try Data(emojiTest.utf8).write(to: unicode.appendingPathComponent("emoji-test.txt")) }
        return folder
    }

    @Test("a missing input names the file")
    func missing() throws {
        let folder = try dataFolder(emojiTest: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            throws: BuildError.missingInput(path: folder.appendingPathComponent("unicode/17.0/emoji-test.txt").path)
        ) {
            try CatalogBuilder(source: folder).build()
        }
    }

    @Test("a malformed line names the file and line")
    func malformed() throws {
        let text =
            "# Version: 17.0\n# group: Smileys & Emotion\n# subgroup: face-smiling\n1F600 ; fully-qualified # 😀 E1.0 grinning face\nZZZZ ; fully-qualified # ? E1.0 broken\n"
        let folder = try dataFolder(emojiTest: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            throws: BuildError.malformedInput(
                path: folder.appendingPathComponent("unicode/17.0/emoji-test.txt").path, line: 5,
                reason: "'ZZZZ' is not a code point")
        ) {
            try CatalogBuilder(source: folder).build()
        }
    }

    @Test("malformed JSON names the file")
    func malformedJSON() throws {
        guard Paths.hasSharedData else { return }
        let folder = try dataFolder(
            emojiTest: try String(
                contentsOf: Paths.sharedData.appendingPathComponent("unicode/17.0/emoji-test.txt"), encoding: .utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.sharedData.appendingPathComponent("unicode/17.0/emoji-data.txt"),
            to: folder.appendingPathComponent("unicode/17.0/emoji-data.txt"))
        let annotations = folder.appendingPathComponent("cldr-48/annotations")
        try FileManager.default.createDirectory(at: annotations, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("cldr-48/annotationsDerived"), withIntermediateDirectories: true)
        try Data("{\"annotations\": {\n  \"identity\": [,\n}".utf8).write(
            to: annotations.appendingPathComponent("en.json"))
        let error = #expect(throws: BuildError.self) { try CatalogBuilder(source: folder).build() }
        guard case .malformedInput(let path, _, let reason)? = error else {
            Issue.record("expected malformedInput, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("cldr-48/annotations/en.json"))
        #expect(reason.contains("JSON"))
    }
}
