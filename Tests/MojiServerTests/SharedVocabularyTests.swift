import Foundation
import MojiServer
import MojiStore
import MojiTestSupport
import Testing

/// The command line's `--json` and the API name the same thing with the same keys (issue 27, item 2):
/// both write the types of MojiRepresentations, and this checks it from the outside, on one store.
@Suite("one vocabulary for the command line and the API")
struct SharedVocabularyTests {
    /// Runs `moji` on the store of `home` and reads its standard output as JSON.
    static func moji(_ arguments: [String], home: URL) async throws -> Any {
        let outcome = try await ChildProcess.run(
            MojiExecutable.url.path, arguments,
            environment: ProcessInfo.processInfo.environment.merging(["MOJI_HOME": home.path]) { $1 })
        let errors = String(decoding: outcome.errors, as: UTF8.self)
        try #require(outcome.status == 0, "moji \(arguments.joined(separator: " ")): \(errors)")
        return try JSONSerialization.jsonObject(with: outcome.output)
    }

    @Test("usage, pinned items, collections, tones and custom sets have the same keys in both")
    func sameKeys() async throws {
        let prepare: (URL) async throws -> Void = { home in
            let folder = home.appendingPathComponent("smilies")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(tinyPNG(width: 4, height: 4)).write(to: folder.appendingPathComponent("blobdance.png"))
            _ = try await Self.moji(["custom", "add", "mine", "--folder", folder.path, "--json"], home: home)
        }
        try await ServerHarness.with(prepare: prepare) { harness in
            let home = harness.home
            let (token, _) = try harness.makeToken(for: "ada")

            // Usage: a toned emoji and a custom one.
            let cliUsage = try #require(
                try await Self.moji(["use", "👍🏽", ":blobdance:", "--json"], home: home) as? [[String: Any]])
            var apiUsage: [[String: Any]] = []
            for body in [#"{"emoji":"👍🏽"}"#, #"{"code":"blobdance"}"#] {
                apiUsage.append(
                    try await harness.call("/v1/me/usage", token: token, method: "POST", json: body).object())
            }
            #expect(cliUsage.map { Set($0.keys) } == apiUsage.map { Set($0.keys) })
            #expect(Set(cliUsage[0].keys) == ["emoji", "name", "uses", "score", "lastUsed", "tones"])
            #expect(Set(cliUsage[1].keys) == ["emoji", "name", "code", "image", "uses", "score", "lastUsed"])
            for key in ["emoji", "name", "code", "uses"] {
                #expect(
                    cliUsage.map { $0[key] as? AnyHashable } == apiUsage.map { $0[key] as? AnyHashable }, "\(key)")
            }
            #expect(cliUsage[0]["tones"] as? [String] == apiUsage[0]["tones"] as? [String])
            // The command line gives the image as imported, the server its cached copy.
            #expect((cliUsage[1]["image"] as? String)?.hasSuffix("blobdance.png") == true)
            #expect((apiUsage[1]["image"] as? String)?.hasPrefix("/v1/images/") == true)

            // The frequent list: the same entries' shape as the answers to a use.
            let cliFrequent = try #require(try await Self.moji(["frequent", "--json"], home: home) as? [[String: Any]])
            let apiFrequent = try await harness.call("/v1/me/frequent", token: token).objects()
            #expect(Set(cliFrequent.flatMap(\.keys)) == Set(apiFrequent.flatMap(\.keys)))

            // Pinned items and collections.
            let cliPinned = try #require(
                try await Self.moji(["pinned", "add", "🎉", ":blobdance:", "--json"], home: home) as? [[String: Any]])
            let apiPinned = try await harness.call(
                "/v1/me/pinned", token: token, method: "PUT", json: #"{"items":["🎉",":blobdance:"]}"#
            ).objects()
            #expect(cliPinned.map { Set($0.keys) } == apiPinned.map { Set($0.keys) })
            #expect(cliPinned.map { $0["name"] as? String } == ["party popper", "blobdance"])
            #expect(apiPinned.map { $0["name"] as? String } == ["party popper", "blobdance"])

            let cliCollection = try #require(
                try await Self.moji(["collections", "add", "work", "🚀", "--json"], home: home) as? [String: Any])
            _ = try await harness.call("/v1/me/collections/work", token: token, method: "PUT")
            let apiCollection = try await harness.call(
                "/v1/me/collections/work/items", token: token, method: "POST", json: #"{"emoji":"🚀"}"#
            ).object()
            #expect(Set(cliCollection.keys) == Set(apiCollection.keys))
            let cliItems = try #require(cliCollection["items"] as? [[String: Any]])
            let apiItems = try #require(apiCollection["items"] as? [[String: Any]])
            #expect(cliItems.map { Set($0.keys) } == apiItems.map { Set($0.keys) })

            // Tone preferences.
            _ = try await Self.moji(["tone", "medium", "--json"], home: home)
            let cliTones = try #require(try await Self.moji(["tone", "--json"], home: home) as? [String: Any])
            let apiTones = try await harness.call(
                "/v1/me/tones/default", token: token, method: "PUT", json: #"{"tone":"medium"}"#
            ).object()
            #expect(Set(cliTones.keys) == Set(apiTones.keys))
            #expect(cliTones["default"] as? String == "medium" && apiTones["default"] as? String == "medium")

            // Custom sets: `emoji` is the list in the API; the command line counts them as `emojiCount`.
            let cliSets = try #require(
                try await Self.moji(["custom", "sets", "--json"], home: home) as? [[String: Any]])
            let apiSets = try await harness.request("/v1/custom").objects()
            let cliSet = try #require(cliSets.first)
            let apiSet = try #require(apiSets.first { $0["name"] as? String == "mine" })
            #expect(cliSet["emoji"] == nil && cliSet["emojiCount"] as? Int == 1)
            #expect((apiSet["emoji"] as? [Any])?.count == 1)
            let cliSource = try #require(cliSet["source"] as? [String: Any])
            let apiSource = try #require(apiSet["source"] as? [String: Any])
            #expect(cliSource["kind"] as? String == "folder" && apiSource["kind"] as? String == "folder")
            // A local folder is the owner's business: the command line shows it, the API does not.
            #expect(cliSource["location"] as? String != nil && apiSource["location"] == nil)
            // Times are ISO 8601 in both.
            let cliSynced = try #require(cliSet["syncedAt"] as? String)
            let apiSynced = try #require(apiSet["syncedAt"] as? String)
            #expect(cliSynced.hasSuffix("Z") && apiSynced.hasSuffix("Z"))
            #expect(ISO8601DateFormatter().date(from: cliSynced) == ISO8601DateFormatter().date(from: apiSynced))
        }
    }
}
