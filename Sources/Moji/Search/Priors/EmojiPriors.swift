/// How often people use each emoji: the emoji prior that orders matches of the same class,
/// common first (``CommonFirstOrder``), and that lets a much more common emoji overtake a
/// slightly better match (``SearchIndex/priorPenalty``).
///
/// `moji-data build` writes it as `search-priors.txt` in a catalog folder, from the frequencies
/// of emoji as tokens in wordfreq's data (Zipf × 100, averaged over its languages; see
/// `data/priors/README.md`). Records, after the header `moji-search-priors<TAB>1`:
///
/// ```
/// p<TAB>index<TAB>zipf×100
/// ```
///
/// A catalog without the file has no prior: every emoji counts as unused and ties fall back to
/// the catalog's own order of tagged, shorter and older emoji first, as before.
package struct EmojiPriors: Sendable, Equatable {
    /// The header's kind.
    package static let kind = "moji-search-priors"
    /// The file in a catalog folder.
    package static let fileName = "search-priors.txt"

    /// Zipf × 100 by emoji index (0 for an emoji without data).
    package var frequencies: [Int: UInt16] = [:]

    package init(frequencies: [Int: UInt16] = [:]) { self.frequencies = frequencies }

    /// The file's text, by index.
    package func text() -> String {
        var text = "\(Self.kind)\t\(CatalogFormat.version)\n"
        for index in frequencies.keys.sorted() where frequencies[index]! > 0 {
            text += "p\t\(index)\t\(frequencies[index]!)\n"
        }
        return text
    }

    /// Reads the file at `path`; nil when there is none.
    ///
    /// - Throws: ``CatalogError`` when the file is damaged or names an index past `emojiCount`.
    static func read(path: String, emojiCount: Int) throws(CatalogError) -> EmojiPriors? {
        guard CatalogFileReader.contents(atPath: path) != nil else { return nil }
        let reader = try CatalogFileReader(path: path)
        _ = try reader.header(expecting: kind, version: CatalogFormat.version)
        var priors = EmojiPriors()
        try reader.forEachRecord { record throws(CatalogError) in
            guard record.kind == UInt8(ascii: "p"), record.count == 3, let index = record.int(1),
                (0..<emojiCount).contains(index), let frequency = record.int(2), (0...9999).contains(frequency)
            else {
                throw reader.malformed(record.line, "a prior record is p, a known emoji index and a frequency")
            }
            priors.frequencies[index] = UInt16(frequency)
        }
        return priors
    }
}
