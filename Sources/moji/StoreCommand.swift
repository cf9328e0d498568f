import ArgumentParser
import Foundation
import MojiStore

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Locate, check, repair, export and import the database of your emoji usage.",
        subcommands: [Path.self, Check.self, Repair.self, Export.self, Import.self, ForgetQueries.self]
    )

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print where the database is.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            let url = options.url.standardizedFileURL
            if options.json {
                try printJSON([
                    "path": url.path, "exists": FileManager.default.fileExists(atPath: url.path) ? "true" : "false",
                ])
            } else {
                print(url.path)
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the database without changing it; exits 5 when it needs attention.",
            discussion: """
                Tells apart: no database yet (or an empty file left by an interrupted first start; exit 0), \
                ok (exit 0), and, each exiting 5 with what to do: damaged or holding rows out of range (run `moji store repair`), read-only \
                (make it writable), written by a newer Moji (upgrade), unreadable for want of space, an I/O \
                error or permissions (fix that; the file is not at fault), or another program's database.
                """)
        @OptionGroup var options: StoreOptions

        func run() throws {
            let health = EmojiStore.check(at: options.url)
            if options.json {
                try printJSON(health)
            } else {
                for line in Self.report(health) { print(line) }
            }
            if !health.isHealthy { throw ExitCode.storeFailure }
        }

        /// What `check` prints: the condition, the problems found, and what to do about them.
        static func report(_ health: StoreHealth) -> [String] {
            let path = health.path
            let problems = health.problems.map { "  \($0)" }
            switch health.condition {
            case .notCreated:
                return [
                    health.exists
                        ? "\(path): no database yet (an empty file, as an interrupted first start leaves); "
                            + "it is created on first use."
                        : "\(path): no database yet; it is created on first use."
                ]
            case .healthy:
                return [
                    "\(path): ok (schema \(health.schemaVersion ?? "?"), \(health.totalUses ?? 0) uses, "
                        + "\(health.items ?? 0) emoji)"
                ]
            case .readOnly:
                return ["\(path): read-only"] + problems
                    + ["Make the file and its directory writable (chmod u+w) to record uses; it needs no repair."]
            case .newerSchema:
                return ["\(path): written by a newer version of Moji"] + problems
                    + ["Upgrade Moji to use it. `moji store repair` leaves it untouched."]
            case .unavailable:
                return ["\(path): cannot be checked"] + problems
                    + [
                        "The disk or the system is at fault, not the database: free some space, or fix the I/O error, "
                            + "the permissions or the path, then run `moji store check` again. "
                            + "`moji store repair` leaves it untouched."
                    ]
            case .foreign:
                return ["\(path): not a Moji database"] + problems
                    + ["Point MOJI_HOME or --database at Moji's database; Moji leaves this one untouched."]
            case .invalidRows:
                let rows = health.invalidRows.prefix(20).map { "  \($0)" }
                let more = health.invalidRows.count > 20 ? ["  … and \(health.invalidRows.count - 20) more"] : []
                return ["\(path): \(health.invalidRows.count) rows hold values out of range"] + rows + more
                    + ["Run `moji store repair` to fix them in place (values clamped, unusable rows dropped)."]
            case .damaged:
                return ["\(path): damaged"] + problems
                    + ["Run `moji store repair` to move it aside and start a fresh one; nothing is deleted."]
            }
        }
    }

    struct Repair: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repair",
            abstract: "Move a damaged database aside (never deleting it) and start a fresh one.",
            discussion: """
                The new database is built beside the old one under a temporary name, with whatever user data \
                can still be read, and renamed into place only when complete; the damaged file is kept as \
                <name>.broken-<time>. A healthy database, or none yet, is left alone. A database written by a \
                newer Moji, a read-only one, another program's, or one that cannot be read for want of space or \
                an I/O error is left untouched, with what to do instead (exit 5). With --database, a symbolic \
                link is followed and its target repaired. Close other programs using the database first.
                """)
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let repair = try storeCall { () throws(StoreError) in try EmojiStore.repair(at: options.url) }
                if options.json { return try printJSON(repair) }
                if let rows = repair.rows {
                    print(
                        "\(repair.before.path): fixed \(rows.clamped) rows in place "
                            + "and dropped \(rows.dropped) unusable rows.")
                    return
                }
                if repair.movedAside.isEmpty {
                    print(
                        repair.before.condition == .notCreated
                            ? "\(repair.before.path): no database yet, nothing to repair."
                            : "\(repair.before.path): ok, nothing to repair.")
                    return
                }
                for path in repair.movedAside { print("moved aside: \(path)") }
                print(
                    "started a fresh database at \(repair.before.path)"
                        + (repair.salvaged ? ", with the data that could be read" : ""))
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write all user data as JSON (to standard output, or a file).",
            discussion: """
                With --output, a new or regular file is written under a temporary name beside it and renamed \
                into place, keeping the permissions of the file it replaces; a read-only file is refused. A \
                symbolic link is followed and its target replaced. A FIFO, a device or /dev/stdout is written \
                through. A failed write exits 74 and leaves what was at the path unchanged.

                With --user NAME, exports that user of `moji serve`: from PostgreSQL with --database \
                postgres://USER[:PASSWORD]@HOST[:PORT]/DB, else from users/NAME.sqlite beside the store. \
                `moji store import --user NAME` takes the export into either, so a user moves between \
                SQLite and PostgreSQL with their scores, recent order, pins, collections and tones.
                """)
        @Option(name: .shortAndLong, help: "The file to write, or - for standard output.") var output: String?
        @Option(help: StoreTransferTarget.userHelp) var user: String?
        @OptionGroup var options: StoreOptions

        func run() async throws {
            try await reportingFailuresAsync {
                // Inspect the output before the store, so a refused path changes nothing.
                let file = try output.flatMap { path throws(CommandFailure) in
                    path == "-" ? nil : try Self.outputFile(path)
                }
                let export = try await StoreTransferTarget(options: options, user: user).export()
                let data = try storeCall { () throws(StoreError) in try export.jsonData() }
                guard let file else { return try StandardStreams.write(data + Data("\n".utf8)) }
                do throws(OutputFile.Failure) { try file.write(data) } catch {
                    throw CommandFailure(message: error.description, code: .ioFailure)
                }
            }
        }

        private static func outputFile(_ path: String) throws(CommandFailure) -> OutputFile {
            do { return try OutputFile(path: path) } catch {
                throw CommandFailure(message: error.description, code: .ioFailure)
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Replace all user data with an export made by `moji store export`.",
            discussion: """
                With --user NAME, replaces that user's data of `moji serve` (and no one else's): in \
                PostgreSQL with --database postgres://USER[:PASSWORD]@HOST[:PORT]/DB, else in \
                users/NAME.sqlite beside the store. Custom emoji and sets are not per user in PostgreSQL \
                and are not imported there.
                """)
        @Argument(help: "The export file, or - for standard input.") var file: String
        @Option(help: StoreTransferTarget.userHelp) var user: String?
        @OptionGroup var options: StoreOptions

        func run() async throws {
            try await reportingFailuresAsync {
                let data: Data
                do {
                    data =
                        file == "-"
                        ? try StandardStreams.readToEnd(.standardInput, named: "standard input")
                        : try Data(contentsOf: URL(fileURLWithPath: file))
                } catch let failure as CommandFailure {
                    throw failure
                } catch {
                    throw CommandFailure(message: "cannot read \(file): \(error.localizedDescription)", code: .notFound)
                }
                let target = try StoreTransferTarget(options: options, user: user)
                let export = try storeCall { () throws(StoreError) in try StoreExport(jsonData: data, path: file) }
                let note = try await target.importData(export)
                if let note { printError(note) }
                let summary = [
                    "usage": export.usage.count, "pinned": export.pinned.count,
                    "collections": export.collections.count, "customEmoji": note == nil ? export.customEmoji.count : 0,
                    "learnedPicks": export.learnedPicks.count,
                ]
                if options.json { return try printJSON(summary) }
                print(
                    "imported \(summary["usage"]!) usage records, \(summary["pinned"]!) pins, \(summary["collections"]!) collections, \(summary["customEmoji"]!) custom emoji, \(summary["learnedPicks"]!) learned picks"
                )
            }
        }
    }

    struct ForgetQueries: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget-queries",
            abstract: "Forget what search learned from your picks (which emoji you chose after which query).",
            discussion: """
                `moji use --query` and `moji pick` teach search which emoji you pick after a query, so \
                it shows them first for that query and what starts it. This forgets all of it; uses, \
                frequent, recent and the rest stay. With --user NAME, forgets what a user of \
                `moji serve` taught it (their picks posted with a query): in PostgreSQL with \
                --database postgres://USER[:PASSWORD]@HOST[:PORT]/DB, else in users/NAME.sqlite.
                """)
        @OptionGroup var options: StoreOptions
        @Option(help: StoreTransferTarget.userHelp) var user: String?

        func run() async throws {
            try await reportingFailuresAsync {
                let forgotten = try await StoreTransferTarget(options: options, user: user).forgetQueries()
                if options.json { return try printJSON(["forgotten": forgotten]) }
                print("forgot \(forgotten) learned pick\(forgotten == 1 ? "" : "s")")
            }
        }
    }
}
