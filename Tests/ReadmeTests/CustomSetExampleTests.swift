import Foundation
import MojiLoopbackServer
import MojiStore
import MojiSync
import Testing

/// README, "Custom emoji sets": the library block verbatim, against a forum page served on
/// 127.0.0.1 with a temporary store and image cache.
@Suite("README: custom emoji sets")
struct CustomSetExampleTests {
    @Test("adding a forum set imports its smilies; a second sync downloads no image bytes")
    func customSet() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("moji-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await LoopbackServer.start()
        let gif =
            Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 1, 0, 0x3B])
        server.route("/smith.gif", .body(gif, contentType: "image/gif"))
        let html = """
            <h3>Witty</h3><ul class="smilie_group"><li class="smilie"><div class="text">:smith:</div>
            <img src="\(server.url("/smith.gif"))" title="everyman smith"></li></ul>
            """
        server.route("/misc.php", .body(Data(html.utf8), contentType: "text/html"))
        let pageURL = server.url("/misc.php").absoluteString
        let store = try EmojiStore(url: directory.appendingPathComponent("moji.sqlite"))
        let cache = ImageCache(directory: directory.appendingPathComponent("images"))

        let sync = CustomSetSync(store: store, cache: cache)  // cache: in ImageCache.defaultDirectory()
        let forum = CustomSet(name: "forum", source: CustomSetSource(kind: .forum, location: pageURL))
        let report = try await sync.add(forum)  // fetches the page and every image
        print(report.added, report.imageBytes)  // ["smith"] 29
        #expect(report.added == ["smith"] && report.imageBytes == gif.count)
        let again = try await sync.sync(named: "forum")  // conditional requests
        print(again.unchanged, again.imageBytes)  // 1 0: every image answered 304 Not Modified
        #expect(again.unchanged == 1 && again.imageBytes == 0)
        let smith = try store.custom.emoji(code: "smith")
        print(smith?.cachedImage?.fileName ?? "")  // "<sha256>.gif", in the image cache
        #expect(smith?.cachedImage?.fileName.hasSuffix(".gif") == true)
        await server.stop()
    }
}
