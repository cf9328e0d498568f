import Foundation
import Hummingbird
import MojiTestSupport
import Testing

@testable import MojiServer

@Suite("compression")
struct CompressionTests {
    @Test("compressible media types are matched without case, parameters or spaces; Vary names are added once")
    func mediaTypesAndVary() {
        for type in [
            "application/json", "Application/JSON; charset=utf-8", " text/html ;charset=utf-8", "image/svg+xml",
        ] {
            #expect(ResponseCompression.isCompressible(type), "\(type)")
        }
        for type in ["image/png", "application/jsonx", "", ";", "text/plain"] {
            #expect(!ResponseCompression.isCompressible(type), "\(type)")
        }
        var headers: HTTPFields = [:]
        ResponseCompression.addVary("Origin", to: &headers)
        ResponseCompression.addVary("accept-encoding", to: &headers)
        ResponseCompression.addVary("ORIGIN", to: &headers)
        ResponseCompression.addVary("Accept-Encoding", to: &headers)
        #expect(headers[values: .vary] == ["Origin, accept-encoding"])
    }

    private func gunzip(_ data: Data) async throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("moji-gzip-\(UUID().uuidString).gz")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try await ChildProcess.run("/usr/bin/gzip", ["-dc", file.path], environment: [:])
        #expect(outcome.status == 0, "\(String(decoding: outcome.errors, as: UTF8.self))")
        return outcome.output
    }

    @Test("Accept-Encoding gzip gets a gzip body that unzips to the same JSON, with its own ETag")
    func gzip() async throws {
        try await ServerHarness.with { harness in
            for target in ["/v1/emoji?group=flags", "/v1/locales", "/picker.js"] {
                let url = harness.server.baseURL.absoluteString + target
                let plain = try await curl(url)
                #expect(plain.status == 200)
                #expect(plain.headers["content-encoding"] == nil)
                #expect(plain.headers["vary"]?.contains("Accept-Encoding") == true, "\(target)")
                let zipped = try await curl(url, ["-H", "Accept-Encoding: gzip, deflate"])
                #expect(zipped.status == 200)
                #expect(zipped.headers["content-encoding"] == "gzip", "\(target)")
                #expect(zipped.headers["vary"]?.contains("Accept-Encoding") == true)
                #expect(zipped.body.count < plain.body.count)
                #expect(zipped.headers["content-length"] == "\(zipped.body.count)")
                #expect(try await gunzip(zipped.body) == plain.body, "\(target)")
                let plainTag = try #require(plain.headers["etag"])
                let zippedTag = try #require(zipped.headers["etag"])
                #expect(zippedTag == String(plainTag.dropLast()) + "-gzip\"")
                // 304 for either tag, each variant keeping its own.
                let notModified = try await curl(
                    url, ["-H", "Accept-Encoding: gzip", "-H", "If-None-Match: \(zippedTag)"])
                #expect(notModified.status == 304)
                #expect(notModified.headers["etag"] == zippedTag)
                #expect(notModified.headers["vary"]?.contains("Accept-Encoding") == true)
                let plainNotModified = try await curl(url, ["-H", "If-None-Match: \(plainTag)"])
                #expect(plainNotModified.status == 304)
                #expect(plainNotModified.headers["etag"] == plainTag)
                // A client that switched to plain still may revalidate with the gzip tag (same bytes before compression).
                #expect(try await curl(url, ["-H", "If-None-Match: \(zippedTag)"]).status == 304)
                // Compressed bodies are kept: the second answer is the same bytes.
                #expect(try await curl(url, ["-H", "Accept-Encoding: gzip"]).body == zipped.body)
            }
        }
    }

    @Test("identity, gzip;q=0 and small answers stay plain")
    func plain() async throws {
        try await ServerHarness.with { harness in
            let url = harness.server.baseURL.absoluteString + "/v1/emoji?group=flags"
            for header in ["identity", "gzip;q=0", "br", "gzip;q=0, *;q=1", "*;q=0"] {
                let answer = try await curl(url, ["-H", "Accept-Encoding: \(header)"])
                #expect(answer.status == 200)
                #expect(answer.headers["content-encoding"] == nil, "\(header)")
                #expect(try JSONSerialization.jsonObject(with: answer.body) is [Any], "\(header)")
            }
            #expect(try await curl(url, ["-H", "Accept-Encoding: *"]).headers["content-encoding"] == "gzip")
            #expect(try await curl(url, ["-H", "Accept-Encoding: GZIP;q=0.5"]).headers["content-encoding"] == "gzip")
            // Health is a few bytes: not worth compressing.
            let health = try await curl(
                harness.server.baseURL.absoluteString + "/v1/health", ["-H", "Accept-Encoding: gzip"])
            #expect(health.headers["content-encoding"] == nil)
        }
    }

    @Test("POST answers are compressed too")
    func postCompressed() async throws {
        try await ServerHarness.with { harness in
            let text = String(repeating: "party 🎉 time 👍🏽 ", count: 100)
            let body = try JSONSerialization.data(withJSONObject: ["text": text])
            let bodyFile = harness.home.appendingPathComponent("body.json")
            try body.write(to: bodyFile)
            let options = ["-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@\(bodyFile.path)"]
            let url = harness.server.baseURL.absoluteString + "/v1/text/find"
            let plain = try await curl(url, options)
            let zipped = try await curl(url, options + ["-H", "Accept-Encoding: gzip"])
            #expect(plain.status == 200 && zipped.status == 200)
            #expect(zipped.headers["content-encoding"] == "gzip")
            #expect(try await gunzip(zipped.body) == plain.body)
        }
    }
}
