import Foundation
import Moji
import MojiFontSupport
import MojiTestSupport
import Testing

@Suite("the system's emoji font")
struct EmojiFontTests {
    /// Debian's package of the Noto Color Emoji font.
    static let notoInstalled = FileManager.default.fileExists(
        atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

    @Test("with fonts-noto-color-emoji 2.042 the font is found and draws up to Emoji 15.0")
    func notoColorEmoji() throws {
        guard Self.notoInstalled else {
            print("skipped: fonts-noto-color-emoji is not installed (script/bootstrap installs it)")
            return
        }
        let font = try #require(EmojiFont.system())
        #expect(font.family == "Noto Color Emoji")
        #expect(font.isColor)
        #expect(font.covers("\u{1F600}"))
        #expect(font.covers("\u{1FAE8}"), "🫨 (15.0) is in 2.042")
        #expect(!font.covers("\u{1FAE9}"), "🫩 (16.0) is not")
        #expect(font.newestCoveredVersion(in: .shared) == EmojiVersion(15, 0))
    }

    @Test("the newest covered version stops at the first version with a code point missing")
    func coverageRule() throws {
        let catalog = EmojiCatalog.shared
        let perVersion = EmojiFont.newSingleCodePoints(in: catalog)
        #expect(!perVersion.contains { $0.0 == EmojiVersion(15, 1) }, "15.1 brought only sequences")
        let upTo14 = Set(perVersion.filter { $0.0 <= EmojiVersion(14, 0) }.flatMap { $0.1.map(\.value) })
        let font = EmojiFont(family: "test", file: "", isColor: true, codePoints: upTo14)
        #expect(font.newestCoveredVersion(in: catalog) == EmojiVersion(14, 0))
        var gap = upTo14
        gap.remove(0x1F600)  // 😀, Emoji 1.0
        let missingOld = EmojiFont(family: "test", file: "", isColor: true, codePoints: gap)
        let newestBefore1 = perVersion.map(\.0).filter { $0 < EmojiVersion(1, 0) }.max()
        #expect(missingOld.newestCoveredVersion(in: catalog) == newestBefore1)
        let everything = Set(perVersion.flatMap { $0.1.map(\.value) })
        let full = EmojiFont(family: "test", file: "", isColor: true, codePoints: everything)
        #expect(full.newestCoveredVersion(in: catalog) == catalog.emojis.map(\.version).max())
    }

    @Test("without an emoji font moji list --supported lists everything and says why")
    func noEmojiFont() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-fonts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("fonts.conf")
        try Data(
            """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>\(fonts.path)</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>
            """.utf8
        ).write(to: config)
        var environment = ProcessInfo.processInfo.environment
        environment["MOJI_HOME"] = folder.path
        environment["FONTCONFIG_FILE"] = config.path
        let without = try await ChildProcess.run(
            MojiExecutable.url.path, ["list", "--supported"], environment: environment)
        let errors = String(decoding: without.errors, as: UTF8.self)
        #expect(without.status == 0, "\(errors)")
        #expect(errors.contains("no emoji font found"))
        let everything = try await ChildProcess.run(MojiExecutable.url.path, ["list"], environment: environment)
        #expect(without.output == everything.output)
        #expect(String(decoding: everything.output, as: UTF8.self).contains("\u{1FAEA}"), "🫪 (17.0) is listed")

        guard Self.notoInstalled else {
            print("skipped the font's half: fonts-noto-color-emoji is not installed")
            return
        }
        environment["FONTCONFIG_FILE"] = nil
        let with = try await ChildProcess.run(
            MojiExecutable.url.path, ["list", "--supported"], environment: environment)
        let listed = String(decoding: with.output, as: UTF8.self)
        let note = String(decoding: with.errors, as: UTF8.self)
        #expect(with.status == 0, "\(note)")
        #expect(listed.contains("\u{1FAE8}") && !listed.contains("\u{1FAE9}"), "🫨 (15.0) listed, 🫩 (16.0) not")
        let hidden =
            everything.output.split(separator: UInt8(ascii: "\n")).count
            - with.output.split(separator: UInt8(ascii: "\n")).count
        #expect(hidden > 0)
        #expect(note.contains("\(hidden) emoji newer than 15.0 hidden"), "\(note)")
    }
}
