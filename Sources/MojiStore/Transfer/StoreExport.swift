import Foundation
import Moji

/// All user data of a store as one JSON document: usage (with raw scores, so scoring continues
/// exactly), pins, collections, skin tones and custom emoji.
///
/// ```swift
/// let data = try store.export().jsonData()
/// try otherStore.importData(StoreExport(jsonData: data))
/// ```
public struct StoreExport: Sendable, Hashable, Codable {
    /// Always `moji-store`; tells a Moji export from any other JSON.
    public var format: String = StoreExport.formatName
    /// The version of this format.
    public var version: Int = 1
    /// When it was exported.
    public var exportedAt: Date
    /// The global use counter.
    public var clock: Int
    /// The decay the scores were computed with.
    public var decay: Double
    /// Usage, one record per item.
    public var usage: [UsageRecord]
    /// The pinned list, in order.
    public var pinned: [StoreItem]
    /// Collections in creation order.
    public var collections: [EmojiCollection]
    /// Per-emoji tone preferences (neutral emoji → tone identifiers, one per person).
    public var skinTones: [String: [String]]
    /// The default tone identifier, or nil for neutral.
    public var defaultSkinTone: String?
    /// Custom emoji records.
    public var customEmoji: [CustomEmoji]

    /// The value of ``format``.
    public static let formatName = "moji-store"

    /// One item's usage as stored: the score as of clock value `scoredAt`.
    public struct UsageRecord: Sendable, Hashable, Codable {
        public var item: StoreItem
        public var score: Double
        public var scoredAt: Int
        public var useCount: Int
        public var lastUse: Int?
        public var lastUsedAt: Double?
        public var tones: [String]
    }

    /// Pretty, stable JSON.
    public func jsonData() throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        do { return try encoder.encode(self) } catch {
            throw .invalidExport(path: "(memory)", reason: "\(error)")
        }
    }

    /// Decodes an export, checking that it is one; `path` names the source in errors.
    public init(jsonData: Data, path: String = "(input)") throws(StoreError) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let decoded: StoreExport
        do { decoded = try decoder.decode(StoreExport.self, from: jsonData) } catch {
            throw .invalidExport(path: path, reason: "not a Moji store export (\(error))")
        }
        guard decoded.format == Self.formatName else {
            throw .invalidExport(path: path, reason: "format is '\(decoded.format)', expected '\(Self.formatName)'")
        }
        guard decoded.version == 1 else {
            throw .invalidExport(
                path: path, reason: "format version \(decoded.version) is newer than this Moji reads (1); upgrade Moji")
        }
        guard decoded.decay > 0, decoded.decay <= 1 else {
            throw .invalidExport(path: path, reason: "decay \(decoded.decay) is not in (0, 1]")
        }
        self = decoded
    }

    init(
        exportedAt: Date, clock: Int, decay: Double, usage: [UsageRecord], pinned: [StoreItem],
        collections: [EmojiCollection], skinTones: [String: [String]], defaultSkinTone: String?,
        customEmoji: [CustomEmoji]
    ) {
        self.exportedAt = exportedAt
        self.clock = clock
        self.decay = decay
        self.usage = usage
        self.pinned = pinned
        self.collections = collections
        self.skinTones = skinTones
        self.defaultSkinTone = defaultSkinTone
        self.customEmoji = customEmoji
    }
}
