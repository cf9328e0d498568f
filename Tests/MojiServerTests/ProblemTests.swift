import Foundation
import MojiServer
import MojiTestSupport
import Testing

@Suite("problem details")
struct ProblemTests {
    @Test("an unknown emoji is a 404 problem")
    func unknownEmoji() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/emoji/\(escaped(":no-such-shortcode:"))")
            #expect(answer.status == 404)
            #expect(answer.header("Content-Type") == "application/problem+json")
            let problem = try answer.problem()
            #expect(problem.type == "urn:moji:problem:unknown-emoji")
            #expect(problem.title == "Unknown emoji")
            #expect(problem.status == 404)
            #expect(problem.detail.contains(":no-such-shortcode:"))
            let route = try await harness.request("/v2/nothing")
            #expect(route.status == 404)
            #expect(try route.problem().type == "urn:moji:problem:not-found")
        }
    }

    @Test("an unknown locale is a 400 problem naming the closest locales")
    func unknownLocale() async throws {
        try await ServerHarness.with { harness in
            for target in ["/v1/emoji/1F389?locale=jp", "/v1/groups?locale=jp", "/v1/search?q=cat&locale=jp"] {
                let answer = try await harness.request(target)
                #expect(answer.status == 400, "\(target)")
                let problem = try answer.problem()
                #expect(problem.type == "urn:moji:problem:unknown-locale")
                #expect(problem.closest?.isEmpty == false, "\(target)")
                #expect(problem.closest?.contains("ja") == true, "\(problem.closest ?? [])")
                #expect(problem.detail.hasPrefix("locale: no locale 'jp'. The closest: "), "\(problem.detail)")
                #expect(problem.detail.hasSuffix("GET /v1/locales lists them all."), "\(problem.detail)")
            }
        }
    }

    @Test("hostile and malformed queries get a 4xx problem, never a crash")
    func hostileQueries() async throws {
        try await ServerHarness.with(limits: ServerLimits(bodyBytes: 1024, queryLength: 512, resultCount: 200)) {
            harness in
            let cases: [(target: String, status: Int)] = [
                ("/v1/search?q=cat&limit=99999999999999999999999", 400),
                ("/v1/search?q=cat&limit=0", 400),
                ("/v1/search?q=cat&limit=201", 400),
                ("/v1/search?q=cat&limit=-1", 400),
                ("/v1/search?q=%FF%FE%80", 400),
                ("/v1/search?q=%C3%28", 400),
                ("/v1/search?q=cat&q=dog", 400),
                ("/v1/search?q=cat&bogus=1", 400),
                ("/v1/search", 400),
                ("/v1/search?q=cat&ranking=best", 400),
                ("/v1/search?q=cat&tone=purple", 400),
                ("/v1/search?q=cat&max-version=latest", 400),
                ("/v1/emoji?group=nope", 400),
                ("/v1/emoji?max-version=%2B15", 400),
                ("/v1/emoji?max-version=%2015", 400),
                ("/v1/emoji?max-version=1234.0", 400),
                ("/v1/emoji?max-version=15", 400),
                ("/v1/emoji?max-version=15.", 400),
                ("/v1/emoji?tones=maybe", 400),
                ("/v1/emoji/%FF%FF", 400),
                ("/v1/emoji/%00%01", 404),
                ("/v1/emoji/\(String(repeating: "%F0%9F%8E%89", count: 30))", 404),
                ("/v1/search?q=\(String(repeating: "a", count: 600))", 414),
                ("/v1/\(String(repeating: "x", count: 600))", 414),
                ("/v1/emoji/1F389/extra", 404),
            ]
            for (target, status) in cases {
                let answer = try await harness.request(target)
                #expect(answer.status == status, "\(target.prefix(80))")
                #expect(answer.header("Content-Type") == "application/problem+json", "\(target.prefix(80))")
                let problem = try answer.problem()
                #expect(problem.status == status)
                #expect(!problem.detail.isEmpty)
                #expect(!problem.detail.contains("Swift") && !problem.detail.contains(".swift:"))
            }
            // A long query the limits allow is answered.
            let long = try await harness.request("/v1/search?q=\(String(repeating: "party%20", count: 50))")
            #expect(long.status == 200)
            #expect(try await harness.request("/v1/health").status == 200)
        }
    }

    @Test("malformed escapes and raw bytes that are not UTF-8, sent as they are, get a 400 problem")
    func rawTargets() async throws {
        try await ServerHarness.with { harness in
            // curl sends the target as given, where URLSession would escape a stray '%'.
            for target in ["/v1/search?q=%ZZ", "/v1/search?q=%", "/v1/search?q=%F", "/v1/emoji/%G1"] {
                let outcome = try await ChildProcess.run(
                    "/usr/bin/curl",
                    [
                        "-s", "--path-as-is", "-o", "/dev/null", "-w", "%{http_code} %{content_type}",
                        harness.server.baseURL.absoluteString + target,
                    ],
                    environment: [:])
                #expect(String(decoding: outcome.output, as: UTF8.self) == "400 application/problem+json", "\(target)")
            }
            #expect(try await harness.request("/v1/health").status == 200)
        }
    }

    @Test("a body past the limit is 413, and a method other than GET is 405")
    func bodyAndMethod() async throws {
        try await ServerHarness.with(limits: ServerLimits(bodyBytes: 1024, queryLength: 512, resultCount: 200)) {
            harness in
            let large = try await harness.request(
                "/v1/search?q=cat", method: "POST", body: Data(repeating: 65, count: 4096))
            #expect(large.status == 413)
            #expect(try large.problem().type == "urn:moji:problem:body-too-large")
            let post = try await harness.request("/v1/health", method: "POST", body: Data("{}".utf8))
            #expect(post.status == 405)
            #expect(post.header("Allow") == "GET, HEAD")
            #expect(try post.problem().status == 405)
        }
    }
}
