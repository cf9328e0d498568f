import Foundation
import Testing

@testable import MojiServer

/// What a review of the server found a client could do, each now answered.
@Suite("hardening")
struct HardeningTests {
    @Test("a set's source shows only a public web address: no local path, user, query or fragment")
    func publicSourceLocation() {
        #expect(CustomSetSummary.Source(kind: "folder", location: "/home/ada/emoji").location == nil)
        #expect(CustomSetSummary.Source(kind: "pack", location: "file:///srv/pack.zip").location == nil)
        let slack = CustomSetSummary.Source(
            kind: "slack", location: "https://bot:secret@slack.example/api/emoji.list?token=xoxb-1#all")
        #expect(slack.location == "https://slack.example/api/emoji.list")
        #expect(
            CustomSetSummary.Source(kind: "forum", location: "https://forums.example/misc.php").location
                == "https://forums.example/misc.php")
    }

    @Test("CORS origins compare as browsers send them: lowercase, no default port, no slash")
    func corsOrigins() {
        #expect(CORS.normalized("https://Good.Example:443/") == "https://good.example")
        #expect(CORS.normalized("HTTP://localhost:80") == "http://localhost")
        #expect(CORS.normalized("https://good.example:8443") == "https://good.example:8443")
        #expect(CORS.normalized("*") == "*")
    }

    @Test("picker data for versions the catalog does not have is the answer of the version before")
    func pickerDataVersionsRoundDown() async throws {
        try await ServerHarness.with { harness in
            let exact = try await harness.request("/v1/picker-data?max-version=15.1")
            let between = try await harness.request("/v1/picker-data?max-version=15.9")
            #expect(exact.status == 200 && between.status == 200)
            #expect(exact.header("ETag") == between.header("ETag"))
            #expect(exact.body == between.body)
        }
    }

    @Test("spellings of one search share a cached answer, and the cache stays within its byte budget")
    func searchCacheKeys() async throws {
        try await ServerHarness.with { harness in
            let plain = try await harness.request("/v1/search?q=a&limit=200")
            let escaped = try await harness.request("/v1/search?limit=200&q=%61")
            #expect(plain.body == escaped.body)
            let cache = harness.server.searchAnswerCache
            // 800 distinct answers of about 60 KB (48 MB) never hold more than two generations' budget.
            #expect(plain.body.count > 50_000)
            for index in 0..<800 {
                _ = try await harness.request("/v1/search?q=a\(String(repeating: "+", count: index))&limit=200")
            }
            #expect(cache.storedBytes <= 2 * cache.byteBudget)
            #expect(cache.storedBytes > cache.byteBudget / 2)
        }
    }

    @Test("ranking=usage is refused: a shared answer cannot hold one user's uses")
    func usageRanking() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/search?q=cat&ranking=usage")
            #expect(answer.status == 400)
            #expect(try answer.problem().detail.contains("/v1/me/frequent"))
        }
    }
}
