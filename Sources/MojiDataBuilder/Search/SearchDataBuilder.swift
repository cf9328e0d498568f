import Foundation
import Moji

/// Turns the project's own search data (the `data` folder: `everyday/` word lists written for
/// Moji, and `priors/`, which `script/generate-priors` makes from wordfreq, SudachiPy and
/// pypinyin) into the catalog's search-only files: ``Moji/EmojiPriors`` (`search-priors.txt`) and
/// each locale's ``Moji/SearchTerms`` (`locales/<id>.search-terms.txt.z`).
///
/// Laid out as:
///
/// ```
/// everyday/<locale>.tsv        word<TAB>emoji emoji …   (the first emoji is the one meant)
/// priors/emoji.tsv             emoji<TAB>zipf×100
/// priors/words/<locale>.tsv    word<TAB>zipf×10
/// priors/readings/<locale>.tsv text<TAB>reading|reading (ja: hiragana; zh: pinyin syllables)
/// priors/forms/<locale>.tsv    text<TAB>form|form       (ja: dictionary forms, 怒った顔 → 怒る)
/// ```
///
/// Locale files are named by CLDR identifier with `_` (`zh_Hant.tsv`) or `-`. A locale gets the
/// files of its own identifier only; search reads a locale's chain (es-MX inherits es).
struct SearchDataBuilder {
    var folder: URL
    var model: CatalogModel

    /// The emoji prior: each emoji's frequency by catalog index.
    func priors() throws(BuildError) -> EmojiPriors {
        let url = folder.appendingPathComponent("priors/emoji.tsv")
        var priors = EmojiPriors()
        for (line, fields) in try Self.records(url, required: true) {
            guard fields.count == 2, let frequency = UInt16(fields[1]), frequency <= 9999 else {
                throw .malformedInput(path: url.path, line: line, reason: "expected emoji<TAB>zipf×100")
            }
            guard let index = model.index(forKey: fields[0]) else {
                throw .malformedInput(path: url.path, line: line, reason: "'\(fields[0])' is not in the catalog")
            }
            let neutral = model.entries[index].baseIndex ?? index
            priors.frequencies[neutral] = max(priors.frequencies[neutral] ?? 0, frequency)
        }
        // A gendered or directional variant follows its neutral emoji: the neutral one gets the
        // variant's use when that is higher (🤦‍♂️ is used more than 🤦 in the data), and the
        // variant stays just below it, so "facepalm" finds 🤦 first.
        for (variant, frequency) in priors.frequencies.sorted(by: { $0.key < $1.key }) {
            guard let neutral = neutralIndex(ofVariant: variant) else { continue }
            let top = max(priors.frequencies[neutral] ?? 0, frequency)
            priors.frequencies[neutral] = top
            priors.frequencies[variant] = min(frequency, top > 1 ? top - 1 : 1)
        }
        return priors
    }

    /// The neutral emoji of a gendered or directional variant: without its ♀, ♂ or ➡ (and the
    /// joiner before it), or with 🧑 for a leading 👨 or 👩; nil for an emoji that is none.
    private func neutralIndex(ofVariant index: Int) -> Int? {
        let scalars = model.entries[index].test.scalars.filter { $0.value != 0xFE0F }
        guard scalars.count > 1 else { return nil }
        var stripped: [Unicode.Scalar] = []
        for (position, scalar) in scalars.enumerated() {
            if [0x2640, 0x2642, 0x27A1].contains(scalar.value), position > 0, scalars[position - 1].value == 0x200D {
                stripped.removeLast()
                continue
            }
            stripped.append(scalar)
        }
        if stripped.count == scalars.count, [0x1F468, 0x1F469].contains(scalars[0].value) {
            stripped[0] = Unicode.Scalar(0x1F9D1)!
        }
        guard stripped != scalars else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: stripped)
        guard let neutral = model.index(forKey: text), neutral != index else { return nil }
        return model.entries[neutral].baseIndex ?? neutral
    }

    /// A locale's own search terms: everyday words, readings and dictionary forms of its names
    /// and keywords (read from `localized`, the built catalog's table for the locale) and word
    /// frequencies.
    func terms(locale identifier: String, localized: LocalizedCatalog, emojis: [Emoji]) throws(BuildError)
        -> SearchTerms
    {
        var terms = SearchTerms()
        let readings = try alternatives(in: "priors/readings", locale: identifier, kind: "reading")
        let dictionaryForms = try alternatives(in: "priors/forms", locale: identifier, kind: "form")
        let isPinyin = identifier == "zh" || identifier.hasPrefix("zh-")
        /// The forms a text is found by: its readings, and for pinyin each reading's syllables
        /// joined too ("xiao lian" and "xiaolian").
        func readingForms(of text: String) -> [String] {
            guard let found = readings[text] else { return [] }
            var forms: [String] = []
            for reading in found {
                forms.append(reading)
                if isPinyin, reading.contains(" ") { forms.append(reading.replacingOccurrences(of: " ", with: "")) }
            }
            return forms
        }
        /// A name's or keyword's dictionary forms (found as keywords: 怒る is what 怒った顔 is
        /// about, not its name) with their readings.
        func dictionaryFormTerms(of text: String) -> [String] {
            dictionaryForms[text, default: []].flatMap { [$0] + readingForms(of: $0) }
        }
        if !readings.isEmpty || !dictionaryForms.isEmpty {
            for emoji in emojis {
                let name = localized.name(of: emoji)
                let nameReadings = readingForms(of: name)
                if !nameReadings.isEmpty { terms.nameTerms[emoji.index, default: []] += nameReadings }
                var keywordTerms = dictionaryFormTerms(of: name)
                for keyword in localized.keywords(of: emoji) {
                    keywordTerms += readingForms(of: keyword) + dictionaryFormTerms(of: keyword)
                }
                if !keywordTerms.isEmpty { terms.keywordTerms[emoji.index, default: []] += keywordTerms }
            }
        }
        let everydayURL = try localeFile("everyday", identifier)
        for (line, fields) in try Self.records(everydayURL, required: false) {
            let word = fields[0].trimmingCharacters(in: .whitespaces)
            guard fields.count == 2, !word.isEmpty else {
                throw .malformedInput(path: everydayURL.path, line: line, reason: "expected word<TAB>emoji emoji …")
            }
            let emojiFields = fields[1].split(separator: " ").map(String.init)
            guard !emojiFields.isEmpty, emojiFields.count <= 4 else {
                throw .malformedInput(path: everydayURL.path, line: line, reason: "name one to four emoji")
            }
            for (position, key) in emojiFields.enumerated() {
                guard let index = model.index(forKey: key) else {
                    throw .malformedInput(path: everydayURL.path, line: line, reason: "'\(key)' is not in the catalog")
                }
                let neutral = model.entries[index].baseIndex ?? index
                let forms = [word] + readingForms(of: word)
                // The emoji the word means first is found as if by its name; the others as by a keyword.
                if position == 0 {
                    terms.everydayNames[neutral, default: []] += forms
                } else {
                    terms.keywordTerms[neutral, default: []] += forms
                }
            }
        }
        let wordsURL = try localeFile("priors/words", identifier)
        for (line, fields) in try Self.records(wordsURL, required: false) {
            guard fields.count == 2, let frequency = UInt8(fields[1]), (1...80).contains(frequency) else {
                throw .malformedInput(path: wordsURL.path, line: line, reason: "expected word<TAB>zipf×10 (1 to 80)")
            }
            terms.wordFrequencies[fields[0]] = frequency
        }
        for index in Array(terms.nameTerms.keys) { terms.nameTerms[index] = Self.unique(terms.nameTerms[index]!) }
        for index in Array(terms.everydayNames.keys) {
            terms.everydayNames[index] = Self.unique(terms.everydayNames[index]!)
        }
        for index in Array(terms.keywordTerms.keys) {
            terms.keywordTerms[index] = Self.unique(terms.keywordTerms[index]!)
        }
        return terms
    }

    /// Other forms by text (readings, dictionary forms), for a locale that has a file of `kind`
    /// in `subfolder`.
    private func alternatives(in subfolder: String, locale identifier: String, kind: String) throws(BuildError)
        -> [String: [String]]
    {
        let url = try localeFile(subfolder, identifier)
        var alternatives: [String: [String]] = [:]
        for (line, fields) in try Self.records(url, required: false) {
            guard fields.count == 2, !fields[1].isEmpty else {
                throw .malformedInput(path: url.path, line: line, reason: "expected text<TAB>\(kind)|\(kind)")
            }
            alternatives[fields[0]] = CatalogFormat.keywords(inField: fields[1]).filter { !$0.isEmpty }
        }
        return alternatives
    }

    /// The file of a locale under `subfolder`, named with `_` or `-` (the first that exists).
    private func localeFile(_ subfolder: String, _ identifier: String) throws(BuildError) -> URL {
        let base = folder.appendingPathComponent(subfolder)
        for name in [identifier.replacingOccurrences(of: "-", with: "_"), identifier] {
            let url = base.appendingPathComponent("\(name).tsv")
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return base.appendingPathComponent("\(identifier).tsv")
    }

    /// The tab-separated records of a file (comments and blank lines skipped), with line numbers.
    private static func records(_ url: URL, required: Bool) throws(BuildError) -> [(Int, [String])] {
        guard FileManager.default.fileExists(atPath: url.path) else {
            if required { throw .missingInput(path: url.path) }
            return []
        }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .malformedInput(path: url.path, line: 0, reason: "not UTF-8 text: \(error.localizedDescription)")
        }
        var records: [(Int, [String])] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.isEmpty || line.hasPrefix("#") { continue }
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            while fields.count > 2, fields.last?.trimmingCharacters(in: .whitespaces).isEmpty == true {
                fields.removeLast()
            }
            records.append((offset + 1, fields))
        }
        return records
    }

    private static func unique(_ terms: [String]) -> [String] {
        var seen = Set<String>()
        return terms.filter { seen.insert($0).inserted }
    }
}
