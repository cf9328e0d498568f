import Foundation
import Moji

extension StoreExport {
    /// Checks every entry before anything is imported, so a careless or hostile file cannot
    /// break the store for good: counters within the clock, finite scores, real emoji and
    /// valid custom codes, names by the rules of ``StoreText``, no duplicates.
    ///
    /// - Throws: ``StoreError/invalidImportEntry(entry:reason:)`` naming the first bad entry
    ///   by list, index and item, e.g. `usage[3] "👍🏽"`.
    public func validate(catalog: EmojiCatalog = .shared) throws(StoreError) {
        guard (0...ScoreDecay.maximumCount).contains(clock) else {
            throw .invalidImportEntry(
                entry: "clock",
                reason: "\(clock) is not between 0 and \(ScoreDecay.maximumCount)")
        }
        guard decay > 0, decay <= 1 else {
            throw .invalidImportEntry(entry: "decay", reason: "\(decay) is not in (0, 1]")
        }
        var seen: [String: Int] = [:]
        for (index, record) in usage.enumerated() {
            let entry = "usage[\(index)] \(StoreText.quoted(record.item.key))"
            if let problem = Self.problem(with: record, clock: clock, catalog: catalog) {
                throw .invalidImportEntry(entry: entry, reason: problem)
            }
            if let first = seen.updateValue(index, forKey: record.item.key) {
                throw .invalidImportEntry(entry: entry, reason: "usage[\(first)] has the same item")
            }
        }
        var pairs: [String: Int] = [:]
        for (index, record) in learnedPicks.enumerated() {
            let entry = "learnedPicks[\(index)] \(StoreText.quoted(record.query)) \(StoreText.quoted(record.item.key))"
            if let problem = Self.problem(with: record, clock: clock, catalog: catalog) {
                throw .invalidImportEntry(entry: entry, reason: problem)
            }
            if let first = pairs.updateValue(index, forKey: "\(record.query)\u{0}\(record.item.key)") {
                throw .invalidImportEntry(entry: entry, reason: "learnedPicks[\(first)] has the same query and item")
            }
        }
        try Self.validateList(pinned, named: "pinned", catalog: catalog)
        var names: [String: Int] = [:]
        for (index, collection) in collections.enumerated() {
            let entry = "collections[\(index)] \(StoreText.quoted(collection.name))"
            if let problem = StoreText.problem(in: collection.name) {
                throw .invalidImportEntry(entry: entry, reason: "the name \(problem)")
            }
            if let first = names.updateValue(index, forKey: Self.caseFolded(collection.name)) {
                throw .invalidImportEntry(
                    entry: entry,
                    reason: "collections[\(first)] has the same name (names ignore case)")
            }
            try Self.validateList(collection.items, named: "collections[\(index)].items", catalog: catalog)
        }
        for (key, tones) in skinTones.sorted(by: { $0.key < $1.key }) {
            let entry = "skinTones[\(StoreText.quoted(key))]"
            if let problem = Self.problem(with: StoreItem(key: key), neutral: true, catalog: catalog) {
                throw .invalidImportEntry(entry: entry, reason: problem)
            }
            if tones.isEmpty { throw .invalidImportEntry(entry: entry, reason: "no tones are given") }
            if let problem = Self.problem(withTones: tones, of: key, catalog: catalog) {
                throw .invalidImportEntry(entry: entry, reason: problem)
            }
        }
        if let tone = defaultSkinTone, SkinTone(identifier: tone) == nil {
            throw .invalidImportEntry(entry: "defaultSkinTone", reason: "\(StoreText.quoted(tone)) is not a skin tone")
        }
        var sets: [String: Int] = [:]
        for (index, set) in customSets.enumerated() {
            let entry = "customSets[\(index)] \(StoreText.quoted(set.name))"
            if let problem = set.problem { throw .invalidImportEntry(entry: entry, reason: problem) }
            if let first = sets.updateValue(index, forKey: Self.caseFolded(set.name)) {
                throw .invalidImportEntry(
                    entry: entry,
                    reason: "customSets[\(first)] has the same name (names ignore case)")
            }
        }
        var codes: [String: Int] = [:]
        for (index, emoji) in customEmoji.enumerated() {
            let entry = "customEmoji[\(index)] \(StoreText.quoted(emoji.code))"
            if let problem = EmojiStore.problem(with: emoji) {
                throw .invalidImportEntry(entry: entry, reason: problem)
            }
            if let set = emoji.set, sets[Self.caseFolded(set)] == nil {
                throw .invalidImportEntry(
                    entry: entry,
                    reason: "its set \(StoreText.quoted(set)) is not among customSets")
            }
            if let first = codes.updateValue(index, forKey: Self.caseFolded(emoji.code)) {
                throw .invalidImportEntry(
                    entry: entry,
                    reason: "customEmoji[\(first)] has the same code (codes ignore case)")
            }
        }
    }

    /// This export without the entries ``validate(catalog:)`` refuses (the later of two
    /// duplicates, out-of-range records, bad names): what repair salvages from a damaged file.
    public func droppingInvalidEntries(catalog: EmojiCatalog = .shared) -> StoreExport {
        var kept = self
        kept.clock = min(max(clock, 0), ScoreDecay.maximumCount)
        if !(decay > 0 && decay <= 1) { kept.decay = StoreConfiguration().decay }
        var seen = Set<String>()
        kept.usage = usage.filter { record in
            Self.problem(with: record, clock: kept.clock, catalog: catalog) == nil
                && seen.insert(record.item.key).inserted
        }
        var pairs = Set<String>()
        kept.learnedPicks = learnedPicks.filter { record in
            Self.problem(with: record, clock: kept.clock, catalog: catalog) == nil
                && pairs.insert("\(record.query)\u{0}\(record.item.key)").inserted
        }
        func validItems(_ items: [StoreItem]) -> [StoreItem] {
            var seen = Set<String>()
            return items.filter {
                Self.problem(with: $0, neutral: false, catalog: catalog) == nil && seen.insert($0.key).inserted
            }
        }
        kept.pinned = validItems(pinned)
        var names = Set<String>()
        kept.collections = collections.compactMap { collection in
            guard StoreText.problem(in: collection.name) == nil, names.insert(Self.caseFolded(collection.name)).inserted
            else { return nil }
            return EmojiCollection(name: collection.name, items: validItems(collection.items))
        }
        kept.skinTones = skinTones.filter { key, tones in
            !tones.isEmpty && Self.problem(with: StoreItem(key: key), neutral: true, catalog: catalog) == nil
                && Self.problem(withTones: tones, of: key, catalog: catalog) == nil
        }
        if let tone = defaultSkinTone, SkinTone(identifier: tone) == nil { kept.defaultSkinTone = nil }
        var sets = Set<String>()
        kept.customSets = customSets.filter { $0.problem == nil && sets.insert(Self.caseFolded($0.name)).inserted }
        var codes = Set<String>()
        // An emoji of a set that is not kept goes with it, as removing a set removes its emoji.
        kept.customEmoji = customEmoji.filter {
            EmojiStore.problem(with: $0) == nil && $0.set.map { sets.contains(Self.caseFolded($0)) } ?? true
                && codes.insert(Self.caseFolded($0.code)).inserted
        }
        return kept
    }

    /// What is wrong with one usage record, or nil.
    static func problem(with record: UsageRecord, clock: Int, catalog: EmojiCatalog) -> String? {
        if let problem = problem(with: record.item, neutral: true, catalog: catalog) { return problem }
        guard record.score.isFinite, record.score >= 0 else {
            return "score \(record.score) is not a finite number of 0 or more"
        }
        guard (0...clock).contains(record.scoredAt) else {
            return "scoredAt \(record.scoredAt) is not between 0 and the clock (\(clock))"
        }
        guard (0...clock).contains(record.useCount) else {
            return "useCount \(record.useCount) is not between 0 and the clock (\(clock))"
        }
        if let lastUse = record.lastUse, !(1...max(clock, 1)).contains(lastUse) {
            return "lastUse \(lastUse) is not between 1 and the clock (\(clock))"
        }
        if let lastUsedAt = record.lastUsedAt, !(lastUsedAt.isFinite && abs(lastUsedAt) < 1e12) {
            return "lastUsedAt \(lastUsedAt) is not a date (seconds since 1970)"
        }
        return problem(withTones: record.tones, of: record.item.key, catalog: catalog)
    }

    /// What is wrong with one learned pick, or nil: the query must be as Moji folds it, the item
    /// as usage keys it, the score and its clock value in range.
    static func problem(with record: LearnedPickRecord, clock: Int, catalog: EmojiCatalog) -> String? {
        if record.query.isEmpty { return "the query is empty" }
        if let problem = LearnedQuery.problem(in: record.query) { return "the query \(problem)" }
        let folded = LearnedPicks.normalizedQuery(record.query)
        guard folded == record.query else {
            return "the query is not folded as Moji keeps it (\(StoreText.quoted(folded)))"
        }
        if let problem = problem(with: record.item, neutral: true, catalog: catalog) { return problem }
        guard record.score.isFinite, record.score >= 0 else {
            return "score \(record.score) is not a finite number of 0 or more"
        }
        guard (0...clock).contains(record.scoredAt) else {
            return "scoredAt \(record.scoredAt) is not between 0 and the clock (\(clock))"
        }
        return nil
    }

    /// Every item valid and none twice.
    private static func validateList(
        _ items: [StoreItem], named name: String,
        catalog: EmojiCatalog
    ) throws(StoreError) {
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let entry = "\(name)[\(index)] \(StoreText.quoted(item.key))"
            if let problem = problem(with: item, neutral: false, catalog: catalog) {
                throw .invalidImportEntry(entry: entry, reason: problem)
            }
            if let first = seen.updateValue(index, forKey: item.key) {
                throw .invalidImportEntry(entry: entry, reason: "\(name)[\(first)] has the same item")
            }
        }
    }

    /// Why `item` cannot be stored, or nil: it must be a custom `:code:` with a valid code, or
    /// an emoji (the catalog's, or one well-formed from emoji code points, for an export of a
    /// Moji that knows a newer Unicode). Usage and tone preferences key by the neutral emoji.
    static func problem(with item: StoreItem, neutral: Bool, catalog: EmojiCatalog) -> String? {
        let key = item.key
        if key.isEmpty { return "the item is empty" }
        if key.hasPrefix(":") || key.hasSuffix(":") {
            guard let code = item.customCode, CustomEmoji.isValidCode(code) else {
                return "\(StoreText.quoted(key)) is not a valid custom :code: (no spaces or colons inside)"
            }
            return nil
        }
        if let emoji = catalog.emoji(for: key) {
            if neutral, emoji.neutral.character != key {
                return "give the neutral emoji \(emoji.neutral.character) as Moji stores it (tones go in \"tones\")"
            }
            return nil
        }
        return looksLikeEmoji(key) ? nil : "\(StoreText.quoted(key)) is neither an emoji nor a custom :code:"
    }

    /// One character made only of emoji code points (with ZWJ, selectors, tags and keycap),
    /// at least one of them a pictograph beyond Latin-1.
    static func looksLikeEmoji(_ text: String) -> Bool {
        guard text.count == 1 else { return false }
        var pictograph = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            let joiner =
                [0x200D, 0xFE0E, 0xFE0F, 0x20E3].contains(scalar.value)
                || (0xE0020...0xE007F).contains(scalar.value)
            guard properties.isEmoji || properties.isEmojiModifier || joiner else { return false }
            if scalar.value > 0xFF, properties.isEmoji { pictograph = true }
        }
        return pictograph
    }

    /// Why `tones` do not fit the emoji `key`, or nil.
    static func problem(withTones tones: [String], of key: String, catalog: EmojiCatalog) -> String? {
        if tones.isEmpty { return nil }
        if let bad = tones.first(where: { SkinTone(identifier: $0) == nil }) {
            return "tones: \(StoreText.quoted(bad)) is not a skin tone (light, medium-light, medium, medium-dark, dark)"
        }
        if let emoji = catalog.emoji(for: key)?.neutral {
            let parsed = tones.compactMap(SkinTone.init(identifier:))
            let fits = parsed.count == 1 || parsed.count == emoji.personCount
            guard fits, emoji.withSkinTones(parsed) != nil else {
                return "tones \(tones.joined(separator: ",")) do not fit \(emoji.character)"
            }
        }
        return nil
    }

    /// Case folded as SQLite's NOCASE does (ASCII letters only), so duplicates are found as
    /// the database would find them.
    static func caseFolded(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
                }))
    }
}
