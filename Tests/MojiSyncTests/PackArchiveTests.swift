import Foundation
import MojiSync
import Testing
import ZIPFoundation

/// What goes into a test archive.
private enum Item {
    case file(String, Data)
    case folder(String)
    case link(String, to: String)

    static func text(_ path: String, _ text: String) -> Item { .file(path, Data(text.utf8)) }
}

/// Zip archives written with ZIPFoundation in a folder under the temporary directory, removed
/// when the test ends. Entries go in as given, `../` and absolute paths included.
private final class Packs {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-packs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func zip(_ items: [Item], named name: String = "pack.zip") throws -> URL {
        let url = folder.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for item in items {
            switch item {
            case .file(let path, let data):
                try archive.addEntry(
                    with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
                ) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            case .folder(let path):
                try archive.addEntry(with: path, type: .directory, uncompressedSize: Int64(0)) { (_: Int64, _: Int) in
                    Data()
                }
            case .link(let path, let target):
                let data = Data(target.utf8)
                try archive.addEntry(with: path, type: .symlink, uncompressedSize: Int64(data.count)) {
                    position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
        }
        return url
    }
}

/// The first bytes of a PNG, enough to tell images apart in these tests.
private func png(_ tag: String) -> Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(tag.utf8) }

private func reasons(_ listing: SourceListing) -> [String: String] {
    Dictionary(listing.skipped.map { ($0.entry, $0.reason) }, uniquingKeysWith: { first, _ in first })
}

/// The reason of the SourceError `body` throws, or nil when it throws none.
private func sourceError(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as SourceError {
        return error.reason
    } catch {
        return "not a SourceError: \(error)"
    }
}

@Suite("emoji packs (zip archives with a manifest)")
struct PackArchiveTests {
    @Test("a Pleroma pack: files map codes to paths, sorted by code; images read back exactly")
    func pleromaPack() throws {
        let packs = try Packs()
        let url = try packs.zip([
            .text(
                "pack.json",
                """
                {"files": {"blobfox": "fox/blobfox.png", "blobcat": "blobcat.png", "bad code": "blobcat.png",
                           "blobcat_wave": "./fox\\\\wave.png", "number": 7},
                 "pack": {"description": "Blobs", "license": "Apache 2.0", "homepage": "https://blobs.gg",
                          "share-files": true},
                 "files_count": 5}
                """),
            .file("blobcat.png", png("cat")),
            .folder("fox/"),
            .file("fox/blobfox.png", png("fox")),
            .file("fox/wave.png", png("wave")),
            .text("LICENSE", "Apache 2.0"),
        ])
        let pack = try PackArchive(url: url)
        #expect(pack.manifestPath == "pack.json")
        #expect(pack.listing.emoji.map(\.code) == ["blobcat", "blobcat_wave", "blobfox"])
        #expect(pack.listing.emoji.map(\.image) == ["blobcat.png", "fox/wave.png", "fox/blobfox.png"])
        #expect(pack.listing.emoji.map(\.name) == ["blobcat", "blobcat_wave", "blobfox"])
        #expect(pack.listing.groups.isEmpty)
        #expect(pack.listing.skipped.count == 2)
        #expect(reasons(pack.listing)["bad code"] == "the code holds white space or a colon")
        #expect(reasons(pack.listing)["number"] == "its file is a number, not a path")
        #expect(try pack.imageData(at: "fox/blobfox.png", maximumBytes: 1 << 20) == png("fox"))
        #expect(try pack.imageData(at: "blobcat.png", maximumBytes: 1 << 20) == png("cat"))
        // The licence is in the archive but is no image of the listing; it still reads.
        #expect(try pack.imageData(at: "LICENSE", maximumBytes: 100) == Data("Apache 2.0".utf8))
    }

    @Test("a Misskey export: order kept, aliases are keywords, categories groups, downloaded: false skipped")
    func misskeyExport() throws {
        let packs = try Packs()
        let url = try packs.zip([
            .text(
                "meta.json",
                """
                {"metaVersion": 2, "host": "misskey.example", "exportedAt": "2024-05-01T10:00:00.000Z",
                 "emojis": [
                  {"fileName": "neko.png", "downloaded": true,
                   "emoji": {"id": "9abc", "name": "neko", "category": "Animals", "aliases": ["cat", "", "ねこ", "cat"],
                             "license": null, "isSensitive": false, "localOnly": false}},
                  {"fileName": "ramen.gif", "downloaded": true,
                   "emoji": {"name": "ramen", "category": "Food", "aliases": []}},
                  {"fileName": "lost.png", "downloaded": false, "emoji": {"name": "lost", "category": "Food"}},
                  {"fileName": "inu.webp", "downloaded": true, "emoji": {"name": "inu", "category": "Animals"}},
                  {"fileName": "x.png", "downloaded": true, "emoji": {"category": "Animals"}},
                  "not an object"
                 ]}
                """),
            .file("neko.png", png("neko")),
            .file("ramen.gif", Data("GIF89a".utf8)),
            .file("inu.webp", Data("RIFF".utf8)),
        ])
        let pack = try PackArchive(url: url)
        #expect(pack.manifestPath == "meta.json")
        #expect(pack.listing.emoji.map(\.code) == ["neko", "ramen", "inu"])
        #expect(pack.listing.emoji.map(\.keywords) == [["cat", "ねこ"], [], []])
        #expect(pack.listing.emoji.map(\.group) == ["Animals", "Food", "Animals"])
        #expect(pack.listing.groups == ["Animals", "Food"])
        #expect(pack.listing.skipped.count == 3)
        #expect(reasons(pack.listing)["lost"] == "the export has no image for it (\"downloaded\": false)")
        #expect(reasons(pack.listing)["entry 5"] == "has no emoji.name")
        #expect(reasons(pack.listing)["entry 6"] == "is a string, not an emoji object")
        #expect(try pack.imageData(at: "ramen.gif", maximumBytes: 6) == Data("GIF89a".utf8))
    }

    @Test("a manifest in the single top folder: images are archive paths; __MACOSX is ignored")
    func manifestInTopFolder() throws {
        let packs = try Packs()
        let url = try packs.zip([
            .folder("blobs/"),
            .text("blobs/pack.json", #"{"files": {"blobcat": "blobcat.png", "blobfox": "more/blobfox.png"}}"#),
            .file("blobs/blobcat.png", png("cat")),
            .file("blobs/more/blobfox.png", png("fox")),
            .file("__MACOSX/blobs/._blobcat.png", Data([0, 5, 22, 7])),
        ])
        let pack = try PackArchive(url: url)
        #expect(pack.manifestPath == "blobs/pack.json")
        #expect(pack.listing.emoji.map(\.image) == ["blobs/blobcat.png", "blobs/more/blobfox.png"])
        #expect(pack.listing.skipped.isEmpty)
        #expect(try pack.imageData(at: "blobs/more/blobfox.png", maximumBytes: 1 << 10) == png("fox"))
    }

    @Test("two top folders, or a manifest two levels down, is no manifest")
    func manifestTooDeep() throws {
        let packs = try Packs()
        let twoFolders = try packs.zip(
            [.text("a/pack.json", #"{"files": {}}"#), .file("b/x.png", png("x"))], named: "two.zip")
        let deep = try packs.zip([.text("a/b/pack.json", #"{"files": {}}"#)], named: "deep.zip")
        for url in [twoFolders, deep] {
            let reason = sourceError { _ = try PackArchive(url: url) }
            #expect(reason?.hasPrefix("has no pack.json (Pleroma, Akkoma) or meta.json (Misskey's export)") == true)
        }
    }

    @Test("entries with ../, absolute paths, backslashes and symlinks are skipped, and so are their emoji")
    func hostileEntries() throws {
        let packs = try Packs()
        let url = try packs.zip([
            .text(
                "pack.json",
                #"""
                {"files": {"ok": "ok.png", "evil": "../evil.png", "passwd": "/etc/passwd", "win": "..\\win.png",
                           "drive": "C:\\x.png", "link": "link.png", "gone": "gone.png"}}
                """#),
            .file("ok.png", png("ok")),
            .file("../evil.png", png("evil")),
            .file("/etc/passwd", Data("root:x:0:0".utf8)),
            .file("sub\\..\\..\\win.png", png("win")),
            .link("link.png", to: "/etc/passwd"),
            .file("ok.png", png("second")),
        ])
        let pack = try PackArchive(url: url)
        #expect(pack.listing.emoji.map(\.code) == ["ok"])
        let skipped = reasons(pack.listing)
        // Five entries, six emoji.
        #expect(pack.listing.skipped.count == 11)
        #expect(skipped["../evil.png"] == "has a `..` component, which would leave the pack")
        #expect(skipped["/etc/passwd"] == "is an absolute path, which would leave the pack")
        #expect(skipped["sub\\..\\..\\win.png"] == "has a `..` component, which would leave the pack")
        #expect(skipped["link.png"] == "is a symbolic link, which a pack never needs")
        #expect(skipped["ok.png"] == "is in the archive twice, and the first one is kept")
        #expect(skipped["evil"] == "its file ../evil.png has a `..` component, which would leave the pack")
        #expect(skipped["passwd"] == "its file /etc/passwd is an absolute path, which would leave the pack")
        #expect(skipped["win"] == "its file ..\\win.png has a `..` component, which would leave the pack")
        #expect(
            skipped["drive"] == "its file C:\\x.png is an absolute path (a drive letter), which would leave the pack")
        #expect(
            skipped["link"]
                == "its image link.png is a symbolic link, which a pack never needs, so it is not read")
        #expect(skipped["gone"] == "the manifest names the image gone.png, which the archive does not have")
        #expect(try pack.imageData(at: "ok.png", maximumBytes: 100) == png("ok"))
        for path in ["../evil.png", "/etc/passwd", "etc/passwd", "link.png", "evil.png", "gone.png"] {
            #expect(
                sourceError { _ = try pack.imageData(at: path, maximumBytes: 100) }
                    == "is not a file the pack has (or one that was skipped)")
        }
    }

    @Test("an archive expanding past the limit is refused before anything is extracted")
    func declaredZipBomb() throws {
        let packs = try Packs()
        let zeros = Data(count: 4 << 20)
        let url = try packs.zip([
            .text("pack.json", #"{"files": {"bomb": "bomb.png"}}"#), .file("bomb.png", zeros),
        ])
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        #expect(size < 64 << 10)
        let limits = PackLimits(maximumExpandedBytes: 1 << 20)
        #expect(
            sourceError { _ = try PackArchive(url: url, limits: limits) }
                == "expands to more than 1048576 bytes, the limit for a pack (it may be a zip bomb); it is refused unread"
        )
        // Under the default limit (256 MB) it opens, and an image limit still keeps it out.
        let pack = try PackArchive(url: url)
        #expect(PackLimits.default.maximumExpandedBytes == 256 << 20)
        #expect(
            sourceError { _ = try pack.imageData(at: "bomb.png", maximumBytes: 2 << 20) }
                == "expands to more than 2097152 bytes, the limit for this file; it is not read")
    }

    @Test("a header that lies about the expanded size is caught while extracting")
    func lyingZipBomb() throws {
        let packs = try Packs()
        let url = try packs.zip([
            .text("pack.json", #"{"files": {"bomb": "bomb.png"}}"#), .file("bomb.png", Data(count: 4 << 20)),
        ])
        // Both headers of bomb.png say 64 bytes: the central directory's (offset 24) and the
        // local one's (offset 22), found by their signatures and the name after them.
        var bytes = try Data(contentsOf: url)
        let name = Data("bomb.png".utf8)
        var patched = 0
        for start in 0..<(bytes.count - 50) {
            let signature = bytes[start..<start + 4]
            if signature == Data([0x50, 0x4B, 0x01, 0x02]), bytes[(start + 46)..<(start + 54)] == name {
                bytes.replaceSubrange((start + 24)..<(start + 28), with: [64, 0, 0, 0])
                patched += 1
            } else if signature == Data([0x50, 0x4B, 0x03, 0x04]), bytes[(start + 30)..<(start + 38)] == name {
                bytes.replaceSubrange((start + 22)..<(start + 26), with: [64, 0, 0, 0])
                patched += 1
            }
        }
        #expect(patched == 2)
        try bytes.write(to: url)
        // The declared total is now far under 1 MB, so the archive opens…
        let pack = try PackArchive(url: url, limits: PackLimits(maximumExpandedBytes: 1 << 20))
        #expect(pack.listing.emoji.map(\.code) == ["bomb"])
        // …and reading stops at the limit, whatever the header said.
        #expect(
            sourceError { _ = try pack.imageData(at: "bomb.png", maximumBytes: 4 << 20) }
                == "expands to more than 1048576 bytes, the limit for this file; it is not read")
        #expect(
            sourceError { _ = try pack.imageData(at: "bomb.png", maximumBytes: 1000) }
                == "expands to more than 1000 bytes, the limit for this file; it is not read")
    }

    @Test("too many entries is refused")
    func tooManyEntries() throws {
        let packs = try Packs()
        let items = [Item.text("pack.json", #"{"files": {}}"#)] + (1...6).map { Item.file("e\($0).png", png("\($0)")) }
        let url = try packs.zip(items)
        #expect(
            sourceError { _ = try PackArchive(url: url, limits: PackLimits(maximumEntries: 6)) }
                == "has more than 6 entries, more than a pack needs; it is refused unread")
        #expect(try PackArchive(url: url, limits: PackLimits(maximumEntries: 7)).listing.emoji.isEmpty)
    }

    @Test("an image that is an HTML page is listed, and its bytes come back as they are")
    func htmlImage() throws {
        let packs = try Packs()
        let html = "<!DOCTYPE html><html><body>Not found</body></html>"
        let url = try packs.zip([
            .text("pack.json", #"{"files": {"page": "page.png", "real": "real.png"}}"#),
            .text("page.png", html), .file("real.png", png("real")),
        ])
        let pack = try PackArchive(url: url)
        #expect(pack.listing.emoji.map(\.code) == ["page", "real"])
        #expect(pack.listing.skipped.isEmpty)
        #expect(try pack.imageData(at: "page.png", maximumBytes: 1 << 20) == Data(html.utf8))
    }

    @Test("not a zip, no manifest, a manifest that is not JSON or not a manifest: errors that say what to do")
    func unusableArchives() throws {
        let packs = try Packs()
        let notZip = packs.folder.appendingPathComponent("page.zip")
        try Data("<html>login</html>".utf8).write(to: notZip)
        #expect(
            sourceError { _ = try PackArchive(url: notZip) }
                == "is not a zip archive; give the pack's .zip file, or unpack it and add its folder with --folder")
        let missing = packs.folder.appendingPathComponent("missing.zip")
        #expect(
            sourceError { _ = try PackArchive(url: missing) }
                == "cannot be read; give the path of the pack's .zip file")
        let noManifest = try packs.zip([.file("a.png", png("a")), .text("emoji.txt", "a, a.png")], named: "n.zip")
        #expect(
            sourceError { _ = try PackArchive(url: noManifest) }
                == "has no pack.json (Pleroma, Akkoma) or meta.json (Misskey's export) at its top or in its single top folder; add one, or unpack it and add its folder with --folder"
        )
        let broken = try packs.zip([.text("pack.json", "{\"files\": {\n  \"a\": }")], named: "b.zip")
        let brokenReason = sourceError { _ = try PackArchive(url: broken) }
        #expect(brokenReason?.hasPrefix("is not valid JSON") == true)
        #expect(brokenReason?.contains("line 2") == true)
        let other = try packs.zip([.text("meta.json", #"{"metaVersion": 2}"#)], named: "o.zip")
        #expect(
            sourceError { _ = try PackArchive(url: other) }
                == "is neither Pleroma's pack.json (no \"files\" object) nor Misskey's meta.json (no \"emojis\" list)")
        do {
            _ = try PackArchive(url: other)
        } catch {
            #expect(error.source == other.path + " (meta.json)")
        }
    }

    @Test("a manifest over its limit is refused, counted while it is read")
    func manifestLimit() throws {
        let packs = try Packs()
        let padding = String(repeating: " ", count: 5000)
        let url = try packs.zip([.text("pack.json", #"{"files": {}}"# + padding)])
        #expect(
            sourceError { _ = try PackArchive(url: url, limits: PackLimits(maximumManifestBytes: 4096)) }
                == "expands to more than 4096 bytes, the limit for this file; it is not read")
        #expect(try PackArchive(url: url).listing == SourceListing())
    }
}

@Suite("pack manifests")
struct PackManifestTests {
    @Test("the manifest kinds are told apart by content; anything else is an error")
    func kinds() throws {
        let pleroma = try PackManifest.listing(from: Data(#"{"files": {"a": "a.png"}}"#.utf8), source: "p")
        #expect(pleroma.emoji == [SourceEmoji(code: "a", image: "a.png")])
        let misskey = try PackManifest.listing(
            from: Data(#"{"emojis": [{"fileName": "b.png", "emoji": {"name": ":b:"}}]}"#.utf8), source: "m")
        #expect(misskey.emoji == [SourceEmoji(code: "b", image: "b.png")])
        #expect(
            sourceError { _ = try PackManifest.listing(from: Data("[1]".utf8), source: "x") }
                == "is a list, not a pack manifest (an object: Pleroma's pack.json or Misskey's meta.json)")
        #expect(
            sourceError { _ = try PackManifest.listing(from: Data(#"{"files": "blobs.json"}"#.utf8), source: "x") }
                == "names its file list in another file (blobs.json), as Pleroma's pack index does; download the pack's archive itself, whose pack.json lists the files"
        )
        #expect(
            sourceError { _ = try PackManifest.listing(from: Data(), source: "x") }?.hasPrefix("is not valid JSON")
                == true)
    }

    @Test("paths: backslashes are separators, . is dropped, control characters and empty paths are skipped")
    func paths() throws {
        let listing = try PackManifest.listing(
            from: Data(
                #"{"files": {"a": "./x\\.\\a.png", "b": "", "c": "c\u0007.png", "d": "x//d.png", "e": "."}}"#.utf8),
            source: "p")
        #expect(listing.emoji.map(\.image) == ["x/a.png", "x/d.png"])
        #expect(listing.skipped.count == 3)
        #expect(reasons(listing)["b"] == "its file \"\" is empty")
        #expect(reasons(listing)["e"] == "its file . names no file")
        #expect(reasons(listing)["c"] == "its file \"c\\u{7}.png\" holds the control character U+0007")
    }
}
