import Foundation
import GRDB
import Moji
import MojiStore
import Testing

/// Custom emoji sets in exports, imports, the health check and repair.
@Suite("custom emoji sets: export, import, check and repair")
struct CustomSetTransferTests {
    static let date = Date(timeIntervalSince1970: 1_750_000_000)

    /// A store with a synced forum set (a hidden emoji with a cached image among them), a set
    /// never synced, a hand-added emoji and some usage.
    static func filledStore() throws -> (TemporaryDirectory, EmojiStore) {
        let directory = try TemporaryDirectory()
        let store = try EmojiStore(url: directory.databaseURL)
        try store.custom.addSet(CustomSetTests.forum)
        try store.custom.addSet(CustomSet(name: "Blobs", source: .init(kind: .pack, location: "/srv/blobs.zip")))
        var hidden = CustomSetTests.smilie("zzz", image: "a")
        hidden.isVisibleInPicker = false
        _ = try store.replaceCustomSetEmoji(
            named: "awful", with: [CustomSetTests.smilie("wink"), hidden, CustomSetTests.smilie("aaa", image: "b")],
            validators: HTTPValidators(etag: "\"e1\""), imageValidators: [], at: date)
        try store.recordCustomSetFailure(
            named: "awful", at: date.addingTimeInterval(10), error: "HTTP 503", retryAfter: date.addingTimeInterval(99))
        try store.custom.addEmoji(CustomEmoji(code: "mine", name: "by hand"))
        try store.usage.recordUse(of: .custom(":zzz:"))
        return (directory, store)
    }

    @Test("an export carries sets and their emoji in order; importing restores them")
    func roundTrip() throws {
        let (directory, store) = try Self.filledStore()
        let data = try store.maintenance.export().jsonData()
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"customSets\""))

        let target = try TemporaryDirectory()
        let copy = try EmojiStore(url: target.databaseURL)
        try copy.maintenance.importData(StoreExport(jsonData: data))
        let original = try store.custom.sets()
        let imported = try copy.custom.sets()
        #expect(imported.map(\.name) == ["awful", "Blobs"])
        #expect(imported.map(\.source) == original.map(\.source))
        #expect(imported[0].syncedAt == Self.date)
        #expect(imported[0].lastError == "HTTP 503")
        #expect(imported[0].retryAfter == original[0].retryAfter)
        // The listing is fetched in full next time: this store's cache may lack the images.
        #expect(imported[0].validators.isEmpty)
        #expect(original[0].validators.etag == "\"e1\"")
        #expect(try copy.custom.emoji(inSet: "awful") == store.custom.emoji(inSet: "awful"))
        #expect(try copy.custom.emoji(inSet: "awful").map(\.code) == ["wink", "zzz", "aaa"])
        #expect(try copy.custom.emoji(code: "zzz")?.isVisibleInPicker == false)
        #expect(try copy.custom.emoji(code: "mine")?.set == nil)
        #expect(try copy.custom.referencedImageHashes() == store.custom.referencedImageHashes())
        #expect(try copy.usage.entry(for: .custom(":zzz:"))?.useCount == 1)
        _ = directory
    }

    @Test("an export of a Moji before sets, without customSets and the new emoji fields, still imports")
    func olderExport() throws {
        let (directory, store) = try Self.filledStore()
        var object = try #require(
            try JSONSerialization.jsonObject(with: try store.maintenance.export().jsonData()) as? [String: Any])
        object["customSets"] = nil
        object["customEmoji"] = [["code": "smith", "name": "Smith", "keywords": ["cool"], "addedAt": 1_700_000_000]]
        let older = try JSONSerialization.data(withJSONObject: object)

        let target = try TemporaryDirectory()
        let copy = try EmojiStore(url: target.databaseURL)
        try copy.maintenance.importData(StoreExport(jsonData: older))
        #expect(try copy.custom.sets().isEmpty)
        let smith = try #require(try copy.custom.emoji(code: "smith"))
        #expect(smith.set == nil && smith.isVisibleInPicker && smith.cachedImage == nil)
        #expect(try copy.usage.entry(for: .custom(":zzz:"))?.useCount == 1)
        _ = directory
    }

    @Test("an import with a bad set, a duplicate set or an emoji of a missing set is refused whole")
    func importValidation() throws {
        let (directory, store) = try Self.filledStore()
        let export = try store.maintenance.export()
        var missing = export
        missing.customSets.removeAll { $0.name == "awful" }
        var duplicate = export
        duplicate.customSets.append(CustomSet(name: "AWFUL", source: .init(kind: .folder, location: "/x")))
        var badName = export
        badName.customSets[1].name = "two words"
        var badSource = export
        badSource.customSets[1].source = .init(kind: .pack, location: "../../etc/passwd")
        for bad in [missing, duplicate, badName, badSource] {
            #expect(throws: StoreError.self) { try store.maintenance.importData(bad) }
        }
        #expect(
            throws: StoreError.invalidImportEntry(
                entry: "customEmoji[1] \"wink\"", reason: "its set \"awful\" is not among customSets")
        ) {
            try store.maintenance.importData(missing)
        }
        #expect(try store.custom.emoji(inSet: "awful").count == 3)
        // What repair salvages drops the bad set and the emoji of a missing one.
        let kept = missing.droppingInvalidEntries()
        #expect(kept.customEmoji.map(\.code) == ["mine"])
        #expect(badName.droppingInvalidEntries().customSets.map(\.name) == ["awful"])
        _ = directory
    }

    @Test("check reports hand-edited set rows, repair fixes them in place, and reading never traps")
    func checkAndRepair() throws {
        let (directory, store) = try Self.filledStore()
        let queue = try DatabaseQueue(path: directory.databaseURL.path)
        let sha = String(repeating: "f", count: 64)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO customSet (name, kind, location, refreshInterval, addedAt)
                        VALUES ('ftp', 'gopher', '/x', 1, 0);
                    INSERT INTO customEmoji (code, name, keywords, image, addedAt, setName)
                        VALUES ('of_ftp', '', '[]', '', 0, 'ftp'), ('ghost', '', '[]', '', 0, 'nowhere');
                    UPDATE customEmoji SET visibleInPicker = 7 WHERE code = 'wink';
                    UPDATE customEmoji SET imageSHA256 = '../../x' WHERE code = 'aaa';
                    UPDATE customEmoji SET imageWidth = NULL WHERE code = 'zzz';
                    UPDATE customSet SET refreshInterval = 'soon', syncedAt = 'yesterday',
                        lastError = char(27) || '[2J', etag = printf('%.5000c', 'x'), syncLockedUntil = 'never'
                        WHERE name = 'awful';
                    INSERT INTO imageValidator (url, sha256, format, width, height, frames, bytes, checkedAt)
                        VALUES ('https://i.example.com/x.gif', 'zz', 'gif', 1, 1, 1, 1, 0),
                               ('https://i.example.com/y.gif', '\(sha)', 'gif', 1, 1, 1, 1, 0);
                    """)
        }
        try queue.close()

        // Reading the edited rows gives wrong values, never a trap.
        #expect(try store.custom.sets().count == 3)
        #expect(try store.custom.allEmoji().count == 6)
        #expect(try store.imageValidators(forURLs: ["https://i.example.com/x.gif"]).isEmpty)

        let health = EmojiStore.check(at: directory.databaseURL)
        #expect(health.condition == .invalidRows)
        let reported = Set(health.invalidRows.map { "\($0.table) \($0.key) \($0.fix.rawValue)" })
        #expect(
            reported == [
                "customSet ftp drop", "customSet awful clamp", "customEmoji of_ftp drop", "customEmoji ghost drop",
                "customEmoji wink clamp", "customEmoji aaa clamp", "customEmoji zzz clamp",
                "imageValidator https://i.example.com/x.gif drop",
            ])
        #expect(health.invalidRows.filter { $0.key == "awful" }.count == 5)

        let repair = try EmojiStore.repair(at: directory.databaseURL)
        #expect(repair.rows?.clamped == 4 && repair.rows?.dropped == 4)
        #expect(EmojiStore.check(at: directory.databaseURL).condition == .healthy)
        let awful = try #require(try store.custom.set(named: "awful"))
        #expect(awful.refreshInterval == CustomSet.defaultRefreshInterval)
        #expect(awful.syncedAt == nil)
        #expect(awful.lastError == "[2J")
        #expect(awful.validators.etag == nil)
        #expect(try store.custom.sets().map(\.name) == ["awful", "Blobs"])
        #expect(try store.custom.emoji(inSet: "awful").map(\.code) == ["wink", "zzz", "aaa"])
        #expect(try store.custom.emoji(code: "wink")?.isVisibleInPicker == true)
        #expect(try store.custom.emoji(code: "aaa")?.cachedImage == nil)
        #expect(try store.custom.emoji(code: "zzz")?.cachedImage == nil)
        #expect(try store.custom.emoji(code: "ghost") == nil)
        #expect(try store.imageValidators(forURLs: ["https://i.example.com/y.gif"]).count == 1)
        // The lock was cleared with its date: anyone may claim it.
        #expect(try store.claimCustomSetSync(named: "awful", owner: "A", until: Self.date, now: Self.date))
    }
}
