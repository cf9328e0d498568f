import Foundation
import MojiLoopbackServer
import MojiTestSupport
import Testing

@testable import MojiSync

/// The proxy environment, decided as curl decides it.
@Suite("HTTP proxy environment")
struct HTTPProxyTests {
    func proxy(_ environment: [String: String], _ url: String) -> String? {
        guard let url = URL(string: url) else { return "bad test URL" }
        return HTTPConfiguration(environment: environment).proxy(for: url)?.absoluteString
    }

    @Test("http URLs use http_proxy, https URLs https_proxy")
    func byScheme() {
        let environment = ["http_proxy": "http://proxy:3128", "https_proxy": "http://secure:8443"]
        #expect(proxy(environment, "http://example.com/a") == "http://proxy:3128")
        #expect(proxy(environment, "https://example.com/a") == "http://secure:8443")
        #expect(proxy([:], "http://example.com/a") == nil)
        #expect(proxy(["https_proxy": "http://secure:8443"], "http://example.com/") == nil)
    }

    @Test("upper-case HTTP_PROXY is ignored, as curl ignores it (httpoxy); HTTPS_PROXY and ALL_PROXY count")
    func upperCase() {
        #expect(proxy(["HTTP_PROXY": "http://evil:80"], "http://example.com/") == nil)
        #expect(proxy(["HTTPS_PROXY": "http://secure:8443"], "https://example.com/") == "http://secure:8443")
        #expect(
            proxy(["https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:2"], "https://x.org/")
                == "http://lower:1")
        #expect(proxy(["ALL_PROXY": "http://all:9"], "http://example.com/") == "http://all:9")
        #expect(
            proxy(["all_proxy": "http://all:9", "http_proxy": "http://p:1"], "http://example.com/") == "http://p:1")
    }

    @Test("a proxy without a scheme is http, without a port 1080; an empty one means none")
    func proxyForms() {
        #expect(proxy(["http_proxy": "127.0.0.1:3128"], "http://example.com/") == "http://127.0.0.1:3128")
        #expect(proxy(["http_proxy": "proxy.local"], "http://example.com/") == "http://proxy.local:1080")
        #expect(proxy(["http_proxy": "http://proxy.local/"], "http://example.com/") == "http://proxy.local:1080")
        #expect(proxy(["http_proxy": ""], "http://example.com/") == nil)
        #expect(proxy(["http_proxy": "", "all_proxy": "http://all:9"], "http://example.com/") == nil)
    }

    @Test("no_proxy: domains with their subdomains, a leading dot, star, IP addresses, ports")
    func noProxy() {
        let base = ["http_proxy": "http://proxy:3128", "https_proxy": "http://proxy:3128"]
        func with(_ noProxy: String, _ key: String = "no_proxy") -> [String: String] {
            base.merging([key: noProxy]) { $1 }
        }
        #expect(proxy(with("example.com"), "http://example.com/") == nil)
        #expect(proxy(with("example.com"), "http://www.example.com/") == nil)
        #expect(proxy(with("example.com"), "http://notexample.com/") == "http://proxy:3128")
        #expect(proxy(with(".example.com"), "http://example.com/") == nil)
        #expect(proxy(with(".example.com"), "https://a.b.example.com/") == nil)
        #expect(proxy(with("other.org, example.com"), "http://example.com/") == nil)
        #expect(proxy(with("other.org example.com"), "http://example.com/") == nil)
        #expect(proxy(with("*"), "http://anything.net/") == nil)
        #expect(proxy(with("*.example.com"), "http://www.example.com/") == nil)
        #expect(proxy(with("EXAMPLE.COM"), "http://Example.com/") == nil)
        #expect(proxy(with("127.0.0.1"), "http://127.0.0.1:8080/") == nil)
        #expect(proxy(with("127.0.0.1"), "http://127.0.0.10/") == "http://proxy:3128")
        #expect(proxy(with("example.com:8080"), "http://example.com:8080/") == nil)
        #expect(proxy(with("example.com:8080"), "http://example.com/") == "http://proxy:3128")
        #expect(proxy(with("example.com:443"), "https://example.com/") == nil)
        #expect(proxy(with("[::1]:8080"), "http://[::1]:8080/") == nil)
        #expect(proxy(with("::1"), "http://[::1]:9/") == nil)
        #expect(proxy(with("example.com", "NO_PROXY"), "http://example.com/") == nil)
        #expect(proxy(with("example.com").merging(["NO_PROXY": "other.org"]) { $1 }, "http://example.com/") == nil)
    }

    @Test("the same decisions as Apple's connectionProxyDictionary")
    func dictionary() throws {
        let none = ProxyEnvironment([:]).connectionProxyDictionary()
        #expect(none?.isEmpty == true)
        let star = ProxyEnvironment(["http_proxy": "http://p:1", "no_proxy": "*"]).connectionProxyDictionary()
        #expect(star?.isEmpty == true)
        let both = try #require(
            ProxyEnvironment([
                "http_proxy": "http://p:3128", "HTTPS_PROXY": "s", "no_proxy": ".example.com,10.1.2.3:80",
            ])
            .connectionProxyDictionary())
        #expect(both["HTTPEnable"] as? Int == 1)
        #expect(both["HTTPProxy"] as? String == "p")
        #expect(both["HTTPPort"] as? Int == 3128)
        #expect(both["HTTPSEnable"] as? Int == 1)
        #expect(both["HTTPSProxy"] as? String == "s")
        #expect(both["HTTPSPort"] as? Int == 1080)
        #expect(both["ExceptionsList"] as? [String] == ["example.com", "*.example.com", "10.1.2.3"])
        let ignoredUpper = ProxyEnvironment(["HTTP_PROXY": "http://evil:80"]).connectionProxyDictionary()
        #expect(ignoredUpper?["HTTPProxy"] == nil)
    }

    /// Runs a program to its end without blocking a thread of the test's (and the server's) pool.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) async throws -> (
        Int32, Data
    ) {
        let outcome = try await ChildProcess.run(path, arguments, environment: environment)
        return (outcome.status, outcome.output)
    }

    @Test(
        "the loopback server answers a proxy request (absolute-form target) from its /images/<host> routes",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func serverAsProxy() async throws {
        let server = try await LoopbackServer.start()
        server.route(
            "/images/fi.somethingawful.com/images/smilies/smile.gif",
            .body(Data("GIF89a".utf8), contentType: "image/gif"))
        let (status, body) = try await Self.run(
            "/usr/bin/curl",
            ["-s", "-x", server.baseURL.absoluteString, "http://fi.somethingawful.com/images/smilies/smile.gif"],
            environment: [:])
        #expect(status == 0)
        #expect(body == Data("GIF89a".utf8))
        let record = try #require(server.requests().first)
        #expect(record.target == "http://fi.somethingawful.com/images/smilies/smile.gif")
        #expect(record.path == "/images/fi.somethingawful.com/images/smilies/smile.gif")
        #expect(record.status == 200)
        await server.stop()
    }

    /// The test binary runs itself again with `http_proxy` set (libcurl reads the process
    /// environment; setting it in this process would race every other test's requests).
    @Test("a request goes through the loopback server as its http_proxy")
    func requestThroughProxy() async throws {
        let proxy = try await LoopbackServer.start()
        proxy.route("/images/127.0.0.2/smile.gif", .body(Data("GIF89a".utf8), contentType: "image/gif"))
        let environment = ProcessInfo.processInfo.environment.merging(
            ["http_proxy": proxy.baseURL.absoluteString, "MOJI_TEST_PROXY_CHILD": "1", "no_proxy": ""]
        ) { $1 }
        let (status, output) = try await Self.run(
            CommandLine.arguments[0],
            ["--testing-library", "swift-testing", "--filter", "HTTPProxyTests/proxiedRequestInChild"],
            environment: environment)
        #expect(status == 0, "\(String(decoding: output, as: UTF8.self))")
        let record = try #require(proxy.requests().first)
        #expect(record.target == "http://127.0.0.2:9/smile.gif")
        #expect(record.status == 200)
        #expect(record.headers["user-agent"] == HTTPConfiguration.defaultUserAgent)
        await proxy.stop()
    }

    /// Run only by ``requestThroughProxy()``: 127.0.0.2:9 has nothing listening, so only the proxy can answer.
    @Test(
        "(child process) the transport reaches 127.0.0.2:9 only through http_proxy",
        .enabled(if: ProcessInfo.processInfo.environment["MOJI_TEST_PROXY_CHILD"] == "1"))
    func proxiedRequestInChild() async throws {
        let url = try #require(URL(string: "http://127.0.0.2:9/smile.gif"))
        #expect(HTTPConfiguration().proxy(for: url) != nil)
        let response = try await URLSessionTransport().get(FetchRequest(url: url, maximumBytes: 100))
        #expect(response.body == Data("GIF89a".utf8))
    }

    #if canImport(FoundationNetworking)
        @Test(
            "on Linux a proxy the process environment does not have fails instead of being silently skipped",
            .enabled(if: URL(string: "http://127.0.0.1/").map { HTTPConfiguration().proxy(for: $0) == nil } ?? false))
        func linuxProxyMismatch() async throws {
            let server = try await LoopbackServer.start()
            server.route("/page", .body(Data("direct".utf8), contentType: "text/plain"))
            let transport = URLSessionTransport(
                configuration: HTTPConfiguration(environment: ["http_proxy": "http://127.0.0.1:9"]))
            var caught: FetchError?
            do {
                _ = try await transport.get(FetchRequest(url: server.url("/page"), maximumBytes: 100))
            } catch {
                caught = error
            }
            guard case .network(_, let reason) = caught else {
                Issue.record("expected a network error, got \(String(describing: caught))")
                await server.stop()
                return
            }
            #expect(reason.contains("process environment"))
            #expect(server.requests().isEmpty)
            // Excepted by no_proxy, the same environment agrees with the process: it goes direct.
            let excepted = URLSessionTransport(
                configuration: HTTPConfiguration(
                    environment: ["http_proxy": "http://127.0.0.1:9", "no_proxy": "127.0.0.1"]))
            let response = try await excepted.get(FetchRequest(url: server.url("/page"), maximumBytes: 100))
            #expect(response.body == Data("direct".utf8))
            await server.stop()
        }
    #endif
}
