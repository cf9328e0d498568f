import Foundation
import Moji
import Testing

@Suite("Damaged catalogs give clear errors")
struct CatalogErrorTests {
    func temporaryCatalog(core: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(core.utf8).write(to: folder.appendingPathComponent(CatalogFormat.coreFile))
        return folder
    }

    @Test("a missing folder names the missing file")
    func missingFile() {
        let folder = URL(fileURLWithPath: "/nonexistent/moji")
        #expect(throws: CatalogError.missingFile(path: "/nonexistent/moji/core.txt")) {
            try EmojiCatalog(directory: folder)
        }
    }

    @Test("a garbage file names the file and line")
    func garbage() throws {
        let folder = try temporaryCatalog(core: "not a catalog\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            throws: CatalogError.malformedFile(
                path: folder.appendingPathComponent("core.txt").path, line: 1,
                reason: "expected a 'moji-core' header; this is not a Moji catalog file")
        ) {
            try EmojiCatalog(directory: folder)
        }
    }

    @Test("a bad record names its line")
    func badRecord() throws {
        let folder = try temporaryCatalog(
            core:
                "moji-core\t1\t17.0\ng\tsmileys-emotion\tSmileys & Emotion\ns\tface-smiling\t0\ns\tface-affection\t7\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: CatalogError.self) { try EmojiCatalog(directory: folder) }
        guard case .malformedFile(_, let line, _)? = error else {
            Issue.record("expected malformedFile, got \(String(describing: error))")
            return
        }
        #expect(line == 4)
    }

    @Test("a truncated emoji table names the file")
    func truncatedTable() throws {
        let bundled = EmojiCatalog.bundledDirectory
        let core = try String(contentsOf: bundled.appendingPathComponent(CatalogFormat.coreFile), encoding: .utf8)
        let folder = try temporaryCatalog(core: core)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try Data(contentsOf: bundled.appendingPathComponent(EmojiTableFormat.fileName))
        let path = folder.appendingPathComponent(EmojiTableFormat.fileName)
        try table.prefix(table.count / 2).write(to: path)
        let error = #expect(throws: CatalogError.self) { try EmojiCatalog(directory: folder) }
        guard case .malformedBinaryFile(let file, let offset, let reason)? = error else {
            Issue.record("expected malformedBinaryFile, got \(String(describing: error))")
            return
        }
        #expect(file == path.path)
        #expect(reason.contains("bytes"))
        // Where the file ends, not `line: 0`.
        #expect(offset == table.count / 2)
    }

    @Test("an error says what to do")
    func message() {
        let message = CatalogError.missingFile(path: "/x/core.txt").description
        #expect(message.contains("/x/core.txt"))
        #expect(message.contains("moji-data build"))
    }
}
