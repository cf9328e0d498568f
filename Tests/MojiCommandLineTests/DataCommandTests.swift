import Foundation
import MojiLoopbackServer
import MojiTestSupport
import Testing

/// `moji data` as a person runs it: real child processes (`moji-data pack`, `moji data …`) under
/// a private MOJI_HOME, and a real HTTP server on 127.0.0.1 serving what was packed, and the
/// upstream Unicode and CLDR files of `../shared/data` with directory listings.
@Suite("moji data", .serialized)
struct DataCommandTests {
    /// `../shared/data` beside the repository.
    static let sharedData = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    static var draftAvailable: Bool {
        FileManager.default.fileExists(
            atPath: sharedData.appendingPathComponent("unicode/18.0-draft/emoji-test.txt").path)
    }

    let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-data-\(UUID().uuidString)")
    var published: URL { home.appendingPathComponent("published") }

    /// Runs `script` with `sh -c` (`$MOJI` and `$MOJI_DATA` are the built executables) without
    /// blocking a thread of the pool the loopback server runs on.
    func run(_ script: String, environment extra: [String: String] = [:]) async throws -> ShellCommand.Outcome {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment: [String: String?] = [
            "MOJI_DATA": MojiExecutable.url.deletingLastPathComponent().appendingPathComponent("moji-data").path,
            "MOJI_CATALOG": nil,
        ]
        for (name, value) in extra { environment[name] = value }
        return try await ShellCommand(home: home).run(script, environment: environment)
    }

    func status() async throws -> [String: Any] {
        let outcome = try await run(#""$MOJI" data status --json"#)
        #expect(outcome.status == 0, "\(outcome.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    }

    /// Serves every file under `folder` at `prefix`, and, when `listing`, an HTML listing of each
    /// folder as `python3 -m http.server` writes it.
    static func serve(_ folder: URL, at prefix: String, on server: LoopbackServer, listing: Bool) async throws {
        // Reading a thousand files blocks: off the cooperative pool the loopback servers answer on.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result { try serveBlocking(folder, at: prefix, on: server, listing: listing) })
            }
        }
    }

    private static func serveBlocking(_ folder: URL, at prefix: String, on server: LoopbackServer, listing: Bool) throws
    {
        let manager = FileManager.default
        var entries: [String: [String]] = ["": []]
        let paths = (manager.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        for path in paths.sorted() {
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
            let parent = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            entries[parent, default: []].append(isDirectory.boolValue ? name + "/" : name)
            if isDirectory.boolValue {
                entries[path, default: []] += []
            } else {
                let data = try Data(contentsOf: folder.appendingPathComponent(path))
                server.route("\(prefix)/\(path)", .body(data, contentType: "application/octet-stream"))
            }
        }
        guard listing else { return }
        for (path, names) in entries {
            let links = names.map {
                "<li><a href=\"\($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0)\">\($0)</a></li>"
            }
            let page = "<html><body><ul>\(links.joined())</ul></body></html>"
            server.route(
                "\(prefix)/\(path.isEmpty ? "" : path + "/")", .body(Data(page.utf8), contentType: "text/html"))
        }
    }

    @Test("pack, add a source, update, up to date, status; bad inputs exit with why and change nothing")
    func packUpdateStatus() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let pack = try await run(#""$MOJI_DATA" pack --out "$MOJI_HOME/published""#)
        #expect(pack.status == 0, "\(pack.errors)")
        #expect(pack.output.contains("Emoji 17.0, CLDR 48"))
        let server = try await LoopbackServer.start()
        defer { Task { await server.stop() } }
        try await Self.serve(published, at: "/catalog", on: server, listing: false)
        let url = server.url("/catalog/").absoluteString

        let before = try await status()
        #expect(before["inUse"] as? String == "bundled")
        #expect(try await run(#""$MOJI" data sources add "\#(url)""#).status == 0)
        #expect(try await run(#""$MOJI" data sources"#).output == url + "\n")

        let update = try await run(#""$MOJI" data update"#)
        #expect(update.status == 0, "\(update.errors)")
        #expect(update.output.contains("0 files downloaded"))
        let after = try await status()
        #expect(after["inUse"] as? String == "updated")
        #expect(after["emojiCount"] as? Int == 3944)
        #expect((after["installed"] as? [String: Any])?["source"] as? String == url)
        let again = try await run(#""$MOJI" data update --from "\#(url)""#)
        #expect(again.output.hasPrefix("up to date"), "\(again.output)\(again.errors)")

        // A wrong hash: the manifest names a new file whose bytes do not match it.
        var manifest = try String(contentsOf: published.appendingPathComponent("manifest.json"), encoding: .utf8)
        manifest = manifest.replacingOccurrences(
            of: "\"catalogVersion\" : \"17.0-", with: "\"catalogVersion\" : \"17.0-x")
        let extra = Data("hello".utf8)
        manifest = manifest.replacingOccurrences(
            of: "\"files\" : [",
            with:
                "\"files\" : [\n    {\"path\" : \"extra.txt\", \"sha256\" : \"\(String(repeating: "0", count: 64))\", \"size\" : 5},"
        )
        server.route("/catalog/manifest.json", .body(Data(manifest.utf8), contentType: "application/json"))
        server.route("/catalog/extra.txt", .body(extra, contentType: "text/plain"))
        let wrongHash = try await run(#""$MOJI" data update --from "\#(url)""#)
        #expect(wrongHash.status == 3, "\(wrongHash.output)\(wrongHash.errors)")
        #expect(wrongHash.errors.contains("extra.txt: SHA-256"))
        #expect(wrongHash.errors.contains("The catalog in use is unchanged."))

        let unknown = manifest.replacingOccurrences(of: "\"formatVersion\" : 1", with: "\"formatVersion\" : 9")
        server.route("/catalog/manifest.json", .body(Data(unknown.utf8), contentType: "application/json"))
        let format = try await run(#""$MOJI" data update --from "\#(url)""#)
        #expect(format.status == 3)
        #expect(format.errors.contains("manifest format version 9"))

        let busy = try await run(
            #"flock "$MOJI_HOME/catalogs/.lock" sleep 3 & sleep 0.5; "$MOJI" data update --from "\#(url)" --wait 0.5; s=$?; wait; exit $s"#
        )
        #expect(busy.status == 5, "\(busy.output)\(busy.errors)")
        #expect(busy.errors.contains("Another catalog update is running"))

        let down = try await run(#""$MOJI" data update --from http://127.0.0.1:9/catalog/"#)
        #expect(down.status == 74)
        #expect(down.errors.contains("Cannot fetch the catalog"))
        #expect(try await status()["inUse"] as? String == "updated")

        #expect(try await run(#""$MOJI" data sources remove "\#(url)""#).status == 0)
        let none = try await run(#""$MOJI" data update"#)
        #expect(none.status == 64)
        #expect(none.errors.contains("moji data sources add"))
    }

    /// Packs the bundled catalog, publishes it on `server` at /catalog/ and installs it from
    /// there; returns the folder's URL.
    func installPublished(on server: LoopbackServer) async throws -> String {
        #expect(try await run(#""$MOJI_DATA" pack --out "$MOJI_HOME/published""#).status == 0)
        try await Self.serve(published, at: "/catalog", on: server, listing: false)
        let url = server.url("/catalog/").absoluteString
        #expect(try await run(#""$MOJI" data update --from "\#(url)""#).status == 0)
        return url
    }

    @Test("a manifest whose catalogVersion names a pointer or a path is refused and deletes nothing")
    func hostileCatalogVersion() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await LoopbackServer.start()
        defer { Task { await server.stop() } }
        let url = try await installPublished(on: server)
        let original = try String(contentsOf: published.appendingPathComponent("manifest.json"), encoding: .utf8)
        let version = try #require((try await status()["installed"] as? [String: Any])?["catalogVersion"] as? String)
        // Before: "current" deleted the pointer of the catalog in use (status then said bundled)
        // while the update said the catalog in use was unchanged; "previous" destroyed rollback.
        for hostile in ["current", "previous", "CURRENT", "../current", ".staging-x", "a/b", ""] {
            let manifest = original.replacingOccurrences(
                of: "\"catalogVersion\" : \"\(version)\"", with: "\"catalogVersion\" : \"\(hostile)\"")
            #expect(manifest != original)
            server.route("/catalog/manifest.json", .body(Data(manifest.utf8), contentType: "application/json"))
            let update = try await run(#""$MOJI" data update --from "\#(url)""#)
            #expect(update.status == 3, "\(hostile): \(update.output)\(update.errors)")
            #expect(update.errors.contains("is not a catalog name"), "\(hostile): \(update.errors)")
            #expect(update.errors.contains("The catalog in use is unchanged."))
            let after = try await status()
            #expect(after["inUse"] as? String == "updated", "\(hostile)")
            #expect((after["installed"] as? [String: Any])?["catalogVersion"] as? String == version)
        }
    }

    @Test("staging folders a killed update left are removed by the next status, unless an update is running")
    func leftoverStaging() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let catalogs = home.appendingPathComponent("catalogs")
        let staging = catalogs.appendingPathComponent(".staging-killed")
        try FileManager.default.createDirectory(
            at: staging.appendingPathComponent("locales"), withIntermediateDirectories: true)
        try Data(count: 4096).write(to: staging.appendingPathComponent("locales/fr.txt.z"))
        // An update holds the lock: its staging folder may be in use, so it stays.
        let busy = try await run(
            #"flock "$MOJI_HOME/catalogs/.lock" sleep 2 & sleep 0.5; "$MOJI" data status >/dev/null; s=$?; wait; exit $s"#
        )
        #expect(busy.status == 0, "\(busy.errors)")
        #expect(FileManager.default.fileExists(atPath: staging.path))
        let status = try await run(#""$MOJI" data status"#)
        #expect(status.status == 0, "\(status.errors)")
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        #expect(status.output.contains("in use: bundled"))
    }

    @Test("a damaged updated catalog falls back to the bundled one with one warning; MOJI_CATALOG pins it")
    func damagedFallsBack() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await LoopbackServer.start()
        defer { Task { await server.stop() } }
        _ = try await installPublished(on: server)
        let installed = try #require((try await status()["installed"] as? [String: Any])?["directory"] as? String)
        try Data("moji-core\t1\n".utf8).write(to: URL(fileURLWithPath: installed).appendingPathComponent("core.txt"))

        let info = try await run(#""$MOJI" info 👍"#)
        #expect(info.status == 0)
        #expect(info.output.contains("thumbs up"))
        #expect(info.errors.components(separatedBy: "warning: the updated catalog").count == 2, "\(info.errors)")
        #expect(info.errors.contains("moji data rollback"))
        let pinned = try await run(#""$MOJI" info 👍"#, environment: ["MOJI_CATALOG": "bundled"])
        #expect(pinned.errors.isEmpty)
        let report = try await status()
        #expect(report["inUse"] as? String == "bundled")
        #expect((report["warning"] as? String)?.contains("cannot be used") == true)
    }

    @Test(
        "--from-unicode builds the Emoji 18.0 draft served over loopback (3,963 emoji); rollback returns to 17.0",
        .enabled(if: draftAvailable))
    func fromUnicode() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await LoopbackServer.start()
        defer { Task { await server.stop() } }
        for folder in ["unicode/18.0-draft", "cldr-48", "emojibase-17", "gemoji"] {
            try await Self.serve(
                Self.sharedData.appendingPathComponent(folder), at: "/data/\(folder)", on: server, listing: true)
        }
        #expect(try await run(#""$MOJI_DATA" pack --out "$MOJI_HOME/published""#).status == 0)
        try await Self.serve(published, at: "/catalog", on: server, listing: false)
        #expect(try await run(#""$MOJI" data update --from "\#(server.url("/catalog/").absoluteString)""#).status == 0)

        let start = Date()
        let update = try await run(
            #""$MOJI" data update --from-unicode "\#(server.url("/data/").absoluteString)" --unicode 18.0-draft"#)
        print("--from-unicode over loopback took \(Date().timeIntervalSince(start)) s (debug build)")
        #expect(update.status == 0, "\(update.output)\(update.errors)")
        #expect(update.output.contains("built Emoji 18.0: 3963 emoji"))
        let report = try await status()
        #expect(report["emojiVersion"] as? String == "18.0")
        #expect(report["emojiCount"] as? Int == 3963)
        #expect((report["previous"] as? [String: Any])?["emojiVersion"] as? String == "17.0")

        let rollback = try await run(#""$MOJI" data rollback"#)
        #expect(rollback.status == 0, "\(rollback.errors)")
        let back = try await status()
        #expect(back["emojiVersion"] as? String == "17.0")
        #expect(back["emojiCount"] as? Int == 3944)
    }
}
