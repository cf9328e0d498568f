import ArgumentParser
import Foundation
import MojiStore

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Locate, check, repair, export and import the database of your emoji usage.",
        subcommands: [Path.self, Check.self, Repair.self, Export.self, Import.self]
    )

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print where the database is.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            let url = options.url.standardizedFileURL
            if options.json {
                try printJSON(["path": url.path, "exists": FileManager.default.fileExists(atPath: url.path) ? "true" : "false"])
            } else {
                print(url.path)
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the database without changing it; exits 5 when it is damaged.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            let health = EmojiStore.check(at: options.url)
            if options.json {
                try printJSON(health)
            } else if !health.exists {
                print("\(health.path): no database yet; it is created on first use.")
            } else if health.isHealthy {
                print("\(health.path): ok (schema \(health.schemaVersion ?? "?"), \(health.totalUses ?? 0) uses, \(health.items ?? 0) emoji)")
            } else if health.problems.isEmpty {
                print("\(health.path): \(health.invalidRows.count) rows hold values out of range")
                for row in health.invalidRows.prefix(20) { print("  \(row)") }
                if health.invalidRows.count > 20 { print("  … and \(health.invalidRows.count - 20) more") }
                print("Run `moji store repair` to fix them in place (values clamped, unusable rows dropped).")
            } else {
                print("\(health.path): damaged")
                for problem in health.problems { print("  \(problem)") }
                print("Run `moji store repair` to move it aside and start a fresh one; nothing is deleted.")
            }
            if !health.isHealthy { throw ExitCode.storeFailure }
        }
    }

    struct Repair: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repair",
            abstract: "Move a damaged database aside (never deleting it) and start a fresh one.",
            discussion: "Whatever user data can still be read is carried over. A healthy database is left alone. Close other programs using it first.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let repair = try storeCall { () throws(StoreError) in try EmojiStore.repair(at: options.url) }
                if options.json { return try printJSON(repair) }
                if let rows = repair.rows {
                    print("\(repair.before.path): fixed \(rows.clamped) rows in place "
                          + "and dropped \(rows.dropped) unusable rows.")
                    return
                }
                if repair.movedAside.isEmpty {
                    print("\(repair.before.path): ok, nothing to repair.")
                    return
                }
                for path in repair.movedAside { print("moved aside: \(path)") }
                print("started a fresh database at \(repair.before.path)\(repair.salvaged ? ", with the data that could be read" : "")")
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Write all user data as JSON (to standard output, or a file).")
        @Option(name: .shortAndLong, help: "The file to write.") var output: String?
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let store = try options.openStore()
                let data = try storeCall { () throws(StoreError) in try store.export().jsonData() }
                if let output {
                    do { try data.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                        throw CommandFailure(message: "cannot write \(output): \(error.localizedDescription)", code: .storeFailure)
                    }
                } else {
                    try StandardStreams.write(data + Data("\n".utf8))
                }
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Replace all user data with an export made by `moji store export`.")
        @Argument(help: "The export file, or - for standard input.") var file: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try reportingFailures {
                let data: Data
                do {
                    data = file == "-"
                        ? try StandardStreams.readToEnd(.standardInput, named: "standard input")
                        : try Data(contentsOf: URL(fileURLWithPath: file))
                } catch let failure as CommandFailure {
                    throw failure
                } catch {
                    throw CommandFailure(message: "cannot read \(file): \(error.localizedDescription)", code: .notFound)
                }
                let export = try storeCall { () throws(StoreError) in try StoreExport(jsonData: data, path: file) }
                let store = try options.openStore()
                try storeCall { () throws(StoreError) in try store.importData(export) }
                let summary = ["usage": export.usage.count, "pinned": export.pinned.count,
                               "collections": export.collections.count, "customEmoji": export.customEmoji.count]
                if options.json { return try printJSON(summary) }
                print("imported \(summary["usage"]!) usage records, \(summary["pinned"]!) pins, \(summary["collections"]!) collections, \(summary["customEmoji"]!) custom emoji")
            }
        }
    }
}
