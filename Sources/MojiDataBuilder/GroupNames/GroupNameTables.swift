import Foundation

/// Group and subgroup names written and reviewed for Moji (`data/group-names` in the
/// repository), for the locales where CLDR has no label and emojibase's are machine translations.
///
/// One `<locale>.tsv` per catalog locale, one `identifier<TAB>name` a line, identifiers as the
/// catalog spells them (`food-drink`, `face-smiling`, `sky & weather`); blank lines and lines
/// starting with `#` are skipped. Any other line that does not fit stops the build.
struct GroupNameTables {
    /// Group names by locale, then by group index.
    private(set) var groupNames: [String: [Int: String]] = [:]
    /// Subgroup names by locale, then by subgroup index.
    private(set) var subgroupNames: [String: [Int: String]] = [:]

    /// An empty set of tables: the build then names groups from CLDR, emojibase and English.
    init() {}

    /// Reads every `.tsv` file in `folder`; each must be named after one of `locales`.
    init(folder: URL, model: CatalogModel, locales: Set<String>) throws(BuildError) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
            let names = try? manager.contentsOfDirectory(atPath: folder.path)
        else {
            throw .missingInput(path: folder.path)
        }
        let groups = Dictionary(uniqueKeysWithValues: model.groups.enumerated().map { ($1.identifier, $0) })
        let subgroups = Dictionary(uniqueKeysWithValues: model.subgroups.enumerated().map { ($1.identifier, $0) })
        for name in names.sorted() where name.hasSuffix(".tsv") {
            let url = folder.appendingPathComponent(name)
            let locale = String(name.dropLast(4))
            guard locales.contains(locale) else {
                throw .malformedInput(
                    path: url.path, line: 0,
                    reason: "'\(locale)' is not a locale of the catalog: name the file after one (ja.tsv, zh-Hant.tsv)")
            }
            var firstLine: [String: Int] = [:]
            let lines = try InputFile.text(url).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            for (offset, line) in lines.enumerated() {
                if line.isEmpty || line.hasPrefix("#") { continue }
                let number = offset + 1
                func fail(_ reason: String) -> BuildError {
                    .malformedInput(path: url.path, line: number, reason: reason)
                }
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 2 else { throw fail("expected 'identifier<TAB>name', found '\(line)'") }
                let identifier = String(fields[0])
                let text = String(fields[1])
                guard !text.isEmpty, text.trimmingCharacters(in: .whitespaces) == text else {
                    throw fail("the name of '\(identifier)' is empty or starts or ends with a space")
                }
                guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    throw fail("the name of '\(identifier)' holds a control character")
                }
                if let first = firstLine[identifier] {
                    throw fail("'\(identifier)' is named twice (first on line \(first))")
                }
                firstLine[identifier] = number
                if let index = groups[identifier] {
                    groupNames[locale, default: [:]][index] = text
                } else if let index = subgroups[identifier] {
                    subgroupNames[locale, default: [:]][index] = text
                } else {
                    throw fail(
                        "'\(identifier)' is neither a group nor a subgroup of emoji-test.txt "
                            + "(`moji list --groups` lists them)")
                }
            }
        }
    }

    /// The name of group `index` for the first locale of `chain` that has one.
    func groupName(_ index: Int, along chain: [String]) -> String? {
        chain.lazy.compactMap { groupNames[$0]?[index] }.first
    }

    /// The name of subgroup `index` for the first locale of `chain` that has one.
    func subgroupName(_ index: Int, along chain: [String]) -> String? {
        chain.lazy.compactMap { subgroupNames[$0]?[index] }.first
    }
}
