import Foundation
import GRDB
import MojiStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `moji store check` tells apart the states a database can be in, and `moji store repair` moves
/// only a damaged one aside, building its replacement beside it before swapping: a full disk, a
/// newer schema, a read-only file or another program's database never lose their content.
@Suite("store check and repair", .serialized)
struct StoreRepairTests {
    let shell = ShellCommand()

    private var database: URL { shell.home.appendingPathComponent("moji.sqlite") }

    /// The names in `directory` (the store's files, repairs' leftovers).
    private func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    private func makeStore(uses: String = "🎉 🎉 👍") async throws {
        let used = try await shell.run(#""$MOJI" use "# + uses)
        #expect(used.status == 0, "\(used.errors)")
    }

    private func writeGarbage(bytes: Int = 50_000) throws -> Data {
        try FileManager.default.createDirectory(at: shell.home, withIntermediateDirectories: true)
        let garbage = Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: database)
        return garbage
    }

    @Test(
        "on a full disk, check blames the disk and repair leaves a healthy store where it is (tmpfs)",
        .enabled(if: SmallFileSystem.isAvailable, "needs root and a tmpfs mount"))
    func fullDiskHealthyStore() async throws {
        let disk = try SmallFileSystem(megabytes: 2)
        defer {
            disk.unmount()
            shell.removeHome()
        }
        let home = disk.url.appendingPathComponent("home")
        let setUp = try await shell.run(#"export MOJI_HOME='\#(home.path)'; "$MOJI" use 🎉 🎉 👍"#)
        #expect(setUp.status == 0, "\(setUp.errors)")
        let before = try Data(contentsOf: home.appendingPathComponent("moji.sqlite"))
        disk.fill()

        let check = try await shell.run(#"export MOJI_HOME='\#(home.path)'; "$MOJI" store check"#)
        #expect(check.status == 5)
        #expect(check.output.contains("cannot be checked"), "\(check.output)")
        #expect(check.output.contains("no space left"), "\(check.output)")
        #expect(!check.output.contains("Run `moji store repair`"))
        let repair = try await shell.run(#"export MOJI_HOME='\#(home.path)'; "$MOJI" store repair"#)
        #expect(repair.status == 5)
        #expect(repair.errors.contains("was not repaired and is unchanged"), "\(repair.errors)")
        #expect(!files(in: home).contains { $0.contains("broken") || $0.contains("partial") }, "\(files(in: home))")
        #expect(try Data(contentsOf: home.appendingPathComponent("moji.sqlite")) == before)

        disk.free()
        let recent = try await shell.run(#"export MOJI_HOME='\#(home.path)'; "$MOJI" recent"#)
        #expect(recent.status == 0)
        #expect(recent.output.contains("🎉") && recent.output.contains("👍"), "\(recent.output)")
    }

    @Test(
        "on a full disk, repair of a damaged store changes nothing and can be run again (tmpfs)",
        .enabled(if: SmallFileSystem.isAvailable, "needs root and a tmpfs mount"))
    func fullDiskDamagedStore() async throws {
        let disk = try SmallFileSystem(megabytes: 1)
        defer { disk.unmount() }
        let home = disk.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let garbage = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: home.appendingPathComponent("moji.sqlite"))
        disk.fill()

        let repair = try await shell.run(#"export MOJI_HOME='\#(home.path)'; "$MOJI" store repair"#)
        #expect(repair.status == 5)
        #expect(repair.errors.contains("cannot build the repaired database beside it"), "\(repair.errors)")
        #expect(try Data(contentsOf: home.appendingPathComponent("moji.sqlite")) == garbage)
        #expect(files(in: home) == ["moji.sqlite", "moji.sqlite.lock"])

        disk.free()
        let again = try await shell.run(
            #"export MOJI_HOME='\#(home.path)'; "$MOJI" store repair && "$MOJI" store check"#)
        #expect(again.status == 0, "\(again.errors)")
        #expect(files(in: home).contains { $0.hasPrefix("moji.sqlite.broken-") })
    }

    @Test("a file size limit while building the new database leaves the damaged one in place (ulimit -f)")
    func fileSizeLimitDuringRepair() async throws {
        defer { shell.removeHome() }
        let garbage = try writeGarbage()
        // SIGXFSZ ignored, so a write past the limit fails with EFBIG as on a full disk. 80 blocks of
        // 512 bytes: less than a new database, more than the damaged file that is only read.
        let repair = try await shell.run(#"trap '' XFSZ; ulimit -f 80; "$MOJI" store repair"#)
        #expect(repair.status == 5)
        #expect(repair.errors.contains("cannot build the repaired database beside it"), "\(repair.errors)")
        #expect(try Data(contentsOf: database) == garbage)
        #expect(files(in: shell.home) == ["moji.sqlite", "moji.sqlite.lock"], "\(files(in: shell.home))")

        let again = try await shell.run(#""$MOJI" store repair --json"#)
        #expect(again.status == 0, "\(again.errors)")
        let result = try JSONDecoder().decode(StoreRepair.self, from: Data(again.output.utf8))
        #expect(result.before.condition == .damaged)
        let moved = try #require(result.movedAside.first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == garbage)
        #expect(try await shell.run(#""$MOJI" store check"#).status == 0)
    }

    @Test("a database of a newer schema: check says upgrade, repair leaves it untouched")
    func newerSchema() async throws {
        defer { shell.removeHome() }
        try await makeStore()
        let queue = try DatabaseQueue(path: database.path)
        try await queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-future')") }
        try queue.close()
        let before = try Data(contentsOf: database)

        let check = try await shell.run(#""$MOJI" store check"#)
        #expect(check.status == 5)
        #expect(check.output.contains("written by a newer version of Moji"), "\(check.output)")
        #expect(check.output.contains("v99-future"))
        #expect(check.output.contains("Upgrade Moji"))
        #expect(!check.output.contains("Run `moji store repair`"))
        let repair = try await shell.run(#""$MOJI" store repair"#)
        #expect(repair.status == 5)
        #expect(repair.errors.contains("newer version of Moji"), "\(repair.errors)")
        #expect(!files(in: shell.home).contains { $0.contains("broken") })
        #expect(try Data(contentsOf: database) == before)
    }

    @Test("an empty file, as a first start killed early leaves, is a store not yet created")
    func emptyFile() async throws {
        defer { shell.removeHome() }
        try FileManager.default.createDirectory(at: shell.home, withIntermediateDirectories: true)
        try Data().write(to: database)

        let check = try await shell.run(#""$MOJI" store check"#)
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("no database yet"))
        #expect(!check.output.contains("not made by Moji"))
        let json = try await shell.run(#""$MOJI" store check --json"#)
        let health = try JSONDecoder().decode(StoreHealth.self, from: Data(json.output.utf8))
        #expect(health.condition == .notCreated && health.exists && health.isHealthy)
        let repair = try await shell.run(#""$MOJI" store repair"#)
        #expect(repair.status == 0)
        #expect(repair.output.contains("nothing to repair"))
        #expect(!files(in: shell.home).contains { $0.contains("broken") })
        try await makeStore()
        #expect(try await shell.run(#""$MOJI" recent"#).output.hasPrefix("👍"))
    }

    /// Root writes any file, so as root the commands run as nobody (setpriv); else chmod is enough.
    private static let unprivileged: String? =
        geteuid() != 0
        ? ""
        : FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            ? "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : nil

    @Test(
        "a read-only database: check says so, repair leaves it untouched",
        .enabled(if: unprivileged != nil, "as root, needs setpriv to run as nobody"))
    func readOnlyDatabase() async throws {
        let asUser = try #require(Self.unprivileged)
        defer {
            chmod(shell.home.path, 0o755)
            shell.removeHome()
        }
        try await makeStore()
        let before = try Data(contentsOf: database)
        for file in files(in: shell.home) { chmod(shell.home.appendingPathComponent(file).path, 0o444) }
        chmod(shell.home.path, 0o555)

        let check = try await shell.run(asUser + #""$MOJI" store check"#)
        #expect(check.status == 5)
        #expect(check.output.contains("read-only"), "\(check.output) \(check.errors)")
        #expect(!check.output.contains("damaged"))
        #expect(!check.output.contains("Run `moji store repair`"))
        let repair = try await shell.run(asUser + #""$MOJI" store repair"#)
        #expect(repair.status == 5)
        #expect(repair.errors.contains("it needs no repair"), "\(repair.errors)")
        #expect(try Data(contentsOf: database) == before)
        #expect(!files(in: shell.home).contains { $0.contains("broken") })
    }

    @Test("another program's SQLite database is left untouched")
    func foreignDatabase() async throws {
        defer { shell.removeHome() }
        try FileManager.default.createDirectory(at: shell.home, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: database.path)
        try await queue.write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY)") }
        try queue.close()

        let check = try await shell.run(#""$MOJI" store check"#)
        #expect(check.status == 5)
        #expect(check.output.contains("not a Moji database") && check.output.contains("invoices"), "\(check.output)")
        let repair = try await shell.run(#""$MOJI" store repair"#)
        #expect(repair.status == 5)
        #expect(!files(in: shell.home).contains { $0.contains("broken") })
    }

    @Test("repair --database through a symbolic link repairs the target and keeps the link")
    func symbolicLinkToDatabase() async throws {
        defer { shell.removeHome() }
        let real = shell.home.appendingPathComponent("real", isDirectory: true)
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 30_000)
        try garbage.write(to: real.appendingPathComponent("moji.sqlite"))
        let link = shell.home.appendingPathComponent("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/moji.sqlite")

        let repair = try await shell.run(#""$MOJI" store repair --database '\#(link.path)' --json"#)
        #expect(repair.status == 0, "\(repair.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/moji.sqlite")
        #expect(files(in: shell.home) == ["link.sqlite", "link.sqlite.lock", "real"])
        let result = try JSONDecoder().decode(StoreRepair.self, from: Data(repair.output.utf8))
        let moved = try #require(result.movedAside.first)
        #expect(moved.hasPrefix(real.path + "/moji.sqlite.broken-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == garbage)
        #expect(try await shell.run(#""$MOJI" store check --database '\#(link.path)'"#).status == 0)
    }

    @Test("a FIFO as the database is never replaced")
    func fifoAsDatabase() async throws {
        defer { shell.removeHome() }
        try FileManager.default.createDirectory(at: shell.home, withIntermediateDirectories: true)
        #expect(mkfifo(database.path, 0o644) == 0)
        let check = try await shell.run(#""$MOJI" store check"#)
        #expect(check.status == 5)
        #expect(check.output.contains("not a regular file"), "\(check.output)")
        let repair = try await shell.run(#""$MOJI" store repair"#)
        #expect(repair.status == 5)
        var info = stat()
        #expect(lstat(database.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(!files(in: shell.home).contains { $0.contains("broken") })
    }
}
