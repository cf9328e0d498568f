import ArgumentParser
import Foundation
import Moji
import MojiCatalogUpdate
import MojiDataBuilder
import MojiSync

struct DataUpdate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Install a newer catalog from a published folder, or build one from Unicode's files.",
        discussion: """
            --from (else each added source in turn) names a folder `moji-data pack` published: the \
            manifest is fetched with If-None-Match, only files whose SHA-256 changed are downloaded, \
            every file is checked, and the new catalog must load completely (every locale and search \
            segment) before it replaces the one in use, which is kept for `moji data rollback`. \
            --from-unicode builds a catalog with moji-data's builder from a folder or URL laid out \
            like Moji's ../shared/data: unicode/<version>/emoji-test.txt and emoji-data.txt, \
            cldr-48/annotations and annotationsDerived (and characterLabels), emojibase-17 (en's \
            shortcodes and data.json; other locales' messages) and gemoji/emoji.json; over HTTP its \
            folders must be served with directory listings. The proxy variables (https_proxy, \
            http_proxy, no_proxy) are honoured.
            """
    )

    @Option(help: "The URL of a published catalog folder (default: the added sources, in order).")
    var from: String?

    @Option(
        name: .customLong("from-unicode"),
        help: ArgumentHelp("Build from upstream Unicode and CLDR files in a folder or at a URL.", valueName: "dir|url"))
    var fromUnicode: String?

    @Option(help: "With --from-unicode: the folder under unicode/ (e.g. 18.0-draft; default: the newest release).")
    var unicode: String?

    @Option(help: "Seconds to wait for another update to finish before giving up.")
    var wait: Double = 10

    @Option(
        name: .customLong("max-catalog-mb"),
        help: "The most megabytes a published catalog may ask to download (its files together).")
    var maximumCatalogMegabytes: Int = CatalogUpdateLimits().maximumCatalogBytes >> 20

    func validate() throws {
        if !(1...65_536).contains(maximumCatalogMegabytes) {
            throw ValidationError("--max-catalog-mb must be from 1 to 65536")
        }
        if from != nil && fromUnicode != nil { throw ValidationError("give --from or --from-unicode, not both") }
        if unicode != nil && fromUnicode == nil { throw ValidationError("--unicode goes with --from-unicode") }
    }

    func run() async throws {
        try await reportingFailuresAsync {
            var limits = CatalogUpdateLimits()
            limits.maximumCatalogBytes = maximumCatalogMegabytes << 20
            limits.maximumFileBytes = min(limits.maximumFileBytes, limits.maximumCatalogBytes)
            let updater = CatalogUpdater(lockTimeout: wait, limits: limits)
            if let fromUnicode { return try await buildAndInstall(fromUnicode, updater: updater) }
            let sources: [URL]
            if let from {
                guard let url = URL(string: from), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                    throw CommandFailure(message: "'\(from)' is not an http or https URL.", code: .usage)
                }
                sources = [url]
            } else {
                sources = CatalogSources().list()
            }
            guard !sources.isEmpty else { throw commandFailure(CatalogUpdateError.noSources) }
            var lastFailure: CommandFailure?
            for source in sources {
                do {
                    let outcome = try await catalogCall { () async throws(CatalogUpdateError) in
                        try await updater.update(from: source)
                    }
                    report(outcome)
                    return
                } catch let failure as CommandFailure {
                    if sources.count > 1 { printError("\(source.absoluteString): \(failure.message)") }
                    lastFailure = failure
                }
            }
            if let lastFailure { throw lastFailure }
        }
    }

    private func report(_ outcome: CatalogUpdateOutcome) {
        switch outcome {
        case .upToDate(let pointer):
            print("up to date: \(pointer.catalogVersion) (Emoji \(pointer.emojiVersion), CLDR \(pointer.cldrVersion))")
        case .installed(let pointer, let downloaded, let copied):
            print(
                "installed \(pointer.catalogVersion) (Emoji \(pointer.emojiVersion), CLDR \(pointer.cldrVersion)): "
                    + "\(downloaded) files downloaded, \(copied) unchanged")
        }
        noteIfNotChosen()
    }

    /// Fetches the upstream files when given a URL, builds with moji-data's builder, installs.
    ///
    /// The orchestration lives here, not in MojiSync: MojiSync (which apps link) fetches and
    /// installs, MojiDataBuilder builds, and neither library needs the other.
    private func buildAndInstall(_ location: String, updater: CatalogUpdater) async throws {
        let manager = FileManager.default
        let work = manager.temporaryDirectory.appendingPathComponent("moji-update-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: work) }
        var root = URL(fileURLWithPath: location)
        var folder = unicode
        if let url = URL(string: location), ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            let target = work.appendingPathComponent("source")
            root = target
            let fetcher = UnicodeDataFetcher(
                cldrFolder: "cldr-\(CatalogBuilder.cldrVersion)", emojibaseFolder: "emojibase-17")
            let fetched = try await catalogCall { [unicode] () async throws(CatalogUpdateError) in
                try await fetcher.fetch(from: url, unicodeFolder: unicode, into: target)
            }
            folder = fetched.unicodeFolder
            print("fetched \(fetched.fileCount) files from \(url.absoluteString)")
        }
        let built = work.appendingPathComponent("catalog")
        do {
            let catalog = try CatalogBuilder(source: root, unicodeFolder: folder).build()
            try catalog.write(to: built)
            print(
                "built Emoji \(catalog.unicodeVersion): \(catalog.emojiCount) emoji, \(catalog.localeIdentifiers.count) locales"
            )
        } catch {
            throw commandFailure(CatalogUpdateError.buildFailed(reason: "\(error)"))
        }
        let pointer = try await catalogCall { () async throws(CatalogUpdateError) in
            try await updater.install(catalog: built, cldrVersion: CatalogBuilder.cldrVersion, source: location)
        }
        print("installed \(pointer.catalogVersion) (Emoji \(pointer.emojiVersion), CLDR \(pointer.cldrVersion))")
        noteIfNotChosen()
    }

    /// An installed catalog older than the bundled one is kept but not used: say so.
    private func noteIfNotChosen() {
        let choice = CatalogChoice.choose().choice
        guard case .bundled = choice.origin else { return }
        print("note: Moji keeps using the bundled catalog: \(choice.reason)")
    }
}
