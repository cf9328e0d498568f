import Foundation
import Moji
import MojiServer
import MojiStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("custom emoji and image routes")
struct CustomRouteTests {
    /// Two sets (imported out of name order) and one emoji added outside sets.
    private static func prepare(_ fixture: CustomFixture, _ home: URL) async throws {
        fixture.servePage(
            [(":parrot:", "/z/parrot.png", "party parrot", 32), (":cool:", "/z/cool.png", "cool", 16)], at: "/zeta")
        fixture.servePage([(":wave2:", "/a/wave.png", "wave", 20)], at: "/alpha")
        try await fixture.importSet("zeta", path: "/zeta", home: home)
        try await fixture.importSet("alpha", path: "/alpha", home: home)
        let store = try EmojiStore(url: home.appendingPathComponent(StoreLocation.fileName))
        try store.custom.addEmoji(
            CustomEmoji(code: "shipit", name: "ship it", image: "https://example.com/shipit.png"))
        try store.custom.addEmoji(CustomEmoji(code: "hidden", name: "hidden", isVisibleInPicker: false))
        try store.close()
    }

    @Test("GET /v1/custom lists the sets by name, their visible emoji with image URLs, then the loose ones")
    func listsSets() async throws {
        let fixture = try await CustomFixture.start()
        defer { Task { await fixture.stop() } }
        let prepare: (URL) async throws -> Void = { try await Self.prepare(fixture, $0) }
        try await ServerHarness.with(prepare: prepare) { harness in
            let answer = try await harness.request("/v1/custom")
            #expect(answer.status == 200)
            #expect(answer.header("Cache-Control") == "public, max-age=60")
            let sets = try #require(try answer.json() as? [[String: Any]])
            #expect(sets.map { $0["name"] as? String } == ["alpha", "zeta", "custom"])
            let zeta = sets[1]
            let source = try #require(zeta["source"] as? [String: String])
            #expect(source == ["kind": "forum", "location": fixture.server.url("/zeta").absoluteString])
            let synced = try #require(zeta["syncedAt"] as? String)
            #expect(ISO8601DateFormatter().date(from: synced) != nil)
            let emoji = try #require(zeta["emoji"] as? [[String: Any]])
            #expect(emoji.map { $0["code"] as? String } == ["parrot", "cool"])
            let parrot = emoji[0]
            #expect(Set(parrot.keys) == ["emoji", "code", "name", "image", "width", "height", "animated"])
            #expect(parrot["emoji"] as? String == ":parrot:")
            #expect(parrot["name"] as? String == "party parrot")
            #expect(parrot["width"] as? Int == 32 && parrot["height"] as? Int == 32)
            #expect(parrot["animated"] as? Bool == false)
            let image = try #require(parrot["image"] as? String)
            #expect(image.hasPrefix("/v1/images/") && image.hasSuffix(".png"))
            let loose = sets[2]
            #expect(loose["source"] is NSNull)
            #expect(loose["syncedAt"] == nil)
            let looseEmoji = try #require(loose["emoji"] as? [[String: Any]])
            #expect(looseEmoji.map { $0["code"] as? String } == ["shipit"])
            #expect(looseEmoji[0]["image"] as? String == "https://example.com/shipit.png")
            #expect(looseEmoji[0]["width"] == nil)

            // The image it names is served.
            let served = try await harness.request(image)
            #expect(served.status == 200)
            #expect(served.body == Data(tinyPNG(width: 32, height: 32)))

            // ETag and 304, and a new ETag once the store changes.
            let tag = try #require(answer.header("ETag"))
            #expect(try await harness.request("/v1/custom", headers: ["If-None-Match": tag]).status == 304)
            let store = try EmojiStore(url: harness.home.appendingPathComponent(StoreLocation.fileName))
            try store.custom.addEmoji(CustomEmoji(code: "another", name: "another"))
            try store.close()
            let changed = try await harness.request("/v1/custom", headers: ["If-None-Match": tag])
            #expect(changed.status == 200)
            #expect(changed.header("ETag") != tag)
        }
    }

    @Test("no custom emoji is an empty array")
    func empty() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/custom")
            #expect(answer.status == 200)
            #expect(answer.body == Data("[]".utf8))
        }
    }

    @Test("an image is served with its type, ETag, immutable caching, nosniff and a CSP; HEAD and 304 too")
    func imageHeaders() async throws {
        try await ServerHarness.with { harness in
            let images = harness.home.appendingPathComponent("images")
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            let bytes = Data(tinyPNG(width: 8, height: 8))
            let sha = String(repeating: "ab", count: 32)
            try bytes.write(to: images.appendingPathComponent("\(sha).png"))
            try Data("GIF89a".utf8).write(to: images.appendingPathComponent("\(sha).gif"))
            let answer = try await harness.request("/v1/images/\(sha).png")
            #expect(answer.status == 200)
            #expect(answer.body == bytes)
            #expect(answer.header("Content-Type") == "image/png")
            #expect(answer.header("ETag") == "\"\(sha)\"")
            #expect(answer.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(answer.header("X-Content-Type-Options") == "nosniff")
            #expect(answer.header("Content-Security-Policy") == "default-src 'none'")
            #expect(answer.header("Content-Encoding") == nil)
            #expect(try await harness.request("/v1/images/\(sha).gif").header("Content-Type") == "image/gif")
            let head = try await harness.request("/v1/images/\(sha).png", method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.header("Content-Length") == "\(bytes.count)")
            let again = try await harness.request("/v1/images/\(sha).png", headers: ["If-None-Match": "\"\(sha)\""])
            #expect(again.status == 304 && again.body.isEmpty)
            #expect(try await harness.request("/v1/images/\(sha).png", method: "POST").status == 405)
        }
    }

    @Test("a FIFO in the image folder is 404 at once, however often asked for; every route keeps answering")
    func fifoImage() async throws {
        try await ServerHarness.with { harness in
            let images = harness.home.appendingPathComponent("images")
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            let sha = String(repeating: "cd", count: 32)
            #expect(mkfifo(images.appendingPathComponent("\(sha).png").path, 0o600) == 0)
            // Before issue 25, four requests for it took every request thread, waiting for a writer.
            let started = Date()
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 { group.addTask { try await harness.request("/v1/images/\(sha).png").status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 404, count: 6))
            #expect(try await harness.request("/v1/health").status == 200)
            // Before, they never answered; a loaded machine may take seconds, not minutes.
            #expect(Date().timeIntervalSince(started) < 50)
            // A matching tag is answered from the name: no file is opened for a 304.
            let tagged = try await harness.request("/v1/images/\(sha).png", headers: ["If-None-Match": "\"\(sha)\""])
            #expect(tagged.status == 404, "a FIFO is no image, tag or not")
        }
    }

    @Test("path tricks on /v1/images are 404 and never reach a file outside the image folder")
    func pathTricks() async throws {
        try await ServerHarness.with { harness in
            let images = harness.home.appendingPathComponent("images")
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            let sha = String(repeating: "0123456789abcdef", count: 4)
            try Data(tinyPNG(width: 4, height: 4)).write(to: images.appendingPathComponent("\(sha).png"))
            // A secret beside the folder, and a link to it inside the folder under a valid name.
            let secret = harness.home.appendingPathComponent("secret.png")
            try Data("secret".utf8).write(to: secret)
            let linked = String(repeating: "fedcba9876543210", count: 4)
            try FileManager.default.createSymbolicLink(
                at: images.appendingPathComponent("\(linked).png"), withDestinationURL: secret)
            #expect(try await curl(harness.server.baseURL.absoluteString + "/v1/images/\(sha).png").status == 200)
            let tricks = [
                "/v1/images/\(linked).png",  // symbolic link out of the folder
                "/v1/images/\(sha.uppercased()).png",  // uppercase hex
                "/v1/images/\(sha).gif",  // another extension than the file's
                "/v1/images/\(sha).PNG",
                "/v1/images/\(sha).svg",
                "/v1/images/\(sha.dropLast()).png",  // 63 digits
                "/v1/images/\(sha)0.png",  // 65 digits
                "/v1/images/../secret.png",
                "/v1/images/..%2fsecret.png",
                "/v1/images/%2e%2e%2fsecret.png",
                "/v1/images/%2e%2e/secret.png",
                "/v1/images/\(sha).png%00",
                "/v1/images/\(sha)%00.png",
                "/v1/images/\(sha).png/",
                "/v1/images/\(sha).png.png",
                "/v1/images/%30\(sha.dropFirst()).png",  // a %-escaped digit
                "/v1/images/",
                "/v1/images",
            ]
            for trick in tricks {
                let answer = try await curl(harness.server.baseURL.absoluteString + trick)
                #expect(answer.status == 404, "\(trick)")
                #expect(answer.body != Data("secret".utf8), "\(trick)")
                #expect(answer.headers["content-type"] == "application/problem+json", "\(trick)")
            }
        }
    }
}
