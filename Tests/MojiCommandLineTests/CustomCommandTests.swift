import Foundation
import MojiLoopbackServer
import MojiSync
import MojiTestSupport
import Testing

/// `moji custom` and `moji emojify --custom-set` as a person runs them: real child processes, a
/// real SQLite store and image cache under a private MOJI_HOME, and a real HTTP server on
/// 127.0.0.1 serving the two Something Awful snapshots.
@Suite("moji custom", .serialized)
struct CustomCommandTests {
    /// `../shared/data/awful-smilies` beside the repository.
    static let snapshots = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/awful-smilies")

    static var snapshotsAvailable: Bool {
        FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("2015-05/showsmilies.html").path)
    }

    let home = FileManager.default.temporaryDirectory.appendingPathComponent("moji-custom-\(UUID().uuidString)")

    var images: URL { home.appendingPathComponent("images") }

    /// Runs `script` with `sh -c` (`$MOJI` is the built executable) in this suite's MOJI_HOME,
    /// with no proxy set.
    func run(_ script: String) async throws -> ShellCommand.Outcome {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try await ShellCommand(home: home).run(script)
    }

    func removeHome() { try? FileManager.default.removeItem(at: home) }

    /// The image files in the cache.
    func cachedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: images.path)) ?? []).filter { !$0.hasPrefix(".") }
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    static func report(_ text: String) throws -> [String: Any] {
        try #require(try json(text) as? [String: Any], "\(text)")
    }

    @Test("the README's forum transcript is what these commands print", .enabled(if: snapshotsAvailable))
    func readmeTranscript() async throws {
        defer { removeHome() }
        let server = try await LoopbackServer.start()
        try server.serveSmilieSnapshot(Self.snapshots.appendingPathComponent("2015-05"))
        // The README names the loopback server by a fixed port; this one has its own.
        let base = server.url("/").absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let shown = "http://127.0.0.1:8765"
        let commands = [
            "moji custom add forum --forum \(base)/misc.php?action=showsmilies",
            "moji custom sync forum",
            "echo '<b>hi :smith:</b> 👍' | moji emojify --custom-set forum --html",
        ]
        var transcript: [String] = []
        for command in commands {
            let script = command.replacingOccurrences(of: "moji ", with: #""$MOJI" "#)
                .replacingOccurrences(
                    of: "--forum \(base)/misc.php?action=showsmilies",
                    with: "--forum '\(base)/misc.php?action=showsmilies'")
            let outcome = try await run(script)
            #expect(outcome.status == 0, "\(command): \(outcome.errors)")
            transcript.append("$ " + command)
            transcript += ReadmeSample.normalized(outcome.output.components(separatedBy: "\n"))
        }
        let produced = ReadmeSample.normalized(transcript.map { $0.replacingOccurrences(of: base, with: shown) })
        let readme = try #require(try ReadmeSample.lines(named: "custom-forum"), "README.md has no custom-forum sample")
        #expect(readme == produced, "README.md's custom-forum sample should read:\n\(produced.joined(separator: "\n"))")
    }

    @Test(
        "add, list, show, sync to the next snapshot, a no-change sync, emojify, remove and prune",
        .enabled(if: snapshotsAvailable))
    func forumLifecycle() async throws {
        defer { removeHome() }
        let server = try await LoopbackServer.start()
        try server.serveSmilieSnapshot(Self.snapshots.appendingPathComponent("2015-02"))
        let page = server.url("/misc.php").absoluteString

        let add = try await run(#""$MOJI" custom add forum --forum '\#(page)' --json"#)
        #expect(add.status == 0, "\(add.errors)")
        let added = try Self.report(add.output)
        #expect((added["added"] as? [String])?.count == 743)
        #expect((added["failed"] as? [Any])?.count == 0)
        #expect(added["dryRun"] as? Bool == false)
        #expect((added["imageBytes"] as? Int ?? 0) > 0)
        let fileCount = cachedFiles().count
        #expect(fileCount > 700 && fileCount <= 743, "\(fileCount) cached images")

        let sets = try await run(#""$MOJI" custom sets --json"#)
        #expect(sets.status == 0, "\(sets.errors)")
        let setList = try #require(try Self.json(sets.output) as? [[String: Any]])
        #expect(setList.count == 1)
        #expect(setList.first?["name"] as? String == "forum")
        // The keys of `GET /v1/custom` where they mean the same: a source object, and a count
        // that is not called `emoji` (the API's `emoji` is the list).
        #expect((setList.first?["source"] as? [String: Any])?["kind"] as? String == "forum")
        #expect(setList.first?["emojiCount"] as? Int == 743)
        #expect(setList.first?["emoji"] == nil)
        #expect((setList.first?["addedAt"] as? String)?.hasSuffix("Z") == true)
        #expect(setList.first?["due"] as? Bool == false)
        #expect(setList.first?["syncedAt"] as? String != nil)

        let list = try await run(#""$MOJI" custom list forum --json"#)
        #expect(list.status == 0, "\(list.errors)")
        let emoji = try #require(try Self.json(list.output) as? [[String: Any]])
        #expect(emoji.count == 743)
        #expect(emoji.allSatisfy { $0["set"] as? String == "forum" })
        let text = try await run(#""$MOJI" custom list"#)
        #expect(text.output.split(separator: "\n").count == 743)
        #expect(text.output.contains("forum\t:smith:\t"), "\(text.output.prefix(300))")

        let show = try await run(#""$MOJI" custom show :smith: --json"#)
        #expect(show.status == 0, "\(show.errors)")
        let smith = try Self.report(show.output)
        #expect(smith["code"] as? String == "smith")
        #expect(smith["format"] as? String == "gif")
        #expect((smith["image"] as? String)?.hasSuffix("/emot-smith.gif") == true)
        let file = try #require(smith["cachedFile"] as? String)
        #expect(file.hasPrefix(images.path))
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(smith["cached"] as? Bool == true)

        // The next snapshot: 24 new smilies, none gone.
        try server.serveSmilieSnapshot(Self.snapshots.appendingPathComponent("2015-05"))
        let sync = try await run(#""$MOJI" custom sync forum --json"#)
        #expect(sync.status == 0, "\(sync.errors)")
        let synced = try Self.report(sync.output)
        #expect((synced["added"] as? [String])?.count == 24)
        #expect((synced["removed"] as? [String])?.count == 0)
        #expect(synced["total"] as? Int == 767)

        // Nothing changed: conditional requests only, no image bytes.
        let again = try await run(#""$MOJI" custom sync forum --json"#)
        #expect(again.status == 0, "\(again.errors)")
        let unchanged = try Self.report(again.output)
        #expect(unchanged["imageBytes"] as? Int == 0)
        #expect((unchanged["added"] as? [String])?.isEmpty == true)
        let human = try await run(#""$MOJI" custom sync"#)
        #expect(human.status == 0, "\(human.errors)")
        #expect(
            human.output.hasPrefix("forum: added 0, removed 0, changed 0, unchanged 767, failed 0, skipped 0; "),
            "\(human.output)")
        // Right after another sync: the page's 304 only (the README shows this line).
        #expect(human.output.contains("; 0 image requests, 0 bytes"), "\(human.output)")
        // Not a terminal: no progress bar on standard error.
        #expect(!human.errors.contains("images "), "\(human.errors)")

        let html = try await run(#"printf '<b>:smith:</b> 👍' | "$MOJI" emojify --custom-set forum --html"#)
        #expect(html.status == 0, "\(html.errors)")
        let smithURL = server.url("/images/i.somethingawful.com/forumsystem/emoticons/emot-smith.gif").absoluteString
        #expect(html.output.hasPrefix(#"&lt;b&gt;<img class="emoji" alt=":smith:" title="#), "\(html.output)")
        #expect(html.output.contains(#"src="\#(smithURL)" width=""#), "\(html.output)")
        #expect(html.output.hasSuffix("&lt;/b&gt; 👍"), "\(html.output)")
        let sha = try #require(smith["sha256"] as? String)
        let based = try await run(
            #"printf ':smith:' | "$MOJI" emojify --custom-set forum --html --image-base https://cdn.example/e"#)
        #expect(based.output.contains(#"src="https://cdn.example/e/\#(sha).gif""#), "\(based.output)")

        // Usage survives the set; the images go with a prune.
        let use = try await run(#""$MOJI" use :smith:"#)
        #expect(use.status == 0, "\(use.errors)")
        let remove = try await run(#""$MOJI" custom remove forum"#)
        #expect(remove.status == 0, "\(remove.errors)")
        #expect(remove.output.contains("767 emoji"), "\(remove.output)")
        #expect(remove.output.contains("usage history stays"), "\(remove.output)")
        let recent = try await run(#""$MOJI" recent"#)
        #expect(recent.output.contains(":smith:"), "\(recent.output)")
        let gone = try await run(#""$MOJI" custom show :smith:"#)
        #expect(gone.status == 1)
        let kept = try await run(#""$MOJI" custom cache --prune --json"#)
        #expect(kept.status == 0, "\(kept.errors)")
        #expect(try Self.report(kept.output)["removedFiles"] as? Int == 0, "within the grace period")
        let prune = try await run(#""$MOJI" custom cache --prune --grace 0 --json"#)
        #expect(prune.status == 0, "\(prune.errors)")
        let pruned = try Self.report(prune.output)
        #expect((pruned["removedFiles"] as? Int ?? 0) > 700)
        #expect(pruned["files"] as? Int == 0)
        #expect(cachedFiles().isEmpty)
        await server.stop()
    }

    @Test("add --dry-run --json reports 743 to add and writes nothing", .enabled(if: snapshotsAvailable))
    func dryRun() async throws {
        defer { removeHome() }
        let server = try await LoopbackServer.start()
        try server.serveSmilieSnapshot(Self.snapshots.appendingPathComponent("2015-02"))
        let page = server.url("/misc.php").absoluteString
        let add = try await run(#""$MOJI" custom add forum --forum '\#(page)' --dry-run --json"#)
        #expect(add.status == 0, "\(add.errors)")
        let report = try Self.report(add.output)
        #expect(report["dryRun"] as? Bool == true)
        #expect((report["added"] as? [String])?.count == 743)
        #expect(report["imageBytes"] as? Int == 0)
        #expect(server.requests().allSatisfy { $0.path == "/misc.php" }, "no image requested")
        let sets = try await run(#""$MOJI" custom sets --json"#)
        #expect(try Self.json(sets.output) as? [Any] != nil)
        #expect((try Self.json(sets.output) as? [Any])?.isEmpty == true, "\(sets.output)")
        #expect(cachedFiles().isEmpty)
        await server.stop()
    }

    @Test(
        "a folder and a Slack emoji.list file import; a code another set owns is skipped",
        .enabled(if: snapshotsAvailable))
    func folderAndSlack() async throws {
        defer { removeHome() }
        let files = Self.snapshots.appendingPathComponent("2015-02/files/i.somethingawful.com/forumsystem/emoticons")
        let folder = home.appendingPathComponent("smilies")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["smith", "gbsmith"] {
            try FileManager.default.copyItem(
                at: files.appendingPathComponent("emot-\(name).gif"), to: folder.appendingPathComponent("\(name).gif"))
        }
        // Relative to the working directory: stored as an absolute path.
        let add = try await run(#"cd '\#(home.path)' && "$MOJI" custom add mine --folder smilies"#)
        #expect(add.status == 0, "\(add.errors)")
        #expect(add.output.hasPrefix("mine: added 2, removed 0"), "\(add.output)")
        let sets = try await run(#""$MOJI" custom sets --json"#)
        let set = try #require((try Self.json(sets.output) as? [[String: Any]])?.first)
        let source = try #require(set["source"] as? [String: Any])
        #expect(source["location"] as? String == folder.standardizedFileURL.path)
        #expect(source["kind"] as? String == "folder")

        let server = try await LoopbackServer.start()
        let gif = try Data(contentsOf: files.appendingPathComponent("emot-smith.gif"))
        server.route("/parrot.gif", .body(gif, contentType: "image/gif"))
        let slack = home.appendingPathComponent("emoji.list.json")
        try Data(
            #"{"ok": true, "emoji": {"partyparrot": "\#(server.url("/parrot.gif").absoluteString)", "parrot": "alias:partyparrot", "smith": "alias:partyparrot"}}"#
                .utf8
        ).write(to: slack)
        let slackAdd = try await run(#""$MOJI" custom add team --slack '\#(slack.path)' --interval 2"#)
        #expect(slackAdd.status == 0, "\(slackAdd.errors)")
        #expect(slackAdd.output.hasPrefix("team: added 2,"), "\(slackAdd.output)")
        #expect(slackAdd.errors.contains(":smith:") && slackAdd.errors.contains("mine"), "\(slackAdd.errors)")
        let list = try await run(#""$MOJI" custom list team"#)
        #expect(list.output.contains("team\t:parrot:\t") && list.output.contains("team\t:partyparrot:\t"))
        let setsAfter = try await run(#""$MOJI" custom sets --json"#)
        let team = try #require(
            (try Self.json(setsAfter.output) as? [[String: Any]])?.first { $0["name"] as? String == "team" })
        #expect(team["refreshHours"] as? Double == 2)
        await server.stop()
    }

    @Test("emojify --html never writes a user, password, query or fragment of an image URL")
    func htmlWithoutCredentials() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        // Before issue 25, src carried http://bot:pw@host/…?token=… as the source gave it.
        let export: [String: Any] = [
            "format": "moji-store", "version": 1, "exportedAt": 1_700_000_000, "clock": 0, "decay": 0.9,
            "usage": [], "pinned": [], "collections": [], "skinTones": [:],
            "customSets": [
                [
                    "name": "slacky", "addedAt": 1_700_000_000, "refreshInterval": 72000,
                    "source": ["kind": "slack", "location": "https://slack.example/api/emoji.list"],
                ]
            ],
            "customEmoji": [
                [
                    "code": "party", "name": "party", "keywords": [], "addedAt": 1_700_000_000, "set": "slacky",
                    "image": "https://bot:s3cret@emoji.example/party.gif?token=xoxb-1#frame",
                ]
            ],
        ]
        let file = home.appendingPathComponent("export.json")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: export).write(to: file)
        let imported = try await run(#""$MOJI" store import "\#(file.path)""#)
        #expect(imported.status == 0, "\(imported.errors)")
        let html = try await run(#"printf ':party:' | "$MOJI" emojify --custom-set slacky --html"#)
        #expect(html.status == 0, "\(html.errors)")
        #expect(html.output.contains(#"src="https://emoji.example/party.gif""#), "\(html.output)")
        for secret in ["bot", "s3cret", "token", "xoxb", "frame"] {
            #expect(!html.output.contains(secret), "\(secret): \(html.output)")
        }
    }

    @Test("a FIFO as a folder's emoji.json, a pack or a Slack file is refused at once, not waited on")
    func fifosAreRefused() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        // Before issue 25 each of these hung `moji custom add` until someone wrote to the FIFO.
        let folder = home.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for fifo in [
            folder.appendingPathComponent("emoji.json"), home.appendingPathComponent("pack.zip"),
            home.appendingPathComponent("emoji.list.json"),
        ] {
            #expect(mkfifo(fifo.path, 0o600) == 0)
        }
        for (arguments, name) in [
            ("--folder \"\(folder.path)\"", "emoji.json"), ("--pack \"$MOJI_HOME/pack.zip\"", "pack.zip"),
            ("--slack \"$MOJI_HOME/emoji.list.json\"", "emoji.list.json"),
        ] {
            // `timeout` ends a command that blocks: 124 would be the old hang.
            let added = try await run(#"timeout 20 "$MOJI" custom add fifo \#(arguments)"#)
            #expect(added.status != 0 && added.status != 124, "\(arguments): \(added.status) \(added.errors)")
            #expect(added.errors.contains("\(name): is not a regular file"), "\(arguments): \(added.errors)")
        }
        #expect(try await run(#""$MOJI" custom sets"#).output.contains("fifo") == false)
    }

    @Test("an add killed mid-way (kill -9) is resumed by adding the set again, at once")
    func interruptedAdd() async throws {
        defer { removeHome() }
        let server = try await LoopbackServer.start()
        let gif = try #require(Data(base64Encoded: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"))
        // One image answers after a minute: the add is still importing when it is killed.
        server.route("/a.gif", .body(gif, contentType: "image/gif"))
        server.route("/slow.gif", .delayed(60, .body(gif, contentType: "image/gif")))
        let entries = [("a", "/a.gif"), ("slow", "/slow.gif")].map { code, path in
            #"{"shortcode": "\#(code)", "url": "\#(server.url(path).absoluteString)", "static_url": "\#(server.url(path).absoluteString)", "visible_in_picker": true}"#
        }
        let listing = Data(("[" + entries.joined(separator: ",") + "]").utf8)
        server.route("/api/v1/custom_emojis", .body(listing, contentType: "application/json"))
        let source = server.baseURL.absoluteString
        // Before issue 25 the set stayed with 0 emoji, and adding it again said it existed.
        let killed = try await run(
            #"""
            "$MOJI" custom add social --mastodon '\#(source)' >/dev/null 2>&1 & pid=$!
            for i in $(seq 200); do
              "$MOJI" custom sets 2>/dev/null | grep -q social && break
              sleep 0.1
            done
            kill -9 $pid && echo killed
            # Not `wait $pid`: a CI run hung there for good, dash asleep in sigsuspend with
            # SIGCHLD pending. The shell reaps the killed child while it waits for this one.
            sleep 0.3
            "$MOJI" custom sets --json
            """#)
        #expect(killed.output.contains("killed"), "\(killed.output) \(killed.errors)")
        let interrupted = try #require(try Self.json(String(killed.output.drop { $0 != "[" })) as? [[String: Any]])
        #expect(
            interrupted.first?["emojiCount"] as? Int == 0 && interrupted.first?["syncedAt"] == nil, "\(killed.output)")
        server.route("/slow.gif", .body(gif, contentType: "image/gif"))
        let again = try await run(#""$MOJI" custom add social --mastodon '\#(source)' --json"#)
        #expect(again.status == 0, "\(again.errors)")
        #expect(Set(try Self.report(again.output)["added"] as? [String] ?? []) == ["a", "slow"], "\(again.output)")
        let list = try await run(#""$MOJI" custom list social --json"#)
        #expect((try Self.json(list.output) as? [Any])?.count == 2, "\(list.output)")
        // moji search finds imported custom emoji by code, as the pickers do (issue 26: it exited 1).
        let found = try await run(#""$MOJI" search slow"#)
        #expect(found.status == 0 && found.output.hasPrefix(":slow:"), "\(found.output) \(found.errors)")
        // A set that did finish its first import is still refused, as before.
        let twice = try await run(#""$MOJI" custom add social --mastodon '\#(source)'"#)
        #expect(twice.status == 64 && twice.errors.contains("exists already"), "\(twice.errors)")
        await server.stop()
    }

    @Test("the summary counts skipped entries: a folder's link out of it is skipped, and said so")
    func skippedCounted() async throws {
        defer { removeHome() }
        let folder = home.appendingPathComponent("emoji")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gif = try #require(Data(base64Encoded: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"))
        for name in ["a", "b", "c"] { try gif.write(to: folder.appendingPathComponent("\(name).gif")) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("out.gif"), withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
        // Before issue 26 the line said "added 3, … failed 0" and nothing of the skipped link.
        let added = try await run(#""$MOJI" custom add pics --folder "$MOJI_HOME/emoji""#)
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output.contains("added 3,") && added.output.contains("skipped 1;"), "\(added.output)")
        #expect(added.errors.contains("skipped"), "\(added.errors)")
    }

    @Test("bad names, sources and unknown sets exit with their codes and say why")
    func badInput() async throws {
        defer { removeHome() }
        let cases: [(script: String, status: Int32, message: String)] = [
            (#""$MOJI" custom add 'bad:name' --folder /tmp"#, 64, "holds a colon"),
            (#""$MOJI" custom add 'two words' --folder /tmp"#, 64, "white space"),
            (#""$MOJI" custom add x --folder /tmp --pack /tmp/a.zip"#, 64, "exactly one source"),
            (#""$MOJI" custom add x"#, 64, "exactly one source"),
            (#""$MOJI" custom add x --mastodon 'https://'"#, 64, "not a host name"),
            (#""$MOJI" custom add x --interval 0 --folder /tmp"#, 64, "--interval"),
            (#""$MOJI" custom add x --forum /nonexistent/page.html"#, 3, "does not exist"),
            (#""$MOJI" custom add x --mastodon 127.0.0.1:1"#, 74, "could not fetch"),
            (#""$MOJI" custom sync nosuchset"#, 1, "no custom set named nosuchset"),
            (#""$MOJI" custom list nosuchset"#, 1, "no custom set named nosuchset"),
            (#""$MOJI" custom remove nosuchset"#, 1, "no custom set named nosuchset"),
            (#""$MOJI" custom show :nosuchcode:"#, 1, "no custom emoji has the code"),
            (#"echo hi | "$MOJI" emojify --custom-set nosuchset --html"#, 1, "no custom set named nosuchset"),
            (#"echo hi | "$MOJI" emojify --custom-set forum"#, 64, "needs --html"),
            (#""$MOJI" custom cache --max-size -1"#, 64, "--max-size"),
        ]
        for item in cases {
            let outcome = try await run(item.script)
            #expect(outcome.status == item.status, "\(item.script): \(outcome.errors)")
            #expect(outcome.errors.contains(item.message), "\(item.script): \(outcome.errors)")
        }
        let sets = try await run(#""$MOJI" custom sets --json"#)
        #expect((try Self.json(sets.output) as? [Any])?.isEmpty == true, "nothing was added: \(sets.output)")
    }

    @Test("a sync that would lose more than half of the set is refused until --force")
    func vanishing() async throws {
        defer { removeHome() }
        let server = try await LoopbackServer.start()
        // A 1×1 GIF.
        let gif = try #require(Data(base64Encoded: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"))
        server.route("/a.gif", .body(gif, contentType: "image/gif"))
        func listing(_ codes: [String]) -> Data {
            let entries = codes.map {
                #"{"shortcode": "\#($0)", "url": "\#(server.url("/a.gif").absoluteString)", "static_url": "\#(server.url("/a.gif").absoluteString)", "visible_in_picker": true}"#
            }
            return Data(("[" + entries.joined(separator: ",") + "]").utf8)
        }
        server.route("/api/v1/custom_emojis", .body(listing(["a", "b", "c", "d"]), contentType: "application/json"))
        let add = try await run(#""$MOJI" custom add social --mastodon '\#(server.baseURL.absoluteString)'"#)
        #expect(add.status == 0, "\(add.errors)")
        #expect(add.output.hasPrefix("social: added 4,"), "\(add.output)")
        server.route("/api/v1/custom_emojis", .body(listing(["a"]), contentType: "application/json"))
        let refused = try await run(#""$MOJI" custom sync social"#)
        #expect(refused.status == 3)
        #expect(refused.errors.contains("--force"), "\(refused.errors)")
        let list = try await run(#""$MOJI" custom list social --json"#)
        #expect((try Self.json(list.output) as? [Any])?.count == 4, "the set is unchanged")
        let sets = try await run(#""$MOJI" custom sets"#)
        #expect(sets.output.contains("last error:"), "\(sets.output)")
        let forced = try await run(#""$MOJI" custom sync social --force --json"#)
        #expect(forced.status == 0, "\(forced.errors)")
        #expect((try Self.report(forced.output)["removed"] as? [String]) == ["b", "c", "d"])
        await server.stop()
    }

    @Test(
        "moji pick syncs a due set in the background, unless MOJI_NO_REFRESH=1",
        .enabled(if: snapshotsAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
    func pickRefreshesDueSets() async throws {
        defer { removeHome() }
        let files = Self.snapshots.appendingPathComponent("2015-02/files/i.somethingawful.com/forumsystem/emoticons")
        let folder = home.appendingPathComponent("smilies")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: files.appendingPathComponent("emot-smith.gif"), to: folder.appendingPathComponent("smith.gif"))
        // Due again a third of a second after each sync.
        let add = try await run(#""$MOJI" custom add mine --folder '\#(folder.path)' --interval 0.0001"#)
        #expect(add.status == 0, "\(add.errors)")
        try FileManager.default.copyItem(
            at: files.appendingPathComponent("emot-gbsmith.gif"), to: folder.appendingPathComponent("gbsmith.gif"))
        try await Task.sleep(for: .seconds(1))

        // The picker runs in tmux (a real terminal); the list is polled while it is open.
        func pick(_ environment: String, waiting seconds: Int) async throws -> String {
            let socket = "moji-custom-\(UUID().uuidString.prefix(8))"
            let outcome = try await run(
                #"""
                tmux -L \#(socket) new-session -d -x 100 -y 30 "env MOJI_HOME='$MOJI_HOME' \#(environment) '$MOJI' pick"
                for _ in $(seq \#(seconds * 10)); do
                  "$MOJI" custom list mine | grep -q gbsmith && break
                  sleep 0.1
                done
                tmux -L \#(socket) kill-server
                "$MOJI" custom list mine
                """#)
            return outcome.output
        }
        let off = try await pick("MOJI_NO_REFRESH=1", waiting: 2)
        #expect(!off.contains(":gbsmith:"), "\(off)")
        let on = try await pick("", waiting: 10)
        #expect(on.contains("mine\t:gbsmith:\t"), "\(on)")
    }
}
