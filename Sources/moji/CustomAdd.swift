import ArgumentParser
import Foundation
import MojiStore
import MojiSync

struct CustomAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a custom emoji set from one source and import its emoji and images.",
        discussion: """
            Give exactly one source. --forum and --slack take an http(s) URL or a saved file; \
            --mastodon a host (https://HOST/api/v1/custom_emojis), or a URL with a scheme whose \
            /api/v1/custom_emojis is asked for; --pack a zip with pack.json or meta.json; --folder a \
            folder of images (the file name is the code; emoji.json beside them may name them). \
            Files and folders are kept as absolute paths. Prints what was added; images that fail \
            and entries left out are listed on standard error, and still exit 0. --dry-run reads \
            the listing and reports what would be imported, without downloading images or writing. \
            Exits 64 for a bad name or source or a set that exists, 74 when the source cannot be \
            fetched, 3 when it is not a usable listing.
            """ + sharedCustomSetsHelp
    )

    @Argument(help: "The set's name: no spaces, colons or control characters.")
    var name: String

    @Option(help: ArgumentHelp("A forum's smilie page: an http(s) URL or a saved file.", valueName: "url|file"))
    var forum: String?

    @Option(help: ArgumentHelp("A Mastodon-compatible server's host (or http(s) base URL).", valueName: "host"))
    var mastodon: String?

    @Option(help: ArgumentHelp("The JSON of Slack's emoji.list: an http(s) URL or a file.", valueName: "url|file"))
    var slack: String?

    @Option(help: ArgumentHelp("An emoji pack: a zip archive with a manifest.", valueName: "file"))
    var pack: String?

    @Option(help: ArgumentHelp("A folder of images.", valueName: "dir"))
    var folder: String?

    @Option(help: ArgumentHelp("Hours between automatic refreshes (default 20).", valueName: "hours"))
    var interval: Double?

    @Flag(name: .customLong("dry-run"), help: "Report what would be imported; download and write nothing.")
    var dryRun = false

    @OptionGroup var options: StoreOptions

    func validate() throws {
        if let problem = CustomSet.problem(inName: name) {
            throw ValidationError("the set name '\(name)' \(problem).")
        }
        let given = [forum, mastodon, slack, pack, folder].compactMap { $0 }
        if given.count != 1 {
            throw ValidationError(
                "give exactly one source: --forum, --mastodon, --slack, --pack or --folder (\(given.count) given).")
        }
        if let interval, !(interval.isFinite && interval > 0 && interval <= 24 * 365) {
            throw ValidationError("--interval must be a number of hours above 0, at most 8760.")
        }
        let source = try self.source()
        if let problem = source.problem { throw ValidationError("\(problem).") }
    }

    /// The source the options give, with files made absolute.
    func source() throws -> CustomSetSource {
        if let forum { return CustomSetSource(kind: .forum, location: Self.urlOrPath(forum)) }
        if let slack { return CustomSetSource(kind: .slack, location: Self.urlOrPath(slack)) }
        if let pack { return CustomSetSource(kind: .pack, location: Self.absolutePath(pack)) }
        if let folder { return CustomSetSource(kind: .folder, location: Self.absolutePath(folder)) }
        return CustomSetSource(kind: .mastodon, location: try Self.mastodonEndpoint(mastodon ?? ""))
    }

    /// `https://HOST/api/v1/custom_emojis`, or the given base URL (with its scheme, for a test
    /// server on http) followed by the endpoint.
    static func mastodonEndpoint(_ host: String) throws -> String {
        let endpoint = "/api/v1/custom_emojis"
        let lowered = host.lowercased()
        var base = lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? host : "https://" + host
        while base.hasSuffix("/") { base.removeLast() }
        if !base.hasSuffix(endpoint) { base += endpoint }
        guard let url = URL(string: base), let parsedHost = url.host, !parsedHost.isEmpty, url.query == nil else {
            throw ValidationError("--mastodon '\(host)' is not a host name or an http(s) URL.")
        }
        return base
    }

    static func urlOrPath(_ text: String) -> String {
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? text : absolutePath(text)
    }

    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    func run() async throws {
        try await reportingFailuresAsync {
            var set = CustomSet(name: name, source: try source())
            if let interval { set.refreshInterval = interval * 3600 }
            let bar = dryRun ? nil : SyncProgressBar.forTerminal()
            let result: Result<SyncReport, SyncError>
            if let url = options.sharedDatabaseURL() {
                result = try await withSharedCustomSets(url: url, progressBar: bar) { [set, dryRun] sync in
                    do throws(SyncError) {
                        return .success(try await sync.add(set, dryRun: dryRun))
                    } catch {
                        return .failure(error)
                    }
                }
            } else {
                let sync = makeSync(try options.openStore(), progressBar: bar)
                do throws(SyncError) {
                    result = .success(try await sync.add(set, dryRun: dryRun))
                } catch {
                    result = .failure(error)
                }
            }
            bar?.clear()
            switch result {
            case .success(let report):
                if options.json { try printJSON(report) } else { printReport(report) }
            case .failure(let error):
                throw commandFailure(error)
            }
        }
    }
}
