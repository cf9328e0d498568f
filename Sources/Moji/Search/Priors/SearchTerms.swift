/// A locale's search-only terms, as `moji-data build` writes them to
/// `locales/<identifier>.search-terms.txt.z`: words people type that the locale's names and
/// keywords do not spell out, and how common each word of the locale is.
///
/// - readings of names and keywords written with kanji or hanzi (`誕生日` → `たんじょうび`,
///   `笑脸` → `xiao lian` and `xiaolian`), indexed like the text they read;
/// - everyday words (`hola`, `jaja`, `bussi`, `草`) that Moji's own word lists give an emoji:
///   the first emoji a word names is called so (the word is as good as its name, whole or by its
///   words), the others have it as a keyword;
/// - the word prior: each word's frequency in the language (Zipf × 10, from wordfreq), which
///   orders the completions of a word still being typed (``MatchCost/completion(ofName:frequency:isWhole:)``).
///
/// Records, after the header `moji-search-terms<TAB>1`:
///
/// ```
/// n<TAB>index<TAB>term|term   terms matched as the name's words (readings of its name)
/// e<TAB>index<TAB>term|term   everyday words the emoji is called by, matched as its whole name too
/// k<TAB>index<TAB>term|term   terms matched as keywords (readings and dictionary forms of
///                             keywords, everyday words for other emoji)
/// w<TAB>word<TAB>zipf×10      a word's frequency (1…80)
/// ```
///
/// A locale's file holds what is its own; it inherits the rest along its chain (es-MX has
/// Spanish's everyday words). A catalog without these files (one from before them) searches as
/// it did. Search segment files are built with these terms included, so the files are read only
/// when a segment is built at run time.
package struct SearchTerms: Sendable, Equatable {
    /// The header's kind.
    package static let kind = "moji-search-terms"

    /// Terms matched as the name's words, by emoji index.
    package var nameTerms: [Int: [String]] = [:]
    /// Everyday words an emoji is called by, matched as its name, whole or by its words (with
    /// their readings), by emoji index.
    package var everydayNames: [Int: [String]] = [:]
    /// Terms matched as keywords, by emoji index.
    package var keywordTerms: [Int: [String]] = [:]
    /// Words' frequencies (Zipf × 10), by the word as written (lower case).
    package var wordFrequencies: [String: UInt8] = [:]

    package init() {}

    package var isEmpty: Bool {
        nameTerms.isEmpty && everydayNames.isEmpty && keywordTerms.isEmpty && wordFrequencies.isEmpty
    }

    /// The file of a locale in a catalog folder.
    package static func fileName(_ identifier: String) -> String {
        "\(CatalogFormat.localesFolder)/\(identifier).search-terms.txt.z"
    }

    /// The file's text (compressed by the writer): records sorted, so the build is deterministic.
    package func text() -> String {
        var text = "\(Self.kind)\t\(CatalogFormat.version)\n"
        func terms(_ kind: String, _ table: [Int: [String]]) {
            for index in table.keys.sorted() {
                let terms = table[index]!.filter(Self.isStorable)
                if terms.isEmpty { continue }
                text += "\(kind)\t\(index)\t\(terms.joined(separator: String(CatalogFormat.keywordSeparator)))\n"
            }
        }
        terms("n", nameTerms)
        terms("e", everydayNames)
        terms("k", keywordTerms)
        // A word rarer than the word bands tell apart ranks as one without data: not written.
        for word in wordFrequencies.keys.sorted()
        where Self.isStorable(word) && MatchCost.wordBand(wordFrequencies[word]!) < MatchCost.maximumWordBand {
            text += "w\t\(word)\t\(wordFrequencies[word]!)\n"
        }
        return text
    }

    /// Whether a term can be written in a record (no tab, newline or `|`).
    static func isStorable(_ term: String) -> Bool {
        !term.isEmpty && !term.unicodeScalars.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "|" }
    }

    /// The terms of a locale: the files of its `chain` (the locale first, root-most last), the
    /// terms of all, a word's frequency from the first that has it.
    ///
    /// - Throws: ``CatalogError`` when one of the files is damaged.
    static func read(chain: [String], storage: CatalogStorage) throws(CatalogError) -> SearchTerms {
        var merged = SearchTerms()
        for identifier in chain {
            guard
                let terms = try read(
                    path: storage.directoryPath + "/" + fileName(identifier), emojiCount: storage.characters.count)
            else { continue }
            merged.nameTerms.merge(terms.nameTerms) { $0 + $1 }
            merged.everydayNames.merge(terms.everydayNames) { $0 + $1 }
            merged.keywordTerms.merge(terms.keywordTerms) { $0 + $1 }
            merged.wordFrequencies.merge(terms.wordFrequencies) { own, _ in own }
        }
        return merged
    }

    /// Reads the file at `path`; nil when there is none.
    ///
    /// - Throws: ``CatalogError`` when the file is damaged or names an emoji index past
    ///   `emojiCount`.
    static func read(path: String, emojiCount: Int) throws(CatalogError) -> SearchTerms? {
        guard CatalogFileReader.contents(atPath: path) != nil else { return nil }
        let reader = try CatalogFileReader(path: path)
        _ = try reader.header(expecting: kind, version: CatalogFormat.version)
        var terms = SearchTerms()
        try reader.forEachRecord { record throws(CatalogError) in
            guard record.count == 3 else { throw reader.malformed(record.line, "a record has three fields") }
            switch record.kind {
            case UInt8(ascii: "n"), UInt8(ascii: "e"), UInt8(ascii: "k"):
                guard let index = record.int(1), (0..<emojiCount).contains(index) else {
                    throw reader.malformed(record.line, "a term record needs a known emoji index")
                }
                let list = CatalogFormat.keywords(inField: record.string(2))
                switch record.kind {
                case UInt8(ascii: "n"): terms.nameTerms[index, default: []] += list
                case UInt8(ascii: "e"): terms.everydayNames[index, default: []] += list
                default: terms.keywordTerms[index, default: []] += list
                }
            case UInt8(ascii: "w"):
                guard let frequency = record.int(2), (0...255).contains(frequency) else {
                    throw reader.malformed(record.line, "a word record needs a frequency of 0 to 255")
                }
                terms.wordFrequencies[record.string(1)] = UInt8(frequency)
            default:
                throw reader.malformed(record.line, "unknown record kind '\(record.string(0))'")
            }
        }
        return terms
    }
}
