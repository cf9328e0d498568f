import Foundation
import Moji

/// All user data of a store as one JSON document: usage (with raw scores, so scoring continues
/// exactly), the picks learned after queries, pins, collections, skin tones, custom emoji and
/// their sets.
///
/// ```swift
/// let data = try store.maintenance.export().jsonData()
/// try otherStore.importData(StoreExport(jsonData: data))
/// ```
public struct StoreExport: Sendable, Hashable, Codable {
    /// Always `moji-store`; tells a Moji export from any other JSON.
    public var format: String = StoreExport.formatName
    /// The version of this format: 2 writes times in ISO 8601, 1 wrote seconds since 1970 (both
    /// are read).
    public var version: Int = StoreExport.currentVersion
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
    /// Custom emoji records; those of a set name it in ``/Moji/CustomEmoji/set`` and come in the
    /// set's order.
    public var customEmoji: [CustomEmoji]
    /// Custom emoji sets, by name. Exports of Moji before sets have none. Importing one clears
    /// its listing's validators, so the next sync fetches the listing in full.
    public var customSets: [CustomSet]
    /// The picks learned after queries, with raw scores as ``usage`` has them. Exports of Moji
    /// before learned picks have none.
    public var learnedPicks: [LearnedPickRecord]

    /// The value of ``format``.
    public static let formatName = "moji-store"
    /// The ``version`` this Moji writes, and the newest it reads.
    public static let currentVersion = 2

    /// One item's usage as stored: the score as of clock value `scoredAt`.
    public struct UsageRecord: Sendable, Hashable, Codable {
        public var item: StoreItem
        public var score: Double
        public var scoredAt: Int
        public var useCount: Int
        public var lastUse: Int?
        public var lastUsedAt: Double?
        public var tones: [String]

        private enum CodingKeys: String, CodingKey {
            case item, score, scoredAt, useCount, lastUse, lastUsedAt, tones
        }

        /// (`package`: the PostgreSQL store exports its rows in this shape.)
        package init(
            item: StoreItem, score: Double, scoredAt: Int, useCount: Int, lastUse: Int?, lastUsedAt: Double?,
            tones: [String]
        ) {
            self.item = item
            self.score = score
            self.scoredAt = scoredAt
            self.useCount = useCount
            self.lastUse = lastUse
            self.lastUsedAt = lastUsedAt
            self.tones = tones
        }

        // `lastUsedAt` is a number of seconds in the store and in exports of format 1, and an
        // ISO 8601 time (exact to the bit) in exports of format 2.

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            item = try container.decode(StoreItem.self, forKey: .item)
            score = try container.decode(Double.self, forKey: .score)
            scoredAt = try container.decode(Int.self, forKey: .scoredAt)
            useCount = try container.decode(Int.self, forKey: .useCount)
            lastUse = try container.decodeIfPresent(Int.self, forKey: .lastUse)
            tones = try container.decode([String].self, forKey: .tones)
            if let seconds = try? container.decodeIfPresent(Double.self, forKey: .lastUsedAt) {
                lastUsedAt = seconds
            } else if let text = try container.decodeIfPresent(String.self, forKey: .lastUsedAt) {
                guard let seconds = ExportTime.secondsSince1970(text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .lastUsedAt, in: container,
                        debugDescription: "'\(text.prefix(64))' is not a time like 2026-11-22T10:00:00Z")
                }
                lastUsedAt = seconds
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(item, forKey: .item)
            try container.encode(score, forKey: .score)
            try container.encode(scoredAt, forKey: .scoredAt)
            try container.encode(useCount, forKey: .useCount)
            try container.encodeIfPresent(lastUse, forKey: .lastUse)
            try container.encodeIfPresent(lastUsedAt.map { ExportTime.text(secondsSince1970: $0) }, forKey: .lastUsedAt)
            try container.encode(tones, forKey: .tones)
        }
    }

    /// One item picked after one query, as stored: the score as of clock value `scoredAt`.
    public struct LearnedPickRecord: Sendable, Hashable, Codable {
        /// The query, folded as ``/Moji/LearnedPicks/normalizedQuery(_:)`` gives it.
        public var query: String
        /// The neutral emoji or custom `:code:`.
        public var item: StoreItem
        public var score: Double
        public var scoredAt: Int

        public init(query: String, item: StoreItem, score: Double, scoredAt: Int) {
            self.query = query
            self.item = item
            self.score = score
            self.scoredAt = scoredAt
        }
    }

    /// Pretty, stable JSON.
    public func jsonData() throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = ExportTime.encoding
        do { return try encoder.encode(self) } catch {
            throw .invalidExport(path: "(memory)", reason: "\(error)")
        }
    }

    /// Decodes an export, checking that it is one; `path` names the source in errors.
    public init(jsonData: Data, path: String = "(input)") throws(StoreError) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = ExportTime.decoding
        let decoded: StoreExport
        do { decoded = try decoder.decode(StoreExport.self, from: jsonData) } catch {
            throw .invalidExport(path: path, reason: "not a Moji store export (\(error))")
        }
        guard decoded.format == Self.formatName else {
            throw .invalidExport(path: path, reason: "format is '\(decoded.format)', expected '\(Self.formatName)'")
        }
        guard (1...Self.currentVersion).contains(decoded.version) else {
            throw .invalidExport(
                path: path,
                reason:
                    "format version \(decoded.version) is not one this Moji reads (1 to \(Self.currentVersion)); upgrade Moji"
            )
        }
        guard decoded.decay > 0, decoded.decay <= 1 else {
            throw .invalidExport(path: path, reason: "decay \(decoded.decay) is not in (0, 1]")
        }
        self = decoded
    }

    /// (`package`: the PostgreSQL store exports one user in this shape.)
    package init(
        exportedAt: Date, clock: Int, decay: Double, usage: [UsageRecord], pinned: [StoreItem],
        collections: [EmojiCollection], skinTones: [String: [String]], defaultSkinTone: String?,
        customEmoji: [CustomEmoji], customSets: [CustomSet] = [], learnedPicks: [LearnedPickRecord] = []
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
        self.customSets = customSets
        self.learnedPicks = learnedPicks
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, exportedAt, clock, decay, usage, pinned, collections, skinTones, defaultSkinTone
        case customEmoji, customSets, learnedPicks
    }

    /// Decodes an export, also one of a Moji before sets (without ``customSets``) or before learned
    /// picks (without ``learnedPicks``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        exportedAt = try container.decode(Date.self, forKey: .exportedAt)
        clock = try container.decode(Int.self, forKey: .clock)
        decay = try container.decode(Double.self, forKey: .decay)
        usage = try container.decode([UsageRecord].self, forKey: .usage)
        pinned = try container.decode([StoreItem].self, forKey: .pinned)
        collections = try container.decode([EmojiCollection].self, forKey: .collections)
        skinTones = try container.decode([String: [String]].self, forKey: .skinTones)
        defaultSkinTone = try container.decodeIfPresent(String.self, forKey: .defaultSkinTone)
        customEmoji = try container.decode([CustomEmoji].self, forKey: .customEmoji)
        customSets = try container.decodeIfPresent([CustomSet].self, forKey: .customSets) ?? []
        learnedPicks = try container.decodeIfPresent([LearnedPickRecord].self, forKey: .learnedPicks) ?? []
    }
}
