import Foundation
import Moji
import MojiStore
import Testing

@Suite("export times")
struct ExportTimeTests {
    static func export(exportedAt: Date, lastUsedAt: Double?) -> StoreExport {
        StoreExport(
            exportedAt: exportedAt, clock: 3, decay: 0.9,
            usage: [
                StoreExport.UsageRecord(
                    item: StoreItem(key: "👋"), score: 1.5, scoredAt: 2, useCount: 3, lastUse: 2, lastUsedAt: lastUsedAt,
                    tones: [])
            ],
            pinned: [], collections: [], skinTones: [:], defaultSkinTone: nil, customEmoji: [])
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("times are written in ISO 8601, as the API writes them, and read back to the bit")
    func exactISO8601() throws {
        let whole = Self.export(exportedAt: Date(timeIntervalSince1970: 1_795_860_000), lastUsedAt: 1_795_860_000.25)
        let object = try Self.object(try whole.jsonData())
        #expect(object["version"] as? Int == 2)
        #expect(object["exportedAt"] as? String == "2026-11-28T10:00:00Z")
        let usage = try #require((object["usage"] as? [[String: Any]])?.first)
        #expect(usage["lastUsedAt"] as? String == "2026-11-28T10:00:00.25Z")

        // Times as the clock gives them, and the edges of the calendar: every one comes back equal.
        var generator = SystemRandomNumberGenerator()
        var seconds: [Double] = [0, 0.5, 951_782_400, 4_107_542_399.999, Date().timeIntervalSince1970]
        for _ in 0..<500 { seconds.append(Double.random(in: 0..<4_102_444_800, using: &generator)) }
        for value in seconds {
            let export = Self.export(exportedAt: Date(timeIntervalSince1970: value), lastUsedAt: value)
            let read = try StoreExport(jsonData: try export.jsonData())
            #expect(read.usage.first?.lastUsedAt == value, "\(value)")
            #expect(read.exportedAt == Date(timeIntervalSince1970: value), "\(value)")
        }
    }

    @Test("a time the clock took needs only a few fraction digits")
    func shortFractions() throws {
        let now = Date().timeIntervalSince1970
        let object = try Self.object(try Self.export(exportedAt: Date(), lastUsedAt: now).jsonData())
        let text = try #require((object["usage"] as? [[String: Any]])?.first?["lastUsedAt"] as? String)
        let fraction = text.drop { $0 != "." }.dropFirst().dropLast()
        #expect(fraction.count <= 9, "\(text)")
    }

    @Test("an export of format 1, with seconds since 1970, still imports with the same times")
    func formatOne() throws {
        let export = Self.export(exportedAt: Date(timeIntervalSince1970: 1_700_000_000.5), lastUsedAt: 1_700_000_123.75)
        var object = try Self.object(try export.jsonData())
        object["version"] = 1
        object["exportedAt"] = 1_700_000_000.5
        var usage = try #require(object["usage"] as? [[String: Any]])
        usage[0]["lastUsedAt"] = 1_700_000_123.75
        object["usage"] = usage
        var read = try StoreExport(jsonData: try JSONSerialization.data(withJSONObject: object))
        #expect(read.version == 1)
        read.version = StoreExport.currentVersion
        #expect(read == export)
    }

    @Test("a time that is not one, or a newer format, is refused with what to do")
    func refused() throws {
        let export = Self.export(exportedAt: Date(timeIntervalSince1970: 1_700_000_000), lastUsedAt: nil)
        for bad in ["2026-13-01T00:00:00Z", "2026-11-27 10:00:00", "yesterday", "2026-11-27T10:00:00.Z"] {
            var object = try Self.object(try export.jsonData())
            object["exportedAt"] = bad
            let data = try JSONSerialization.data(withJSONObject: object)
            #expect(throws: StoreError.self, "\(bad)") { try StoreExport(jsonData: data) }
        }
        var object = try Self.object(try export.jsonData())
        object["version"] = 3
        do {
            _ = try StoreExport(jsonData: try JSONSerialization.data(withJSONObject: object), path: "x.json")
            Issue.record("version 3 was read")
        } catch {
            #expect("\(error)".contains("upgrade Moji"), "\(error)")
        }
    }
}
