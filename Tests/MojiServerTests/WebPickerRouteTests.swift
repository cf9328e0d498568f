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
        }
    }
}
