import Foundation
import Moji
import MojiLoopbackServer
import MojiStore
import MojiSync
import MojiTestSupport

/// Custom emoji as a real sync leaves them: a forum page of smilies served by a loopback server,
/// imported into the store of a MOJI_HOME with its images in `<home>/images`.
struct CustomFixture {
    let server: LoopbackServer

    static func start() async throws -> CustomFixture { CustomFixture(server: try await LoopbackServer.start()) }

    func stop() async { await server.stop() }

    /// Serves a forum page at `path` with `smilies` (code, image path, title), each image a small PNG
    /// of its own size (so each has its own bytes); the page after `delay` seconds when given.
    func servePage(
        _ smilies: [(code: String, image: String, title: String, size: UInt32)], at path: String, delay: Double = 0
    ) {
        var html = "<html><body><h3>Section</h3><ul class=\"smilie_group\">"
        for smilie in smilies {
            server.route(
                smilie.image, .body(Data(tinyPNG(width: smilie.size, height: smilie.size)), contentType: "image/png"))
            html +=
                "<li class=\"smilie\"><div class=\"text\">\(smilie.code)</div><img src=\"\(server.url(smilie.image).absoluteString)\" title=\"\(smilie.title)\"></li>"
        }
        html += "</ul></body></html>"
        let page = LoopbackResponse.body(Data(html.utf8), contentType: "text/html; charset=utf-8")
        server.route(path, delay > 0 ? .delayed(delay, page) : page)
    }

    /// Imports the page at `path` as set `name` into the store of `home`.
    func importSet(
        _ name: String, path: String, home: URL, refreshInterval: TimeInterval = CustomSet.defaultRefreshInterval
    )
        async throws
    {
        let store = try EmojiStore(url: home.appendingPathComponent(StoreLocation.fileName))
        let sync = CustomSetSync(store: store, cache: ImageCache(directory: home.appendingPathComponent("images")))
        _ = try await sync.add(
            CustomSet(
                name: name, source: CustomSetSource(kind: .forum, location: server.url(path).absoluteString),
                refreshInterval: refreshInterval))
        try store.close()
    }
}

/// A PNG signature, header and one tiny data chunk: what the image inspector takes (it never inflates).
func tinyPNG(width: UInt32, height: UInt32) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) } }
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }
    let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
}

/// A raw request with curl (no decompression, nothing added): the status, headers (names
/// lowercased; a repeated one joined with commas) and body bytes as sent.
func curl(_ url: String, _ options: [String] = []) async throws -> (status: Int, headers: [String: String], body: Data)
{
    let outcome = try await ChildProcess.run(
        "/usr/bin/curl", ["-sS", "--path-as-is", "-D", "/dev/stderr"] + options + [url],
        environment: ProcessInfo.processInfo.environment)
    var status = 0
    var headers: [String: String] = [:]
    for line in String(decoding: outcome.errors, as: UTF8.self).split(separator: "\r\n") {
        if line.hasPrefix("HTTP/") {
            status = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
    }
    return (status, headers, outcome.output)
}
