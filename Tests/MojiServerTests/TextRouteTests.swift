import Foundation
import Moji
import MojiServer
import MojiStore
import MojiTestSupport
import Testing

@Suite("text routes")
struct TextRouteTests {
    static let sample = "Ship it 🚢 👍🏽 ❤️ and 🇦🇦 :tada: :) ありがとう 🎉"

    private func post(_ harness: ServerHarness, _ action: String, _ object: [String: Any]) async throws
        -> ServerHarness.Answer
    {
        try await harness.request(
            "/v1/text/\(action)", method: "POST", headers: ["Content-Type": "application/json"],
            body: try JSONSerialization.data(withJSONObject: object))
    }

    @Test("find answers the lines of moji find --json, field for field")
    func findMatchesTheCommandLine() async throws {
        try await ServerHarness.with { harness in
            let file = harness.home.appendingPathComponent("text.txt")
            try Data(Self.sample.utf8).write(to: file)
            let cli = try await runMoji(["find", "--json", file.path], home: harness.home)
            let lines = String(decoding: cli, as: UTF8.self).split(separator: "\n")
            let answer = try await post(harness, "find", ["text": Self.sample])
            #expect(answer.status == 200)
            let object = try #require(try answer.json() as? [String: Any])
            #expect(Array(object.keys) == ["matches"])
            let matches = try #require(object["matches"] as? [[String: Any]])
            #expect(matches.count == 5)
            #expect(matches.count == lines.count)
            for (line, match) in zip(lines, matches) {
                let expected = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
                #expect(expected == match as NSDictionary)
            }
            let thumbs = try #require(matches.first { $0["emoji"] as? String == "👍🏽" })
            #expect(thumbs["hexcode"] as? String == "1F44D-1F3FD")
            #expect(
                thumbs["offset"] as? Int
                    == Self.sample.utf8.distance(
                        from: Self.sample.utf8.startIndex, to: try #require(Self.sample.range(of: "👍🏽")).lowerBound))
            #expect(matches.contains { $0["rgi"] as? Bool == false && $0["name"] == nil })
        }
    }

    @Test("emojify answers what moji emojify prints with the same presets, locale and emoticons")
    func emojifyMatchesTheCommandLine() async throws {
        try await ServerHarness.with { harness in
            let file = harness.home.appendingPathComponent("text.txt")
            let text = "Ship it :ship: :thumbsup::skin-tone-3: :) :クラッカー: :tada:"
            try Data(text.utf8).write(to: file)
            for (presets, locale, emoticons) in [(["github", "slack"], "en", true), (["cldr"], "ja", false)] {
                var arguments = ["emojify", "--preset", presets.joined(separator: ","), "--locale", locale, file.path]
                if emoticons { arguments.append("--emoticons") }
                let cli = String(decoding: try await runMoji(arguments, home: harness.home), as: UTF8.self)
                let answer = try await post(
                    harness, "emojify",
                    ["text": text, "presets": presets, "cldrLocale": locale, "emoticons": emoticons])
                #expect(answer.status == 200)
                let object = try #require(try answer.json() as? [String: String])
                #expect(object["text"] == cli, "\(presets) \(locale)")
            }
            let plain = try await post(harness, "emojify", ["text": "a :tada: <b>"])
            #expect(try plain.json() as? [String: String] == ["text": "a 🎉 <b>"])
            let html = try await post(harness, "emojify", ["text": "a :tada: <b>", "html": true])
            #expect(try html.json() as? [String: String] == ["text": "a 🎉 &lt;b&gt;"])
        }
    }

    @Test("demojify answers what moji demojify prints")
    func demojifyMatchesTheCommandLine() async throws {
        try await ServerHarness.with { harness in
            let file = harness.home.appendingPathComponent("text.txt")
            try Data(Self.sample.utf8).write(to: file)
            for (preset, locale) in [("github", "en"), ("slack", "en"), ("cldr", "ja")] {
                let cli = String(
                    decoding: try await runMoji(
                        ["demojify", "--preset", preset, "--locale", locale, file.path], home: harness.home),
                    as: UTF8.self)
                let answer = try await post(
                    harness, "demojify", ["text": Self.sample, "preset": preset, "cldrLocale": locale])
                #expect(answer.status == 200)
                #expect(try answer.json() as? [String: String] == ["text": cli], "\(preset)")
            }
            let github = try await post(harness, "demojify", ["text": "🚢 🎉"])
            #expect(try github.json() as? [String: String] == ["text": ":ship: :tada:"])
        }
    }

    @Test("emojify turns a custom set's codes into <img> tags with this server's image URLs")
    func emojifyCustomSet() async throws {
        let fixture = try await CustomFixture.start()
        defer { Task { await fixture.stop() } }
        fixture.servePage([(":parrot:", "/i/parrot.png", "party parrot", 24)], at: "/forum")
        let prepare: (URL) async throws -> Void = { home in
            try await fixture.importSet("forum", path: "/forum", home: home)
        }
        try await ServerHarness.with(prepare: prepare) { harness in
            let answer = try await post(
                harness, "emojify", ["text": "<p> :parrot: :tada:", "customSet": "forum", "html": true])
            #expect(answer.status == 200)
            let text = try #require((try answer.json() as? [String: String])?["text"])
            let images = harness.home.appendingPathComponent("images").path
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: images).first)
            let tag =
                "<img class=\"emoji\" alt=\":parrot:\" title=\"party parrot\" src=\"/v1/images/\(file)\" "
                + "width=\"24\" height=\"24\">"
            #expect(text == "&lt;p&gt; \(tag) 🎉")
            let unknown = try await post(
                harness, "emojify", ["text": ":parrot:", "customSet": "nope", "html": true])
            #expect(unknown.status == 404)
            #expect(try unknown.problem().type == "urn:moji:problem:unknown-custom-set")
            let noHTML = try await post(harness, "emojify", ["text": ":parrot:", "customSet": "forum"])
            #expect(noHTML.status == 400)
            #expect(try noHTML.problem().detail.contains("html"))
        }
    }

    @Test("bodies that are not the expected JSON get 400 bad-body, 413 or 415, never a guess")
    func badBodies() async throws {
        try await ServerHarness.with(limits: ServerLimits(bodyBytes: 200)) { harness in
            func send(_ body: Data, type: String?, to action: String = "find") async throws -> ServerHarness.Answer {
                try await harness.request(
                    "/v1/text/\(action)", method: "POST", headers: type.map { ["Content-Type": $0] } ?? [:], body: body)
            }
            let json = Data(#"{"text":"hi 🎉"}"#.utf8)
            #expect(try await send(json, type: "application/json; charset=utf-8").status == 200)
            // The same key in two objects, or a key's name as a value, is not a duplicate.
            let nested = Data(#"{"text":"text","presets":["github"]}"#.utf8)
            #expect(try await send(nested, type: "application/json", to: "emojify").status == 200)
            #expect(try await send(json, type: "Application/JSON;charset=UTF-8").status == 200)
            for type in ["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", nil] {
                let answer = try await send(json, type: type)
                #expect(answer.status == 415, "\(type ?? "none")")
                #expect(try answer.problem().type == "urn:moji:problem:unsupported-media-type")
            }
            let bad: [(String, Data, String)] = [
                ("not JSON", Data("{text: hi}".utf8), "JSON"),
                (
                    "invalid UTF-8", Data([0x7B, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]),
                    "UTF-8"
                ),
                ("empty", Data(), "empty"),
                ("missing text", Data(#"{"html":true}"#.utf8), "'text'"),
                ("unknown key", Data(#"{"text":"a","txet":"b"}"#.utf8), "txet"),
                ("wrong type", Data(#"{"text":5}"#.utf8), "'text'"),
                ("an array", Data(#"["text"]"#.utf8), "body"),
                // Before issue 25: UTF-16 was decoded (its NUL bytes are valid UTF-8) and the first
                // of two keys silently won.
                ("UTF-16LE", Data(#"{"text":"a"}"#.data(using: .utf16LittleEndian)!), "UTF-8"),
                ("UTF-32BE", Data(#"{"text":"a"}"#.data(using: .utf32BigEndian)!), "UTF-8"),
                ("a key twice", Data(#"{"text":"a","text":"b :tada:"}"#.utf8), "'text' appears twice"),
                ("a key twice, once escaped", Data(#"{"text":"a","te\u0078t":"b"}"#.utf8), "'text' appears twice"),
            ]
            for (what, body, detail) in bad {
                let answer = try await send(body, type: "application/json")
                #expect(answer.status == 400, "\(what)")
                let problem = try answer.problem()
                #expect(problem.type == "urn:moji:problem:bad-body", "\(what)")
                #expect(problem.detail.contains(detail), "\(what): \(problem.detail)")
            }
            let wrongOption = try await send(
                Data(#"{"text":"a","html":"yes"}"#.utf8), type: "application/json", to: "emojify")
            #expect(wrongOption.status == 400)
            #expect(try wrongOption.problem().detail.contains("'html'"))
            let large = try await send(
                Data(("{\"text\":\"" + String(repeating: "a", count: 300) + "\"}").utf8), type: "application/json")
            #expect(large.status == 413)
            #expect(try large.problem().type == "urn:moji:problem:body-too-large")
        }
    }

    @Test("the text routes answer POST only, and unknown presets, locales and actions are named")
    func methodsAndOptions() async throws {
        try await ServerHarness.with { harness in
            for action in ["find", "emojify", "demojify"] {
                let answer = try await harness.request("/v1/text/\(action)")
                #expect(answer.status == 405)
                #expect(answer.header("Allow") == "POST")
            }
            #expect(try await harness.request("/v1/text/translate", method: "POST").status == 404)
            let preset = try await post(harness, "emojify", ["text": "a", "presets": ["github", "discord"]])
            #expect(preset.status == 400)
            #expect(try preset.problem().type == "urn:moji:problem:bad-parameter")
            #expect(try preset.problem().detail.contains("discord"))
            let demojifyPreset = try await post(harness, "demojify", ["text": "a", "preset": "discord"])
            #expect(demojifyPreset.status == 400)
            let locale = try await post(
                harness, "demojify", ["text": "a", "preset": "cldr", "cldrLocale": "xx-nowhere"])
            #expect(locale.status == 400)
            #expect(try locale.problem().type == "urn:moji:problem:unknown-locale")
        }
    }
}
