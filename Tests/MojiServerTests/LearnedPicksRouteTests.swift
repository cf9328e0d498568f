import Foundation
import Moji
import MojiServer
import MojiStore
import Testing

/// `POST /v1/me/usage` with `"query"` and `GET /v1/search` with a token, over loopback: each user's
/// search learns from their own picks and nobody else's.
@Suite("learned picks over HTTP")
struct LearnedPicksRouteTests {
    @Test("a use posted with a query puts the emoji first in that user's search, and only theirs")
    func learnedPerUser() async throws {
        try await ServerHarness.with { harness in
            let (ada, _) = try harness.makeToken(for: "ada")
            let (bob, _) = try harness.makeToken(for: "bob")
            let everyone = try await harness.request("/v1/search?q=hola&locale=es")
            #expect(everyone.status == 200)
            let before = try everyone.emoji()
            // 🏊 (person swimming) has nothing to do with "hola": only learning puts it first.
            #expect(!before.contains("🏊"))

            let use = try await harness.call(
                "/v1/me/usage", token: ada, method: "POST", json: #"{"emoji":"🏊🏽","query":"Hola"}"#)
            #expect(use.status == 200, "\(use.text)")
            #expect(try use.object()["emoji"] as? String == "🏊🏽")

            for typed in ["hola", "hol", "HOLA"] {
                let answer = try await harness.call("/v1/search?q=\(typed)&locale=es", token: ada)
                #expect(answer.status == 200)
                #expect(try answer.emoji().first == "🏊", "\(typed): \(answer.text)")
                #expect(answer.header("Cache-Control") == "no-store")
                #expect(answer.header("ETag") == nil)
                #expect(answer.header("Vary")?.contains("Authorization") == true)
            }
            let learned = try await harness.call("/v1/search?q=hola&locale=es&tone=dark", token: ada)
            #expect(try learned.emoji().first == "🏊🏿")
            #expect(try learned.objects().first?["relevance"] as? String == "exact")

            // Bob's search, and a search without a token, are as before.
            let bobs = try await harness.call("/v1/search?q=hola&locale=es", token: bob)
            #expect(try bobs.emoji() == before)
            #expect(bobs.header("Cache-Control") == "no-store")
            let anonymous = try await harness.request("/v1/search?q=hola&locale=es")
            #expect(try anonymous.emoji() == before)
            #expect(anonymous.header("Cache-Control") == "public, max-age=60")
            #expect(anonymous.header("Vary")?.contains("Authorization") == true)
            #expect(anonymous.body == everyone.body)
        }
    }

    @Test("a query that is too long, holds a control character or is not a string is 400 and records nothing")
    func badQueries() async throws {
        try await ServerHarness.with { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let long = String(repeating: "é", count: 257)
            for body in [
                #"{"emoji":"👋","query":"\#(long)"}"#, #"{"emoji":"👋","query":"a\u001bb"}"#,
                #"{"emoji":"👋","query":"a\u2028"}"#, #"{"emoji":"👋","query":42}"#,
                #"{"emoji":"👋","query":["hola"]}"#,
            ] {
                let answer = try await harness.call("/v1/me/usage", token: token, method: "POST", json: body)
                #expect(answer.status == 400, "\(body): \(answer.text)")
                #expect(try answer.problem().type == "urn:moji:problem:bad-body")
            }
            let recent = try await harness.call("/v1/me/recent", token: token)
            #expect(try recent.emoji().isEmpty)
            let fine = String(repeating: "é", count: 256)
            let answer = try await harness.call(
                "/v1/me/usage", token: token, method: "POST", json: #"{"emoji":"👋","query":"\#(fine)"}"#)
            #expect(answer.status == 200)
            // A null or blank query records the use and learns nothing.
            for body in [#"{"emoji":"🎉","query":null}"#, #"{"emoji":"🎉","query":"  "}"#] {
                #expect(try await harness.call("/v1/me/usage", token: token, method: "POST", json: body).status == 200)
            }
            #expect(try await harness.call("/v1/me/recent", token: token).emoji() == ["🎉", "👋"])
        }
    }

    @Test("a search with a token that is not valid is 401; a valid token without picks gets everyone's answer")
    func tokens() async throws {
        try await ServerHarness.with { harness in
            let (token, record) = try harness.makeToken(for: "ada")
            let anonymous = try await harness.request("/v1/search?q=party")
            let fresh = try await harness.call("/v1/search?q=party", token: token)
            #expect(fresh.status == 200)
            #expect(fresh.body == anonymous.body)
            try harness.revoke(record)
            let refused = try await harness.call("/v1/search?q=party", token: APITokenSecret.generate())
            #expect(refused.status == 401)
            #expect(refused.header("WWW-Authenticate") == "Bearer realm=\"moji\"")
        }
    }

    @Test("a custom emoji is learned by its code")
    func customEmoji() async throws {
        try await ServerHarness.with(prepare: UserRouteTests.withParrot) { harness in
            let (token, _) = try harness.makeToken(for: "ada")
            let use = try await harness.call(
                "/v1/me/usage", token: token, method: "POST", json: #"{"code":"partyparrot","query":"fiesta"}"#)
            #expect(use.status == 200, "\(use.text)")
            let answer = try await harness.call("/v1/search?q=fies", token: token)
            #expect(try answer.objects().first?["code"] as? String == "partyparrot", "\(answer.text)")
        }
    }
}
