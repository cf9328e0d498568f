import Foundation
import MojiSpawn
import MojiStore
import MojiTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A running `moji serve` child process. Its output goes to temporary files that are read as it
/// comes (as ChildProcess does: no pipe handlers to depend on), and its end is seen through
/// `SpawnedProcess`, never by blocking a thread of the pool.
final class ServeProcess: Sendable {
    private let process: SpawnedProcess
    private let outputFile: URL
    private let errorFile: URL

    init(_ arguments: [String], home: URL, environment extra: [String: String] = [:]) throws {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["MOJI_HOME"] = home.path
        outputFile = home.appendingPathComponent("serve.out")
        errorFile = home.appendingPathComponent("serve.err")
        // Created here, so that reading before the child has opened them finds them empty.
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process = try SpawnedProcess(
            MojiExecutable.url.path, ["serve"] + arguments, environment: environment,
            standardOutput: .file(outputFile.path), standardError: .file(errorFile.path))
    }

    var standardOutput: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// The URL from the `listening on …` line, once it is printed.
    func listeningURL(timeout: Duration = .seconds(120)) async throws -> URL {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
                let url = URL(string: String(line.dropFirst("listening on ".count)))
            {
                return url
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        // Once more past the deadline: a test process whose threads were all busy may wake here
        // long after the line was printed.
        if let line = standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
            let url = URL(string: String(line.dropFirst("listening on ".count)))
        {
            return url
        }
        let exit = process.termination?.status
        throw ServeError.didNotListen(
            "status \(exit.map { "\($0)" } ?? "running"), output '\(standardOutput)', errors '\(standardError)'")
    }

    func terminate() { process.signal(SIGTERM) }

    /// The exit status, waiting up to `timeout` (it returns as soon as the child has exited).
    func exitStatus(timeout: Duration = .seconds(120)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let termination = process.termination { return termination.status }
            try await Task.sleep(for: .milliseconds(50))
        }
        // Once more past the deadline, as in `listeningURL`: when heavy tests hold every thread of
        // the pool, this task can wake after the deadline although the child exited long before.
        if let termination = process.termination { return termination.status }
        process.signal(SIGINT)
        throw ServeError.didNotExit("still running after \(timeout); errors '\(standardError)'")
    }

    enum ServeError: Error {
        case didNotListen(String)
        case didNotExit(String)
    }
}

@Suite("moji serve")
struct ServeCommandTests {
    @Test("moji serve --port 0 prints its address, serves, and exits 0 on SIGTERM with the store closed")
    func sigterm() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let serve = try ServeProcess(["--port", "0"], home: home)
        let url = try await serve.listeningURL()
        #expect(url.host == "127.0.0.1")
        #expect((url.port ?? 0) > 0 && url.port != 8080)
        let (data, response) = try await URLSession.shared.data(from: url.appendingPathComponent("v1/health"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("\"status\":\"ok\""))
        #expect(serve.standardError.isEmpty)
        serve.terminate()
        #expect(try await serve.exitStatus() == 0)
        // Closed with a checkpoint: the write-ahead log is folded into the database.
        let wal = home.appendingPathComponent(StoreLocation.fileName + "-wal")
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal.path)[.size] as? Int) ?? 0
        #expect(walSize == 0)
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(StoreLocation.fileName).path))
    }

    @Test("moji serve --metrics --log-requests serves /metrics and logs one logfmt line per request on stderr")
    func metricsAndRequestLog() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let serve = try ServeProcess(["--port", "0", "--metrics", "--log-requests", "--no-refresh"], home: home)
        let url = try await serve.listeningURL()
        let (_, health) = try await URLSession.shared.data(from: url.appendingPathComponent("v1/health"))
        #expect((health as? HTTPURLResponse)?.statusCode == 200)
        let (data, response) = try await URLSession.shared.data(from: url.appendingPathComponent("metrics"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"moji_http_requests_total{method="GET",route="/v1/health",status="200"} 1"#), "\(text)")
        serve.terminate()
        #expect(try await serve.exitStatus() == 0)
        let lines = serve.standardError.split(separator: "\n")
        #expect(
            lines.contains { $0.contains("method=GET path=/v1/health route=/v1/health status=200 duration_ms=") },
            "\(serve.standardError)")
        #expect(lines.contains { $0.contains("method=GET path=/metrics route=/metrics status=200") })
    }

    @Test("--supported shows by default what the emoji font draws; max-version still decides; no font, everything")
    func supported() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        func found(_ url: URL, _ query: String) async throws -> String {
            let (data, _) = try await URLSession.shared.data(from: URL(string: "v1/search?\(query)", relativeTo: url)!)
            return String(decoding: data, as: UTF8.self)
        }
        // No emoji font (a fontconfig configuration with an empty font folder): everything, and why.
        let fonts = home.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let config = home.appendingPathComponent("fonts.conf")
        try Data(
            """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>\(fonts.path)</dir><cachedir>\(home.path)/cache</cachedir></fontconfig>
            """.utf8
        ).write(to: config)
        let fontless = try ServeProcess(
            ["--port", "0", "--supported"], home: home, environment: ["FONTCONFIG_FILE": config.path])
        let bare = try await fontless.listeningURL()
        #expect(fontless.standardError.contains("no emoji font found"), "\(fontless.standardError)")
        #expect(try await found(bare, "q=bags%20under%20eyes").contains("\u{1FAE9}"), "🫩 (16.0) shown without a font")
        fontless.terminate()
        _ = try await fontless.exitStatus()
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf") else {
            print("skipped the font's half: fonts-noto-color-emoji is not installed")
            return
        }
        // Noto Color Emoji 2.042 draws up to 15.0: 🫨 (15.0) shown, 🫩 (16.0) not, unless asked for.
        let serve = try ServeProcess(["--port", "0", "--supported"], home: home)
        defer { serve.terminate() }
        let url = try await serve.listeningURL()
        #expect(serve.standardError.contains("up to 15.0"), "\(serve.standardError)")
        #expect(try await found(url, "q=shaking%20face").contains("\u{1FAE8}"))
        #expect(!(try await found(url, "q=bags%20under%20eyes").contains("\u{1FAE9}")))
        #expect(try await found(url, "q=bags%20under%20eyes&max-version=17.0").contains("\u{1FAE9}"))
    }

    @Test("a host other than loopback prints a warning that it serves to the network")
    func networkWarning() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let serve = try ServeProcess(["--host", "0.0.0.0", "--port", "0"], home: home)
        _ = try await serve.listeningURL()
        #expect(serve.standardError.contains("warning: serving on 0.0.0.0, to the network"))
        #expect(serve.standardError.contains("no API tokens: /v1/me needs one"))
        #expect(serve.standardError.contains("moji serve token create USER"))
        serve.terminate()
        #expect(try await serve.exitStatus() == 0)
    }

    @Test("an address in use makes moji serve fail with a message")
    func addressInUse() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try ServeProcess(["--port", "0"], home: home)
        let port = try #require(try await first.listeningURL().port)
        let outcome = try await ChildProcess.run(
            MojiExecutable.url.path, ["serve", "--port", "\(port)"],
            environment: ProcessInfo.processInfo.environment.merging(["MOJI_HOME": home.path]) { $1 })
        #expect(outcome.status != 0)
        let message = String(decoding: outcome.errors, as: UTF8.self)
        #expect(message.contains("cannot listen on 127.0.0.1:\(port)"))
        // Before issue 26: "bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)".
        #expect(message.contains("the port is in use") && message.contains("--port"), "\(message)")
        #expect(!message.contains("errno"), "\(message)")
        #expect(first.standardOutput.contains("the web picker's demo page: http://127.0.0.1:\(port)/"))
        // `moji serve --help` shows the server's options, as `moji serve run --help` does.
        let help = try await ChildProcess.run(
            MojiExecutable.url.path, ["serve", "--help"], environment: ProcessInfo.processInfo.environment)
        let helpText = String(decoding: help.output, as: UTF8.self)
        #expect(help.status == 0 && helpText.contains("--port") && helpText.contains("--host"), "\(helpText)")
        #expect(helpText.contains("moji serve token"), "\(helpText)")
        first.terminate()
        #expect(try await first.exitStatus() == 0)
    }
}
