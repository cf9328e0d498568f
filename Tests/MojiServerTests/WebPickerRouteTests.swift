import Foundation
import MojiServer
import Testing

@Suite("the web picker's files")
struct WebPickerRouteTests {
    @Test("/ is the demo page with <moji-picker>, /picker.js defines it; both carry ETags and answer 304")
    func files() async throws {
        try await ServerHarness.with { harness in
            let page = try await harness.request("/")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(String(decoding: page.body, as: UTF8.self).contains("<moji-picker"))

            let script = try await harness.request("/picker.js")
            #expect(script.status == 200)
            #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(String(decoding: script.body, as: UTF8.self).contains("customElements.define('moji-picker'"))
            let tag = try #require(script.header("ETag"))
            let again = try await harness.request("/picker.js", headers: ["If-None-Match": tag])
            #expect(again.status == 304 && again.body.isEmpty)

            let post = try await harness.request("/picker.js", method: "POST")
            #expect(post.status == 405)

            // The page names its icon; a browser asking for /favicon.ico by habit gets it too, not 404.
            #expect(String(decoding: page.body, as: UTF8.self).contains(#"<link rel="icon" href="/favicon.svg""#))
            for path in ["/favicon.svg", "/favicon.ico"] {
                let icon = try await harness.request(path)
                #expect(icon.status == 200 && icon.header("Content-Type") == "image/svg+xml", "\(path)")
                #expect(String(decoding: icon.body, as: UTF8.self).hasPrefix("<svg"), "\(path)")
            }
        }
    }

    @Test("the demo page cannot be framed and runs only this server's scripts; no answer is sniffed")
    func securityHeaders() async throws {
        // Before issue 25, / had none of these and JSON answers no nosniff.
        try await ServerHarness.with { harness in
            let page = try await harness.request("/")
            let policy = try #require(page.header("Content-Security-Policy"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(policy.contains("default-src 'self'"))
            let scripts = try #require(policy.split(separator: ";").first { $0.contains("script-src") })
            #expect(!scripts.contains("unsafe-inline"))
            // The page's one inline script is allowed by its hash, nothing else inline.
            #expect(policy.components(separatedBy: "'sha256-").count == 2, "\(policy)")
            #expect(page.header("X-Frame-Options") == "DENY")
            #expect(page.header("X-Content-Type-Options") == "nosniff")
            for path in ["/picker.js", "/v1/groups", "/v1/search?q=party", "/v1/emoji/1F389", "/v1/nothing-here"] {
                let answer = try await harness.request(path)
                #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(path)")
                #expect(answer.header("X-Frame-Options") == nil, "\(path)")
            }
        }
    }
}
