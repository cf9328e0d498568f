import Foundation
import Moji
import MojiServer
import MojiStore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("/v1/me routes")
struct UserRouteTests {
    /// A main store with one custom emoji, as `moji custom add` leaves it.
    static func withParrot(_ home: URL) throws {
        let store = try EmojiStore(url: home.appendingPathComponent(StoreLocation.fileName))
        try store.custom.addEmoji(
            CustomEmoji(code: "partyparrot", name: "party parrot", image: "https://example.com/p.gif"))
        try store.close()
    }

    @Test("POST /v1/me/usage records a use and answers the entry; frequent and recent list it")
    func usage() async throws {
        try await ServerHarness.with { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let first = try await harness.call("/v1/me/usage", token: token, method: "POST", json: #"{"emoji":"👍🏽"}"#)
            #expect(first.status == 200)
            #expect(first.header("Cache-Control") == "no-store")
            let entry = try first.object()
            #expect(entry["emoji"] as? String == "👍🏽")
            #expect(entry["uses"] as? Int == 1)
            #expect(entry["tones"] as? [String] == ["medium"])
            #expect((entry["score"] as? Double ?? 0) >= 1)
            #expect((entry["lastUsed"] as? String)?.hasSuffix("Z") == true)
            #expect(entry["name"] as? String == "thumbs up: medium skin tone")
            #expect(Set(entry.keys) == ["emoji", "name", "uses", "score", "lastUsed", "tones"])

            let second = try await harness.call("/v1/me/usage", token: token, method: "POST", json: #"{"emoji":"👍"}"#)
            let neutral = try second.object()
            #expect(neutral["emoji"] as? String == "👍" && neutral["uses"] as? Int == 2 && neutral["tones"] == nil)
            _ = try await harness.call("/v1/me/usage", token: token, method: "POST", json: #"{"emoji":"🎉"}"#)

            let frequent = try await harness.call("/v1/me/frequent", token: token)
            #expect(frequent.status == 200)
            #expect(try frequent.emoji().first == "👍")
            #expect(try frequent.objects().first?["uses"] as? Int == 2)
            let recent = try await harness.call("/v1/me/recent?limit=2", token: token)
            #expect(try recent.emoji() == ["🎉", "👍"])
            let limited = try await harness.call("/v1/me/frequent?limit=1", token: token)
            #expect(try limited.objects().count == 1)
            let badLimit = try await harness.call("/v1/me/recent?limit=0", token: token)
            #expect(badLimit.status == 400)
            #expect(try badLimit.problem().type == "urn:moji:problem:bad-parameter")
            // The user's own file, beside the main store.
            #expect(
                FileManager.default.fileExists(atPath: harness.home.appendingPathComponent("users/ada.sqlite").path))
        }
    }

    @Test("a custom emoji is used by code with its image; an unknown code or emoji is 404 unknown-emoji")
    func customUsage() async throws {
        try await ServerHarness.with(prepare: Self.withParrot) { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let answer = try await harness.call(
                "/v1/me/usage", token: token, method: "POST", json: #"{"code":"PartyParrot"}"#)
            #expect(answer.status == 200)
            let entry = try answer.object()
            #expect(entry["emoji"] as? String == ":partyparrot:")
            #expect(entry["code"] as? String == "partyparrot")
            #expect(entry["image"] as? String == "https://example.com/p.gif")
            #expect(entry["uses"] as? Int == 1)
            let recent = try await harness.call("/v1/me/recent", token: token)
            #expect(try recent.objects().first?["code"] as? String == "partyparrot")

            for body in [#"{"code":"nope"}"#, #"{"emoji":"notanemoji"}"#, #"{"emoji":":nope:"}"#] {
                let missing = try await harness.call("/v1/me/usage", token: token, method: "POST", json: body)
                #expect(missing.status == 404, "\(body)")
                #expect(try missing.problem().type == "urn:moji:problem:unknown-emoji")
            }
        }
    }

    @Test("pinned: PUT replaces the order, POST pins at a position, DELETE unpins (404 when not pinned)")
    func pinned() async throws {
        try await ServerHarness.with(prepare: Self.withParrot) { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            #expect(try await harness.call("/v1/me/pinned", token: token).emoji() == [])
            let replaced = try await harness.call(
                "/v1/me/pinned", token: token, method: "PUT", json: #"{"items":["😀",":partyparrot:","😀"]}"#)
            #expect(replaced.status == 200)
            #expect(try replaced.emoji() == ["😀", ":partyparrot:"])
            #expect(try replaced.objects()[1]["image"] as? String == "https://example.com/p.gif")
            let pinned = try await harness.call(
                "/v1/me/pinned", token: token, method: "POST", json: #"{"emoji":"🎉","position":0}"#)
            #expect(try pinned.emoji() == ["🎉", "😀", ":partyparrot:"])
            let unpinned = try await harness.call("/v1/me/pinned/\(escaped("😀"))", token: token, method: "DELETE")
            #expect(try unpinned.emoji() == ["🎉", ":partyparrot:"])
            let custom = try await harness.call(
                "/v1/me/pinned/\(escaped(":partyparrot:"))", token: token, method: "DELETE")
            #expect(try custom.emoji() == ["🎉"])
            let again = try await harness.call("/v1/me/pinned/\(escaped("😀"))", token: token, method: "DELETE")
            #expect(again.status == 404)
            let reordered = try await harness.call(
                "/v1/me/pinned", token: token, method: "PUT", json: #"{"items":["❤️","🎉"]}"#)
            #expect(try reordered.emoji() == ["❤️", "🎉"])
            #expect(try await harness.call("/v1/me/pinned", token: token).emoji() == ["❤️", "🎉"])

            // A custom emoji the main store lost can still be unpinned.
            _ = try await harness.call("/v1/me/pinned", token: token, method: "POST", json: #"{"code":"partyparrot"}"#)
            _ = try EmojiStore(url: harness.mainStoreURL).custom.removeEmoji(code: "partyparrot")
            let lost = try await harness.call(
                "/v1/me/pinned/\(escaped(":partyparrot:"))", token: token, method: "DELETE")
            #expect(lost.status == 200)
            #expect(try lost.emoji() == ["❤️", "🎉"])
        }
    }

    @Test("collections: PUT creates (201, then 200), items are added and removed, DELETE answers 204 then 404")
    func collections() async throws {
        try await ServerHarness.with(prepare: Self.withParrot) { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let created = try await harness.call("/v1/me/collections/work", token: token, method: "PUT")
            #expect(created.status == 201)
            #expect(try created.object()["name"] as? String == "work")
            #expect(try await harness.call("/v1/me/collections/work", token: token, method: "PUT").status == 200)
            _ = try await harness.call(
                "/v1/me/collections/work/items", token: token, method: "POST", json: #"{"emoji":"🚀"}"#)
            let added = try await harness.call(
                "/v1/me/collections/work/items", token: token, method: "POST",
                json: #"{"code":"partyparrot","position":0}"#)
            #expect(added.status == 200)
            #expect(
                (try added.object()["items"] as? [[String: Any]])?.compactMap { $0["emoji"] as? String } == [
                    ":partyparrot:", "🚀",
                ])
            let list = try await harness.call("/v1/me/collections", token: token)
            #expect(try list.objects().map { $0["name"] as? String } == ["work"])
            let removed = try await harness.call(
                "/v1/me/collections/work/items/\(escaped("🚀"))", token: token, method: "DELETE")
            #expect((try removed.object()["items"] as? [[String: Any]])?.count == 1)
            let notThere = try await harness.call(
                "/v1/me/collections/work/items/\(escaped("🚀"))", token: token, method: "DELETE")
            #expect(notThere.status == 404)
            let deleted = try await harness.call("/v1/me/collections/work", token: token, method: "DELETE")
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            #expect(try await harness.call("/v1/me/collections/work", token: token, method: "DELETE").status == 404)
            let gone = try await harness.call("/v1/me/collections/work", token: token)
            #expect(gone.status == 404)
            #expect(try gone.problem().type == "urn:moji:problem:not-found")
        }
    }

    @Test("tones: the default (null until set) and per-person tones; a wrong count or tone is 400")
    func tones() async throws {
        try await ServerHarness.with { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let empty = try await harness.call("/v1/me/tones", token: token)
            #expect(empty.text == #"{"default":null,"emoji":{}}"#)
            let byDefault = try await harness.call(
                "/v1/me/tones/default", token: token, method: "PUT", json: #"{"tone":"medium"}"#)
            #expect(try byDefault.object()["default"] as? String == "medium")
            let couple = try await harness.call(
                "/v1/me/tones/\(escaped("🧑‍🤝‍🧑"))", token: token, method: "PUT", json: #"{"tones":["light","dark"]}"#)
            #expect(couple.status == 200)
            #expect((try couple.object()["emoji"] as? [String: [String]]) == ["🧑‍🤝‍🧑": ["light", "dark"]])
            for body in [#"{"tones":["light","dark","medium"]}"#, #"{"tones":["purple"]}"#, #"{"tones":"light"}"#] {
                let wrong = try await harness.call(
                    "/v1/me/tones/\(escaped("🧑‍🤝‍🧑"))", token: token, method: "PUT", json: body)
                #expect(wrong.status == 400, "\(body)")
                #expect(try wrong.problem().type == "urn:moji:problem:bad-body")
            }
            let cleared = try await harness.call(
                "/v1/me/tones/default", token: token, method: "PUT", json: #"{"tone":null}"#)
            #expect(cleared.text.contains(#""default":null"#))
            let noTone = try await harness.call("/v1/me/tones/default", token: token, method: "PUT", json: "{}")
            #expect(noTone.status == 400)
        }
    }

    @Test("/v1/users/{own user} is /v1/me; any other user is 403 forbidden, existing or not")
    func usersPath() async throws {
        try await ServerHarness.with { harness in
            let (ada, _) = try harness.makeToken(for: "ada")
            _ = try harness.makeToken(for: "bob")
            _ = try await harness.call("/v1/users/ada/usage", token: ada, method: "POST", json: #"{"emoji":"🎉"}"#)
            #expect(try await harness.call("/v1/me/recent", token: ada).emoji() == ["🎉"])
            #expect(try await harness.call("/v1/users/ADA/recent", token: ada).emoji() == ["🎉"])
            for (target, method) in [
                ("/v1/users/bob/recent", "GET"), ("/v1/users/nobody/recent", "GET"), ("/v1/users/bob/usage", "POST"),
            ] {
                let answer = try await harness.call(
                    target, token: ada, method: method, json: method == "POST" ? #"{"emoji":"🎉"}"# : nil)
                #expect(answer.status == 403, "\(target)")
                #expect(try answer.problem().type == "urn:moji:problem:forbidden")
            }
        }
    }

    @Test("user A's usage, pins, collections and tones are never visible to user B")
    func isolation() async throws {
        try await ServerHarness.with(prepare: Self.withParrot) { harness in
            let (ada, _) = try harness.makeToken(for: "ada")
            let (bob, _) = try harness.makeToken(for: "bob")
            for body in [#"{"emoji":"🦄"}"#, #"{"emoji":"🦄"}"#, #"{"code":"partyparrot"}"#] {
                #expect(try await harness.call("/v1/me/usage", token: ada, method: "POST", json: body).status == 200)
            }
            _ = try await harness.call("/v1/me/pinned", token: ada, method: "POST", json: #"{"emoji":"🦄"}"#)
            _ = try await harness.call(
                "/v1/me/collections/secret/items", token: ada, method: "POST", json: #"{"emoji":"🦄"}"#)
            _ = try await harness.call("/v1/me/tones/default", token: ada, method: "PUT", json: #"{"tone":"dark"}"#)
            _ = try await harness.call(
                "/v1/me/tones/\(escaped("👋"))", token: ada, method: "PUT", json: #"{"tones":["light"]}"#)
            // Ada sees her data…
            #expect(try await harness.call("/v1/me/recent", token: ada).emoji() == [":partyparrot:", "🦄"])
            #expect(try await harness.call("/v1/me/pinned", token: ada).emoji() == ["🦄"])
            // …and Bob none of it.
            let frequent = try await harness.call("/v1/me/frequent", token: bob).objects()
            #expect(!frequent.isEmpty)  // the seeded defaults
            #expect(frequent.allSatisfy { ($0["uses"] as? Int) == 0 })
            #expect(!frequent.contains { $0["emoji"] as? String == "🦄" || $0["code"] != nil })
            #expect(try await harness.call("/v1/me/recent", token: bob).emoji() == [])
            #expect(try await harness.call("/v1/me/pinned", token: bob).emoji() == [])
            #expect(try await harness.call("/v1/me/collections", token: bob).text == "[]")
            #expect(try await harness.call("/v1/me/tones", token: bob).text == #"{"default":null,"emoji":{}}"#)
            // Bob's writes do not reach Ada either.
            _ = try await harness.call("/v1/me/usage", token: bob, method: "POST", json: #"{"emoji":"🦄"}"#)
            let unicorn = try await harness.call("/v1/me/recent", token: ada).objects().first {
                $0["emoji"] as? String == "🦄"
            }
            #expect(unicorn?["uses"] as? Int == 2)
        }
    }

    @Test("bodies: malformed JSON, a non-object, unknown keys and wrong types are 400; other types 415")
    func badBodies() async throws {
        try await ServerHarness.with { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            for body in [
                "{", "not json", "[]", #""👍""#, #"{"emoji":"👍","extra":1}"#, #"{"emoji":5}"#, #"{}"#,
                #"{"emoji":"👍","code":"x"}"#, #"{"emoji":"👍","position":1}"#, #"{"emoji":"👍","emoji":"🎉"}"#,
            ] {
                let answer = try await harness.call("/v1/me/usage", token: token, method: "POST", json: body)
                #expect(answer.status == 400, "\(body)")
                #expect(try answer.problem().type == "urn:moji:problem:bad-body", "\(body)")
            }
            let position = try await harness.call(
                "/v1/me/pinned", token: token, method: "POST", json: #"{"emoji":"👍","position":1.5}"#)
            #expect(position.status == 400)
            let invalidUTF8 = try await harness.request(
                "/v1/me/usage", method: "POST",
                headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                body: Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D]))
            #expect(invalidUTF8.status == 400)
            for type in ["text/plain", "application/x-www-form-urlencoded", "application/jsonx"] {
                let answer = try await harness.call(
                    "/v1/me/usage", token: token, method: "POST", json: #"{"emoji":"👍"}"#, contentType: type)
                #expect(answer.status == 415, "\(type)")
                #expect(try answer.problem().type == "urn:moji:problem:unsupported-media-type")
            }
            let charset = try await harness.call(
                "/v1/me/usage", token: token, method: "POST", json: #"{"emoji":"👍"}"#,
                contentType: "application/json; charset=utf-8")
            #expect(charset.status == 200)
            let noType = try await harness.request(
                "/v1/me/usage", method: "POST", headers: ["Authorization": "Bearer \(token)"],
                body: Data(#"{"emoji":"👍"}"#.utf8))
            #expect(noType.status == 415)
        }
    }

    @Test("a wrong method is 405 with Allow; an unknown route under /v1/me is 404")
    func methodsAndRoutes() async throws {
        try await ServerHarness.with { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let get = try await harness.call("/v1/me/usage", token: token)
            #expect(get.status == 405)
            #expect(get.header("Allow") == "POST")
            let post = try await harness.call("/v1/me/frequent", token: token, method: "POST", json: "{}")
            #expect(post.status == 405 && post.header("Allow") == "GET, HEAD")
            let delete = try await harness.call("/v1/me/pinned", token: token, method: "DELETE")
            #expect(delete.header("Allow") == "GET, HEAD, PUT, POST")
            for target in ["/v1/me", "/v1/me/nothing", "/v1/me/pinned/a/b", "/v1/users"] {
                #expect(try await harness.call(target, token: token).status == 404, "\(target)")
            }
        }
    }

    @Test("200 concurrent uses from 16 clients are all counted, each with its own count")
    func concurrentUses() async throws {
        try await ServerHarness.with { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let total = 200
            let clients = 16
            let next = Counter()
            let answers = try await withThrowingTaskGroup(of: [(Int, Int)].self) { group in
                for _ in 0..<clients {
                    group.addTask {
                        // A session per client: its own connections, so the requests really overlap.
                        let session = URLSession(configuration: .ephemeral)
                        defer { session.finishTasksAndInvalidate() }
                        var answers: [(Int, Int)] = []
                        while next.take() < total {
                            var request = URLRequest(url: harness.server.baseURL.appendingPathComponent("v1/me/usage"))
                            request.httpMethod = "POST"
                            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                            request.httpBody = Data(#"{"emoji":"🚀"}"#.utf8)
                            let (data, response) = try await session.data(for: request)
                            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                            let uses =
                                (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["uses"] as? Int
                            answers.append((status, uses ?? -1))
                        }
                        return answers
                    }
                }
                var all: [(Int, Int)] = []
                for try await answers in group { all += answers }
                return all
            }
            let successes = answers.filter { (200..<300).contains($0.0) }
            #expect(answers.count == total)
            #expect(successes.count == total)
            // Every use got its own count: none was lost or counted twice.
            #expect(Set(successes.map(\.1)) == Set(1...successes.count))
            let recent = try await harness.call("/v1/me/recent?limit=1", token: token).objects()
            #expect(recent.first?["uses"] as? Int == successes.count)
        }
    }
}

/// A shared counter for the concurrent clients.
final class Counter: Sendable {
    private let value = Locked(0)

    /// The value before this call, and counts one up.
    func take() -> Int {
        value.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
