import Foundation
import MojiSync
import Testing

/// A folder under the temporary directory, removed when the test ends.
private final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("moji-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` (a stand-in for image bytes: the listing never reads them) at `path`.
    func write(_ path: String, _ text: String = "GIF89a") throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func link(_ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: url.appendingPathComponent(path).path, withDestinationPath: destination)
    }
}

private let smilies = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/data/awful-smilies/2015-05/files")
    .appendingPathComponent("fi.somethingawful.com/images/smilies")

@Suite("a folder of images")
struct FolderSourceTests {
    private func reasons(_ listing: SourceListing) -> [String: String] {
        Dictionary(listing.skipped.map { ($0.entry, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("file names are codes, emoji.json gives names, keywords and groups, subfolders are groups")
    func describedFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("smith.gif")
        try folder.write("Ohdear.PNG")
        try folder.write("cats/blobcat.png")
        try folder.write("cats/blobcat_heart.webp")
        try folder.write("LICENSE.txt", "CC-BY")
        try folder.write(".DS_Store")
        try folder.write(".hidden/secret.png")
        try folder.write(
            "emoji.json",
            """
            {"smith": {"name": "Agent Smith", "keywords": ["matrix", "agent", 7], "group": "Movies", "author": "x"},
             ":blobcat_heart:": {"name": "blob cat heart", "group": "Love"},
             "ohdear": {"name": "oh dear", "keywords": "not a list"},
             "ghost": {"name": "no image"}}
            """)
        let listing = try FolderSource.listing(of: folder.url)
        #expect(listing.emoji.map(\.code) == ["Ohdear", "smith", "blobcat", "blobcat_heart"])
        #expect(
            listing.emoji.map(\.image) == ["Ohdear.PNG", "smith.gif", "cats/blobcat.png", "cats/blobcat_heart.webp"])
        #expect(listing.emoji.map(\.name) == ["oh dear", "Agent Smith", "blobcat", "blob cat heart"])
        #expect(listing.emoji.map(\.keywords) == [[], ["matrix", "agent"], [], []])
        #expect(listing.emoji.map(\.group) == [nil, "Movies", "cats", "Love"])
        #expect(listing.groups == ["Movies", "cats", "Love"])
        #expect(reasons(listing) == ["ghost": "emoji.json describes it, but the folder has no image for it"])
    }

    @Test("a bad code, a repeated code, deep folders, links out of the folder and non-files are skipped with why")
    func hostileFolder() throws {
        let parent = try TemporaryFolder()
        try parent.write("outside.png")
        try parent.write("set/smith.gif")
        let folder = parent.url.appendingPathComponent("set")
        try parent.write("set/smith.png")
        try parent.write("set/two words.png")
        try parent.write("set/a/b/deep.png")
        try parent.link("set/escape.png", to: "../outside.png")
        try parent.link("set/absolute.png", to: parent.url.appendingPathComponent("outside.png").path)
        try parent.link("set/inside.gif", to: "smith.gif")
        try parent.link("set/broken.png", to: "nothing-here.png")
        try parent.link("set/loop", to: ".")
        #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
        let listing = try FolderSource.listing(of: folder)
        #expect(listing.emoji.map(\.code) == ["inside", "smith"])
        #expect(listing.emoji.map(\.image) == ["inside.gif", "smith.gif"])
        let why = reasons(listing)
        #expect(why["escape.png"] == "is a link to a file outside the folder")
        #expect(why["absolute.png"] == "is a link to a file outside the folder")
        #expect(why["broken.png"] == "is a link to nothing")
        #expect(why["loop"] == "is a link to a folder, which is not followed")
        #expect(why["pipe.png"] == "is not a regular file")
        #expect(why["two words.png"] == "the code holds white space or a colon")
        #expect(why["smith.png"] == "the code :smith: is listed earlier, and the first one is kept")
        #expect(why["a/b/"] == "is a folder two levels deep; only one level is read")
        #expect(listing.skipped.count == 8)
    }

    @Test("a malformed, oversized or non-object emoji.json, and a missing folder, are errors")
    func unusableFolders() throws {
        let folder = try TemporaryFolder()
        try folder.write("smith.gif")
        let manifest = folder.url.appendingPathComponent("emoji.json").path
        try folder.write("emoji.json", "{\"smith\": {\"name\": \"Agent Smith\"},\n \"x\": }")
        #expect(
            throws: SourceError(source: manifest, reason: "is not valid JSON: Invalid value around line 2, column 7.")
        ) { try FolderSource.listing(of: folder.url) }
        try folder.write("emoji.json", "[\"smith\"]")
        #expect(throws: SourceError(source: manifest, reason: "is a list, not an object of codes")) {
            try FolderSource.listing(of: folder.url)
        }
        try folder.write("emoji.json", "{\"smith\": {\"name\": \"" + String(repeating: "x", count: 5_000) + "\"}}")
        #expect(throws: SourceError.self) { try FolderSource.listing(of: folder.url, maximumManifestSize: 4_096) }
        #expect(try FolderSource.listing(of: folder.url, maximumManifestSize: 8_192).emoji.count == 1)
        let missing = folder.url.appendingPathComponent("missing")
        #expect(throws: SourceError(source: missing.path, reason: "is not a folder")) {
            try FolderSource.listing(of: missing)
        }
    }

    @Test(
        "the Something Awful smilie images of 2015-05 read as a folder give one emoji per file",
        .enabled(if: FileManager.default.fileExists(atPath: smilies.path)))
    func realSmilies() throws {
        let listing = try FolderSource.listing(of: smilies)
        #expect(listing.emoji.count == 98)
        #expect(listing.skipped.isEmpty)
        #expect(listing.groups.isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: smilies.path).sorted()
        #expect(listing.emoji.map(\.image) == names)
        #expect(listing.emoji.first { $0.code == "emot-2001" }?.image == "emot-2001.png")
        #expect(listing.emoji.filter { $0.image.hasSuffix(".gif") }.count == 93)
    }
}
