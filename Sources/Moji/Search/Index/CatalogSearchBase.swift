/// The part of every search index of a catalog that no locale changes: the neutral emoji with
/// their versions and groups, and the segment of GitHub, Slack and emojibase shortcodes,
/// emoticons and characters. Made on the first search of a catalog and kept with it (its emoji
/// refer to the catalog, so a catalog that was searched stays for the process); the segment
/// is read from the catalog's ``SearchSegmentFile`` (built only when a catalog lacks one) on
/// first use, while the first index's locale segments are built (``ParallelSegmentBuild``).
final class CatalogSearchBase: Sendable {
    let emojis: [Emoji?]
    let neutralEmojis: [Emoji]
    let neutralEntries: [Int32]
    let versions: [UInt16]
    let groupIndices: [UInt8]
    /// How often people use each entry (Zipf × 100, 0 without data): the emoji prior
    /// (``EmojiPriors``), empty when the catalog has none.
    let frequencies: [UInt16]
    let catalog: EmojiCatalog
    private let universalSegment = Locked<SearchSegment?>(nil)

    static func shared(for catalog: EmojiCatalog) -> CatalogSearchBase {
        catalog.storage.searchBase.withLock { cached in
            if let cached { return cached }
            let base = CatalogSearchBase(catalog)
            cached = base
            return base
        }
    }

    /// The segment of GitHub, Slack and emojibase shortcodes, emoticons and characters, read
    /// once.
    ///
    /// - Throws: ``CatalogError/malformedBinaryFile(path:offset:reason:)`` when the catalog's search
    ///   segment file is damaged or was built for other rules or another catalog.
    func universal() throws(CatalogError) -> SearchSegment {
        try universalSegment.withLock { cached throws(CatalogError) in
            if let cached { return cached }
            let path = catalog.storage.directoryPath + "/" + SearchSegmentFile.fileName
            let segment =
                try SearchSegmentFile.read(path: path, entryCount: emojis.count)
                ?? SearchIndex.universalSegment(neutralEmojis, catalog: catalog)
            cached = segment
            return segment
        }
    }

    /// Reads the catalog's rows directly: one `Emoji` per neutral emoji, no per-entry lookups.
    private init(_ catalog: EmojiCatalog) {
        let storage = catalog.storage
        let count = storage.characters.count
        var emojis = [Emoji?](repeating: nil, count: count)
        var versions = [UInt16](repeating: 0, count: count)
        var groupIndices = [UInt8](repeating: 0, count: count)
        var neutral: [Emoji] = []
        var neutralEntries: [Int32] = []
        neutral.reserveCapacity(count)
        neutralEntries.reserveCapacity(count)
        let subgroupGroups = storage.subgroups.map { UInt8(truncatingIfNeeded: $0.group.index) }
        for index in storage.emojiIndices where storage.tones.isNeutral(index) {
            let emoji = Emoji(storage: storage, index: index)
            let version = storage.versions[index]
            emojis[index] = emoji
            versions[index] = UInt16(min(version.major, 255)) << 8 | UInt16(min(version.minor, 255))
            groupIndices[index] = subgroupGroups[storage.subgroupIndices[index]]
            neutral.append(emoji)
            neutralEntries.append(Int32(index))
        }
        self.emojis = emojis
        self.neutralEmojis = neutral
        self.neutralEntries = neutralEntries
        self.versions = versions
        self.groupIndices = groupIndices
        self.catalog = catalog
        // A damaged priors file ranks as a catalog without one would, and is reported.
        var frequencies: [UInt16] = []
        do {
            if let priors = try EmojiPriors.read(
                path: storage.directoryPath + "/" + EmojiPriors.fileName, emojiCount: count)
            {
                frequencies = [UInt16](repeating: 0, count: count)
                for (index, frequency) in priors.frequencies { frequencies[index] = frequency }
            }
        } catch {
            storage.recordLoadError(error)
        }
        self.frequencies = frequencies
    }
}
