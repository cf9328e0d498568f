import Moji

/// One locale's strings after CLDR inheritance, before English fallback: what the locale says.
struct LocaleTable: Equatable {
    var names: [Int: String] = [:]
    var keywords: [Int: [String]] = [:]
    var groupNames: [Int: String] = [:]
    var subgroupNames: [Int: String] = [:]
    var shortcodes: [Int: [String]] = [:]
    /// Separators learned from this locale's own derived names, if it has an example.
    var separators: Separators?

    struct Separators: Equatable {
        var baseToTones: String
        var betweenTones: String
    }

    /// This table laid over `parent`: an entry here replaces the parent's.
    func inheriting(from parent: LocaleTable) -> LocaleTable {
        var merged = parent
        merged.names.merge(names) { $1 }
        merged.keywords.merge(keywords) { $1 }
        merged.groupNames.merge(groupNames) { $1 }
        merged.subgroupNames.merge(subgroupNames) { $1 }
        merged.shortcodes.merge(shortcodes) { $1 }
        merged.separators = separators ?? parent.separators
        return merged
    }

    /// emojibase's localized CLDR shortcodes sometimes give one code to several emoji (German
    /// `studentin`); a code must name one emoji, so it stays with the first in CLDR order.
    mutating func keepFirstUseOfEachShortcode() {
        var seen = Set<String>()
        for index in shortcodes.keys.sorted() {
            let unique = shortcodes[index]!.filter { seen.insert($0).inserted }
            shortcodes[index] = unique.isEmpty ? nil : unique
        }
    }

    /// Learns the separators from a one-tone and a two-tone derived name, as in
    /// "waving hand: light skin tone" and "kiss: light skin tone, dark skin tone".
    mutating func learnSeparators(model: CatalogModel) {
        let toneNames = toneNameTable(model: model)
        var baseToTones: String?
        var betweenTones: String?
        for (index, entry) in model.entries.enumerated() {
            guard let base = entry.baseIndex, let name = names[index], let baseName = names[base] else { continue }
            let tones = SkinTone.normalized(entry.tones)
            guard let firstTone = toneNames[tones[0]], name.hasPrefix(baseName) else { continue }
            let rest = name.dropFirst(baseName.count)
            if tones.count == 1, baseToTones == nil, rest.hasSuffix(firstTone), rest.count > firstTone.count {
                baseToTones = String(rest.dropLast(firstTone.count))
            } else if tones.count == 2, let separator = baseToTones, betweenTones == nil,
                let secondTone = toneNames[tones[1]], rest.hasPrefix(separator + firstTone), rest.hasSuffix(secondTone)
            {
                let middle = rest.dropFirst(separator.count + firstTone.count).dropLast(secondTone.count)
                if !middle.isEmpty { betweenTones = String(middle) }
            }
            if baseToTones != nil && betweenTones != nil { break }
        }
        if let baseToTones {
            separators = Separators(baseToTones: baseToTones, betweenTones: betweenTones ?? ", ")
        }
    }

    func toneNameTable(model: CatalogModel) -> [SkinTone: String] {
        var table: [SkinTone: String] = [:]
        for tone in SkinTone.allCases {
            if let index = model.index(forKey: String(tone.modifier)), let name = names[index] { table[tone] = name }
        }
        return table
    }

    /// The table as Moji's reader rebuilds it: toned names and keywords that Moji derives
    /// from the base and the tone names are left out, unless the parent spells them out.
    func withoutDerivable(model: CatalogModel, separators: Separators, parentExplicit: LocaleTable?) -> LocaleTable {
        var table = self
        let toneNames = toneNameTable(model: model)
        for (index, entry) in model.entries.enumerated() {
            guard let base = entry.baseIndex else { continue }
            let names = SkinTone.normalized(entry.tones).compactMap { toneNames[$0] }
            guard names.count == SkinTone.normalized(entry.tones).count else { continue }
            if let name = self.names[index], let baseName = self.names[base], parentExplicit?.names[index] == nil,
                name
                    == LocalizedCatalog.derivedName(
                        base: baseName, toneNames: names,
                        separators: (separators.baseToTones, separators.betweenTones))
            {
                table.names[index] = nil
            }
            if let keywords = self.keywords[index], let baseKeywords = self.keywords[base],
                parentExplicit?.keywords[index] == nil
            {
                let derived = CatalogFormat.keywords(
                    inField: LocalizedCatalog.derivedKeywords(
                        base: baseKeywords.joined(separator: String(CatalogFormat.keywordSeparator)), toneNames: names))
                // Equal sets are not enough where CLDR repeats a base keyword (az 🧔‍♂️ has "kişi"
                // twice): the derived list would keep the repeat its toned forms lack.
                if derived.count == keywords.count && Set(derived) == Set(keywords) {
                    table.keywords[index] = nil
                }
            }
        }
        return table
    }

    /// What this table adds to or changes in `parent`.
    func differences(from parent: LocaleTable) -> LocaleTable {
        var diff = LocaleTable()
        diff.names = names.filter { parent.names[$0.key] != $0.value }
        diff.keywords = keywords.filter { parent.keywords[$0.key] != $0.value }
        diff.groupNames = groupNames.filter { parent.groupNames[$0.key] != $0.value }
        diff.subgroupNames = subgroupNames.filter { parent.subgroupNames[$0.key] != $0.value }
        diff.shortcodes = shortcodes.filter { parent.shortcodes[$0.key] != $0.value }
        diff.separators = separators == parent.separators ? nil : separators
        return diff
    }
}
