import Foundation
import Moji
import MojiServer
import MojiTestSupport
import Testing

@Suite("picker data route")
struct PickerDataRouteTests {
    @Test("English has every neutral emoji by group, with names, versions and shortcodes")
    func english() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/picker-data")
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
            let data = try answer.decode(PickerData.self)
            #expect(data.locale == "en")
            let catalog = EmojiCatalog.shared
            let neutral = catalog.emojis.filter { !$0.hasSkinTones && !$0.isComponent }
            let items = data.groups.flatMap(\.emoji)
            #expect(
                items.map(\.emoji)
                    == data.groups.flatMap { group in
                        neutral.filter { $0.group.identifier == group.identifier }.map(\.character)
                    })
            #expect(items.count == neutral.count)
            #expect(data.groups.first?.identifier == "smileys-emotion")
            #expect(data.groups.first?.name == "Smileys & Emotion")
            #expect(!data.groups.contains { $0.identifier == "component" })
            let party = try #require(items.first { $0.emoji == "🎉" })
            #expect(party.name == "party popper")
            #expect(party.version == "0.6")
            #expect(party.shortcodes?.first == "tada")
            #expect(party.toneTemplates == nil && party.toneVariants == nil)
        }
    }

    @Test("the picker's words, tone names and icons come in the locale; the default frequent row too")
    func wordsAndIcons() async throws {
        try await ServerHarness.with { harness in
            let english = try await harness.request("/v1/picker-data").decode(PickerData.self)
            #expect(english.strings["searchResults"] == "Search Results")
            #expect(english.strings["noResults"] == "No emoji found")
            #expect(
                english.toneNames == [
                    "light skin tone", "medium-light skin tone", "medium skin tone", "medium-dark skin tone",
                    "dark skin tone",
                ])
            #expect(
                english.icons["symbols"] == "🔣" && english.icons["frequent"] == "🔥" && english.icons["recent"] == "🕘")
            #expect(english.defaultFrequent.first == "😂" && english.defaultFrequent.count == 12)
            let japanese = try await harness.request("/v1/picker-data?locale=ja_JP").decode(PickerData.self)
            #expect(japanese.locale == "ja")
            #expect(japanese.strings["searchResults"] == "検索結果")
            #expect(japanese.toneNames.first == "薄い肌色")
            // A locale the table lacks reads English words, with CLDR's tone names of its own.
            let yoruba = try await harness.request("/v1/picker-data?locale=yo").decode(PickerData.self)
            #expect(yoruba.strings["searchResults"] == "Search Results")
            #expect(yoruba.toneNames.first != "light skin tone")
            // An old maximum version drops the default frequent emoji it does not have (🥰 is 11.0).
            let old = try await harness.request("/v1/picker-data?max-version=10.0").decode(PickerData.self)
            #expect(!old.defaultFrequent.contains("🥰") && old.defaultFrequent.contains("😂"))
        }
    }

    @Test("the tone templates expand to exactly each emoji's RGI toned forms")
    func toneTemplates() async throws {
        try await ServerHarness.with { harness in
            let data = try await harness.request("/v1/picker-data").decode(PickerData.self)
            let catalog = EmojiCatalog.shared
            var toned = 0
            for item in data.groups.flatMap(\.emoji) {
                let emoji = try #require(catalog.emoji(matching: item.emoji))
                let rgi = emoji.skinToneVariants.map(\.character)
                #expect(item.toneVariants == nil, "\(item.emoji) needs no list")
                guard let templates = item.toneTemplates else {
                    #expect(rgi.isEmpty, "\(item.emoji) lost its tones")
                    continue
                }
                toned += 1
                let expanded = try #require(ToneTemplates.expand(templates))
                #expect(expanded.count == rgi.count && Set(expanded) == Set(rgi), "\(item.emoji)")
            }
            #expect(toned == 330)
            let items = Dictionary(uniqueKeysWithValues: data.groups.flatMap(\.emoji).map { ($0.emoji, $0) })
            #expect(items["👋"]?.toneTemplates == ["👋{}"])
            #expect(items["🧑‍🤝‍🧑"]?.toneTemplates == ["🧑{}‍🤝‍🧑{}"])
            // Equal tones are 👫🏻, different ones 👩🏻‍🤝‍👨🏿: two templates.
            #expect(items["👫"]?.toneTemplates == ["👫{}", "👩{}‍🤝‍👨{}"])
            #expect(items["🤝"]?.toneTemplates == ["🤝{}", "🫱{}‍🫲{}"])
        }
    }

    @Test("max-version drops newer emoji and lists the toned forms templates cannot describe")
    func maximumVersion() async throws {
        try await ServerHarness.with { harness in
            let data = try await harness.request("/v1/picker-data?max-version=12.0").decode(PickerData.self)
            let items = data.groups.flatMap(\.emoji)
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { (EmojiVersion($0.version) ?? EmojiVersion(99)) <= EmojiVersion(12, 0) })
            #expect(!items.contains { $0.emoji == "🫠" })
            let byEmoji = Dictionary(uniqueKeysWithValues: items.map { ($0.emoji, $0) })
            // 🧑‍🤝‍🧑 came in 12.0 with 15 of its 25 toned forms, the rest in 12.1: no template fits.
            let people = try #require(byEmoji["🧑‍🤝‍🧑"])
            #expect(people.toneTemplates == nil)
            #expect(people.toneVariants?.count == 15)
            #expect(people.toneVariants?.first == "🧑🏻‍🤝‍🧑🏻")
            // 👯 is 1.0, its toned forms 17.0: no tones at all.
            let bunny = try #require(byEmoji["👯"])
            #expect(bunny.toneTemplates == nil && bunny.toneVariants == nil)
            #expect(byEmoji["👋"]?.toneTemplates == ["👋{}"])
            // An Apple OS release names a version too.
            #expect(try await harness.request("/v1/picker-data?max-version=iOS:17.4").status == 200)
        }
    }

    @Test("Japanese names the groups and emoji in Japanese")
    func japanese() async throws {
        try await ServerHarness.with { harness in
            let data = try await harness.request("/v1/picker-data?locale=ja").decode(PickerData.self)
            #expect(data.locale == "ja")
            #expect(data.groups.first?.name == "スマイリーと感情")
            #expect(data.groups.flatMap(\.emoji).first { $0.emoji == "🎉" }?.name == "クラッカー")
        }
    }

    @Test("the answer carries the catalog's ETag and a matching If-None-Match gets 304")
    func etag() async throws {
        try await ServerHarness.with { harness in
            let first = try await harness.request("/v1/picker-data")
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("\"17.0-"))
            #expect(first.header("Cache-Control") == "public, max-age=3600")
            let again = try await harness.request("/v1/picker-data", headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            let other = try await harness.request("/v1/picker-data?locale=ja", headers: ["If-None-Match": tag])
            #expect(other.status == 200)
            #expect(other.header("ETag") != tag)
            // The same bytes again, so the same tag.
            #expect(try await harness.request("/v1/picker-data").body == first.body)
        }
    }

    @Test("English is far smaller than GET /v1/emoji: under 80 KB gzipped")
    func size() async throws {
        try await ServerHarness.with { harness in
            let body = try await harness.request("/v1/picker-data").body
            let full = try await harness.request("/v1/emoji").body
            #expect(body.count < full.count / 3)
            let gzipped = try await gzipSize(body)
            #expect(gzipped < 80_000, "\(gzipped) bytes gzipped")
        }
    }

    @Test("bad parameters get 400 problem details")
    func badParameters() async throws {
        try await ServerHarness.with { harness in
            let cases: [(String, String)] = [
                ("/v1/picker-data?locale=xx-nowhere", "urn:moji:problem:unknown-locale"),
                ("/v1/picker-data?max-version=banana", "urn:moji:problem:bad-parameter"),
                ("/v1/picker-data?group=flags", "urn:moji:problem:bad-parameter"),
            ]
            for (target, type) in cases {
                let answer = try await harness.request(target)
                #expect(answer.status == 400, "\(target)")
                #expect(try answer.problem().type == type, "\(target)")
            }
            let post = try await harness.request("/v1/picker-data", method: "POST")
            #expect(post.status == 405)
        }
    }
}

/// The size of `data` compressed by `gzip -9`, as the payload target is measured.
private func gzipSize(_ data: Data) async throws -> Int {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("moji-picker-data-\(UUID().uuidString)")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let gzip = try await ChildProcess.run("/bin/gzip", ["-9", "-c", file.path], environment: [:])
    #expect(gzip.status == 0)
    return gzip.output.count
}
