import Foundation
import Logging
import Moji
import MojiStore
import Prometheus
import Testing

@testable import MojiServer

/// A log handler that keeps the messages it is given, for a test to read.
struct CollectingLogHandler: LogHandler {
    let lines: Locked<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLock { $0.append("\(event.level) \(event.message)") }
    }
}

@Suite("request log and metrics")
struct ObservabilityTests {
    @Test("GET /metrics counts requests per route template, method and status, and the search cache's hits")
    func metrics() async throws {
        let registry = PrometheusCollectorRegistry()
        let lines = Locked<[String]>([])
        let logger = Logger(label: "test") { _ in CollectingLogHandler(lines: lines) }
        try await ServerHarness.with(
            configure: { configuration in
                configuration.metrics = registry
                configuration.requestLogger = logger
            },
            { harness in
                #expect(try await harness.request("/v1/search?q=cat&limit=2").status == 200)
                #expect(try await harness.request("/v1/search?q=cat&limit=2").status == 200)
                #expect(try await harness.request("/v1/emoji/%F0%9F%90%B1").status == 200)
                #expect(try await harness.request("/v1/me/collections/Secret%20plans").status == 401)
                #expect(try await harness.request("/v1/nowhere").status == 404)
                #expect(try await harness.request("/metrics", method: "POST").status == 405)
                let answer = try await harness.request("/metrics")
                #expect(answer.status == 200)
                #expect(answer.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
                #expect(answer.header("Cache-Control") == "no-store")
                let text = String(decoding: answer.body, as: UTF8.self)
                for line in [
                    #"moji_http_requests_total{method="GET",route="/v1/search",status="200"} 2"#,
                    #"moji_http_requests_total{method="GET",route="/v1/emoji/{emoji}",status="200"} 1"#,
                    #"moji_http_requests_total{method="GET",route="/v1/me/collections/{name}",status="401"} 1"#,
                    #"moji_http_requests_total{method="GET",route="other",status="404"} 1"#,
                    #"moji_http_requests_total{method="POST",route="/metrics",status="405"} 1"#,
                    #"moji_search_cache_lookups_total{result="miss"} 1"#,
                    #"moji_search_cache_lookups_total{result="hit"} 1"#,
                    #"moji_http_request_duration_seconds_count{method="GET",route="/v1/search",status="200"} 2"#,
                ] {
                    #expect(text.split(separator: "\n").contains(Substring(line)), "\(line) in\n\(text)")
                }
                // What clients sent never becomes a label: no collection name, no emoji, no query.
                #expect(!text.contains("Secret") && !text.contains("cat") && !text.contains("%F0"))
            })
        let logged = lines.withLock { $0 }
        #expect(logged.count == 7, "\(logged)")
        let search = logged.first ?? ""
        #expect(
            search.hasPrefix("info method=GET path=/v1/search route=/v1/search status=200 duration_ms="), "\(search)")
        #expect(!logged.joined().contains("q=cat"), "the query is never logged")
        #expect(
            logged.contains {
                $0.contains("path=/v1/me/collections/Secret%20plans route=/v1/me/collections/{name} status=401")
            })
    }

    @Test("GET /metrics times each call to the users' database by operation and outcome")
    func storeCalls() async throws {
        let registry = PrometheusCollectorRegistry()
        try await ServerHarness.with(
            configure: { $0.metrics = registry },
            { harness in
                let (token, _) = try harness.makeToken(for: "ada")
                #expect(try await harness.call("/v1/me/recent", token: token).status == 200)
                let answer = try await harness.call(
                    "/v1/me/usage", token: token, method: "POST", json: #"{"emoji":"🎉","query":"party"}"#)
                #expect(answer.status == 200)
                #expect(try await harness.call("/v1/me/collections/Nothing", token: token).status == 404)
                let text = String(decoding: try await harness.request("/metrics").body, as: UTF8.self)
                let lines = text.split(separator: "\n")
                for line in [
                    #"moji_user_store_calls_total{database="sqlite",operation="recent",outcome="ok"} 1"#,
                    #"moji_user_store_calls_total{database="sqlite",operation="recordUse",outcome="ok"} 1"#,
                    #"moji_user_store_calls_total{database="sqlite",operation="collection",outcome="ok"} 1"#,
                    #"moji_user_store_call_duration_seconds_count{database="sqlite",operation="recent",outcome="ok"} 1"#,
                ] {
                    #expect(lines.contains(Substring(line)), "\(line) in\n\(text)")
                }
                // Each request checks its token in the database (or the server's short-lived cache of it).
                #expect(text.contains(#"operation="apiToken""#))
            })
    }

    @Test("without a registry there is no /metrics route and nothing is logged")
    func off() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/metrics")
            #expect(answer.status == 404)
            #expect(try answer.problem().type == "urn:moji:problem:not-found")
        }
    }

    @Test("requests are named by the route the router matched, so labels stay few whatever the path holds")
    func routeLabels() async throws {
        let expected: [(String, String)] = [
            ("/v1/health", "/v1/health"), ("/v1/search", "/v1/search"), ("/v1/emoji", "/v1/emoji"),
            ("/v1/emoji/%F0%9F%91%8D", "/v1/emoji/{emoji}"), ("/v1/text/emojify", "/v1/text/emojify"),
            ("/v1/text/shout", "other"), ("/v1/images/ab12.png", "/v1/images/{file}"),
            ("/v1/me/usage", "/v1/me/usage"), ("/v1/me/pinned/%F0%9F%91%8D", "/v1/me/pinned/{item}"),
            ("/v1/me/collections/Work/items", "/v1/me/collections/{name}/items"),
            ("/v1/me/collections/Work/items/x", "/v1/me/collections/{name}/items/{item}"),
            ("/v1/me/tones/default", "/v1/me/tones/default"), ("/v1/me/tones/%F0%9F%91%8D", "/v1/me/tones/{emoji}"),
            ("/v1/users/ada/recent", "/v1/users/{user}/recent"), ("/v1/users/ada", "other"),
            ("/", "/"), ("/picker.js", "/picker.js"), ("/v1/openapi.json", "/v1/openapi.json"),
            ("/metrics", "/metrics"), ("/wp-login.php", "other"), ("/v2/health", "other"), ("/v1", "other"),
        ]
        let lines = Locked<[String]>([])
        let logger = Logger(label: "test") { _ in CollectingLogHandler(lines: lines) }
        try await ServerHarness.with(
            configure: { configuration in
                configuration.metrics = PrometheusCollectorRegistry()
                configuration.requestLogger = logger
            },
            { harness in
                for (path, _) in expected { _ = try await harness.request(path) }
            })
        let logged = lines.withLock { $0 }
        #expect(logged.count == expected.count, "\(logged)")
        for ((path, label), line) in zip(expected, logged) {
            #expect(line.contains(" route=\(label) "), "\(path): \(line)")
        }
    }

    @Test("a log line's values are quoted and escaped when a client's path could split or forge one")
    func logfmt() {
        let line = RequestObservation.line(
            method: "GET", path: "/a b\"c\nmethod=POST", route: "other", status: 404, duration: .microseconds(1_500))
        #expect(line == #"method=GET path="/a b\"c\u{a}method=POST" route=other status=404 duration_ms=1.500"#)
        #expect(!line.contains("\n"))
        #expect(RequestObservation.value("") == #""""#)
    }
}
