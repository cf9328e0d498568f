/// The part of every search index of a catalog that no locale changes: the neutral emoji with
/// their versions and groups, and the segment of GitHub, Slack and emojibase shortcodes,
/// emoticons and characters. Built on the first search of a catalog and kept for the process.
final class CatalogSearchBase: Sendable {
    let emojis: [Emoji?]
    let neutralEmojis: [Emoji]
    let neutralEntries: [Int32]
    let versions: [UInt16]
    let groupIndices: [UInt8]
    let universal: SearchSegment

    /// Keyed by the catalog's storage, which the base keeps alive, so a key is never reused.
    private static let cache = Locked<[ObjectIdentifier: CatalogSearchBase]>([:])

    static func shared(for catalog: EmojiCatalog) -> CatalogSearchBase {
        cache.withLock { cache in
            let key = ObjectIdentifier(catalog.storage)
            if let base = cache[key] { return base }
            let base = CatalogSearchBase(catalog)
            cache[key] = base
            return base
        }
    }

    private init(_ catalog: EmojiCatalog) {
        let count = catalog.allEntries.count
        var emojis = [Emoji?](repeating: nil, count: count)
        var versions = [UInt16](repeating: 0, count: count)
        var groupIndices = [UInt8](repeating: 0, count: count)
        let neutral = Array(catalog.neutralEmojis)
        for emoji in neutral {
            let version = emoji.version
            emojis[emoji.index] = emoji
            versions[emoji.index] = UInt16(min(version.major, 255)) << 8 | UInt16(min(version.minor, 255))
            groupIndices[emoji.index] = UInt8(truncatingIfNeeded: emoji.group.index)
        }
        self.emojis = emojis
        self.neutralEmojis = neutral
        self.neutralEntries = neutral.map { Int32($0.index) }
        self.versions = versions
        self.groupIndices = groupIndices
        self.universal = SearchIndex.universalSegment(neutral, catalog: catalog)
    }
}
