import Foundation
import Moji

/// One locale ready to write: its parent among the written locales and what differs from it.
struct BuiltLocale {
    var identifier: String
    var parent: String?
    var file: LocaleTable
}

/// Resolves CLDR annotations, emojibase messages, CLDR shortcodes and group names for every locale.
struct LocaleBuilder {
    var source: URL
    var model: CatalogModel
    /// The reviewed group-name tables (`data/group-names`), nil for none.
    var groupNamesFolder: URL?

    private var cldr: URL { source.appendingPathComponent("cldr-\(CatalogBuilder.cldrVersion)") }
    private var emojibase: URL { source.appendingPathComponent("emojibase-17") }

    func build() throws(BuildError) -> [BuiltLocale] {
        let identifiers = try annotationLocales()
        let available = Set(identifiers)
        let emojibaseFolders = emojibaseLocaleFolders(available: available)
        var reviewed = GroupNameTables()
        if let groupNamesFolder {
            reviewed = try GroupNameTables(folder: groupNamesFolder, model: model, locales: available)
        }
        func parent(of identifier: String) -> String? {
            LocaleInheritance.chain(from: identifier).dropFirst().first(where: available.contains)
        }
        func depth(_ identifier: String) -> Int {
            var depth = 0
            var current = parent(of: identifier)
            while let next = current {
                depth += 1
                current = parent(of: next)
            }
            return depth
        }
        // Parents before children, English before all so others can inherit its separators.
        let order = identifiers.sorted { (depth($0), $0 == "en" ? 0 : 1, $0) < (depth($1), $1 == "en" ? 0 : 1, $1) }

        var resolved: [String: LocaleTable] = [:]
        var explicit: [String: LocaleTable] = [:]
        var labelsCache: [String: [String: String]] = [:]
        var built: [BuiltLocale] = []
        for identifier in order {
            let parentIdentifier = parent(of: identifier)
            var own = try annotations(of: identifier)
            if let folder = emojibaseFolders[identifier] { try addEmojibase(folder, to: &own) }
            var table = own.inheriting(from: parentIdentifier.flatMap { resolved[$0] } ?? LocaleTable())
            if identifier == "en" { fillEnglish(&table) }
            table.keepFirstUseOfEachShortcode()
            try addGroupNames(for: identifier, reviewed: reviewed, to: &table, cache: &labelsCache)
            var learned = table
            learned.learnSeparators(model: model)
            table.separators = learned.separators ?? table.separators
            resolved[identifier] = table

            let separators =
                table.separators ?? resolved["en"]?.separators
                ?? LocaleTable.Separators(baseToTones: ": ", betweenTones: ", ")
            let parentExplicit = parentIdentifier.flatMap { explicit[$0] }
            let reduced = table.withoutDerivable(model: model, separators: separators, parentExplicit: parentExplicit)
            explicit[identifier] = reduced
            var file = reduced.differences(from: parentExplicit ?? LocaleTable())
            // A top-level locale always states its separators, so Moji need not read English for them.
            let parentSeparators = parentIdentifier.flatMap { resolved[$0]?.separators ?? resolved["en"]?.separators }
            file.separators = separators == parentSeparators ? nil : separators
            built.append(BuiltLocale(identifier: identifier, parent: parentIdentifier, file: file))
        }
        return built.sorted { $0.identifier < $1.identifier }
    }

    /// Every locale with an annotations or annotationsDerived file, except root.
    private func annotationLocales() throws(BuildError) -> [String] {
        var identifiers = Set<String>()
        for folder in ["annotations", "annotationsDerived"] {
            let path = cldr.appendingPathComponent(folder).path
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw .missingInput(path: path)
            }
            for name in names where name.hasSuffix(".json") { identifiers.insert(String(name.dropLast(5))) }
        }
        identifiers.remove("und")
        guard identifiers.contains("en") else {
            throw .missingInput(path: cldr.appendingPathComponent("annotations/en.json").path)
        }
        return identifiers.sorted()
    }

    private func annotations(of identifier: String) throws(BuildError) -> LocaleTable {
        var table = LocaleTable()
        for folder in ["annotations", "annotationsDerived"] {
            let url = cldr.appendingPathComponent(folder).appendingPathComponent("\(identifier).json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            for (key, annotation) in try CLDRAnnotationsFile(url: url).annotations {
                guard let index = model.index(forKey: key) else { continue }
                if let name = annotation.tts?.first {
                    try check(name, in: url)
                    table.names[index] = name
                }
                if let keywords = annotation.default {
                    for keyword in keywords { try check(keyword, in: url) }
                    table.keywords[index] = keywords.filter { !$0.isEmpty }
                }
            }
        }
        return table
    }

    /// Our files separate fields with tabs and keywords with `|`; CLDR strings must not hold them.
    /// Checked by scalar: a `|` or newline can hide in a grapheme cluster with the mark after it.
    private func check(_ text: String, in url: URL) throws(BuildError) {
        if text.unicodeScalars.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "|" }) {
            throw .malformedInput(path: url.path, line: 0, reason: "'\(text)' contains a tab, newline or '|'")
        }
    }

    /// English must name every emoji: where CLDR has no entry, emoji-test.txt's name serves.
    private func fillEnglish(_ table: inout LocaleTable) {
        for (index, entry) in model.entries.enumerated() {
            if table.names[index] == nil && entry.baseIndex == nil { table.names[index] = entry.test.name }
        }
        for (index, group) in model.groups.enumerated() { table.groupNames[index] = group.name }
    }

    /// emojibase folder (`zh-hant`, `nb`) for each locale it covers.
    private func emojibaseLocaleFolders(available: Set<String>) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: emojibase.path)) ?? []
        var folders: [String: String] = [:]
        for name in names.sorted() {
            var identifier = MojiLocale(name).identifier
            if identifier == "nb" { identifier = "no" }  // CLDR keeps Norwegian Bokmål under `no`
            if available.contains(identifier) { folders[identifier] = name }
        }
        return folders
    }

    private func addEmojibase(_ folder: String, to table: inout LocaleTable) throws(BuildError) {
        let base = emojibase.appendingPathComponent(folder)
        let messagesURL = base.appendingPathComponent("messages.json")
        if FileManager.default.fileExists(atPath: messagesURL.path) {
            let messages = try InputFile.decode(EmojibaseMessagesFile.self, from: messagesURL)
            for message in messages.groups {
                if let index = model.groups.firstIndex(where: { $0.identifier == message.key }) {
                    table.groupNames[index] = message.message
                }
            }
            for message in messages.subgroups {
                if let index = model.subgroups.firstIndex(where: { Self.emojibaseKey($0.identifier) == message.key }) {
                    table.subgroupNames[index] = message.message
                }
            }
        }
        for preset in ["cldr", "cldr-native"] {
            let url = base.appendingPathComponent("shortcodes/\(preset).json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let file = try EmojibaseShortcodesFile(url: url)
            for key in file.shortcodes.keys.sorted() {
                guard let string = Hexcode.string(from: key), let index = model.index(forKey: string) else { continue }
                for code in file.shortcodes[key]! where !(table.shortcodes[index] ?? []).contains(code) {
                    try check(code, in: url)
                    table.shortcodes[index, default: []].append(code)
                }
            }
        }
    }

    /// emojibase's key for a subgroup: emoji-test.txt's `sky & weather` is its `sky-weather`.
    static func emojibaseKey(_ subgroup: String) -> String {
        subgroup.replacingOccurrences(of: " & ", with: "-")
    }

    /// Group and subgroup names, best first. Groups: CLDR's label for the group, our reviewed
    /// table, emojibase's message (already in `table`, with what the parent chose), CLDR's nearest
    /// label, and English when Moji reads the catalog. Subgroups: our table, emojibase, English.
    /// Each source follows the locale's chain (zh-Hant-HK reads zh-Hant's).
    ///
    /// English keeps Unicode's group names: its CLDR labels are singular character-picker labels
    /// ("animal or nature"), not section titles.
    private func addGroupNames(
        for identifier: String, reviewed: GroupNameTables, to table: inout LocaleTable,
        cache: inout [String: [String: String]]
    ) throws(BuildError) {
        let chain = LocaleInheritance.chain(from: identifier)
        let labels = chain.contains("en") ? [] : try characterLabels(along: chain, cache: &cache)
        func label(_ key: String?) -> String? {
            guard let key else { return nil }
            return labels.lazy.compactMap { $0[key] }.first
        }
        for (index, group) in model.groups.enumerated() {
            if let name = label(CLDRCharacterLabelsFile.groupLabelKeys[group.identifier])
                ?? reviewed.groupName(index, along: chain)
            {
                table.groupNames[index] = name
            } else if table.groupNames[index] == nil,
                let name = label(CLDRCharacterLabelsFile.nearestGroupLabelKeys[group.identifier])
            {
                table.groupNames[index] = name
            }
        }
        for index in model.subgroups.indices {
            if let name = reviewed.subgroupName(index, along: chain) { table.subgroupNames[index] = name }
        }
    }

    /// The characterLabels of each locale of `chain` that has a file, without the labels that
    /// are root's: CLDR's JSON files are resolved, so a locale that translates none of them
    /// (ceb, lb, …) repeats root's English ("animal or nature").
    private func characterLabels(along chain: [String], cache: inout [String: [String: String]])
        throws(BuildError) -> [[String: String]]
    {
        func read(_ locale: String) throws(BuildError) -> [String: String]? {
            if let labels = cache[locale] { return labels }
            let url = cldr.appendingPathComponent("characterLabels/\(locale).json")
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            let labels = try CLDRCharacterLabelsFile(url: url).labels
            cache[locale] = labels
            return labels
        }
        let root = try read("und") ?? [:]
        var found: [[String: String]] = []
        for locale in chain {
            if let labels = try read(locale) { found.append(labels.filter { root[$0.key] != $0.value }) }
        }
        return found
    }
}
