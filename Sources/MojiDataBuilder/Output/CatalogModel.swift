import Moji

/// The emoji list the builder derives from emoji-test.txt, before it is written.
struct CatalogModel {
    struct Entry {
        var test: EmojiTestEntry
        var subgroupIndex: Int
        /// The neutral base of a toned entry; nil for an untoned one.
        var baseIndex: Int?
        var isComponent: Bool { test.qualification == .component }
        var tones: [SkinTone] { test.tones }
    }

    var version: EmojiVersion
    var groups: [(identifier: String, name: String)] = []
    var subgroups: [(identifier: String, group: Int)] = []
    var entries: [Entry] = []
    /// FE0F-free code points → entry index.
    var lookup: [String: Int] = [:]
    var statusCounts: [EmojiQualification: Int]
    var otherForms = 0

    /// emojibase's group key for a Unicode group name: "Smileys & Emotion" → "smileys-emotion".
    static func groupIdentifier(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
    }

    static func lookupKey(_ scalars: [Unicode.Scalar]) -> String {
        String(String.UnicodeScalarView(scalars.filter { $0.value != 0xFE0F }))
    }

    func index(forKey key: String) -> Int? {
        lookup[Self.lookupKey(Array(key.unicodeScalars))]
    }

    init(test: EmojiTestFile, path: String) throws(BuildError) {
        version = test.version!
        statusCounts = test.statusCounts
        var groupIndex: [String: Int] = [:]
        var subgroupIndex: [String: Int] = [:]
        var untonedByName: [String: Int] = [:]
        for line in test.entries {
            let key = Self.lookupKey(line.scalars)
            guard line.qualification == .fullyQualified || line.qualification == .component else {
                guard lookup[key] != nil else {
                    throw .inconsistentData(
                        "\(path):\(line.line): the \(line.qualification.rawValue) form of '\(line.name)' has no fully-qualified form before it"
                    )
                }
                otherForms += 1
                continue
            }
            guard lookup[key] == nil else {
                throw .inconsistentData("\(path):\(line.line): '\(line.name)' is listed twice once FE0F is ignored")
            }
            if groupIndex[line.group] == nil {
                groupIndex[line.group] = groups.count
                groups.append((Self.groupIdentifier(line.group), line.group))
            }
            if subgroupIndex[line.subgroup] == nil {
                subgroupIndex[line.subgroup] = subgroups.count
                subgroups.append((line.subgroup, groupIndex[line.group]!))
            }
            var entry = Entry(test: line, subgroupIndex: subgroupIndex[line.subgroup]!, baseIndex: nil)
            if line.qualification == .fullyQualified && !line.tones.isEmpty {
                entry.baseIndex = try baseIndex(of: line, untonedByName: untonedByName, path: path)
            } else if line.qualification == .fullyQualified {
                untonedByName[line.name] = entries.count
            }
            lookup[key] = entries.count
            entries.append(entry)
        }
        try checkToneCombinations()
    }

    /// The neutral base of a toned sequence: the sequence without its modifiers when that is an
    /// emoji (👯🏻‍♂️ → 👯‍♂️), else the emoji named like it without the tones (🧑🏻‍🐰‍🧑🏼,
    /// "people with bunny ears: light skin tone, medium-light skin tone" → 👯), else the name
    /// before the colon ("kiss: person, person, …" → 💏).
    private func baseIndex(of line: EmojiTestEntry, untonedByName: [String: Int], path: String) throws(BuildError)
        -> Int
    {
        let stripped = Self.lookupKey(line.scalars.filter { SkinTone(modifier: $0) == nil })
        if let index = lookup[stripped], entries[index].baseIndex == nil, !entries[index].isComponent { return index }
        let toneNames: Set<String> = [
            "light skin tone", "medium-light skin tone", "medium skin tone",
            "medium-dark skin tone", "dark skin tone",
        ]
        if let colon = line.name.range(of: ": ") {
            let head = String(line.name[..<colon.lowerBound])
            let qualifiers = line.name[colon.upperBound...].components(separatedBy: ", ").filter {
                !toneNames.contains($0)
            }
            let withoutTones = qualifiers.isEmpty ? head : head + ": " + qualifiers.joined(separator: ", ")
            if let index = untonedByName[withoutTones] ?? untonedByName[head] { return index }
        }
        throw .inconsistentData("\(path):\(line.line): no neutral emoji found for the toned sequence '\(line.name)'")
    }

    /// Two toned forms of one base must not claim the same tones.
    private func checkToneCombinations() throws(BuildError) {
        var seen: [Int: [[SkinTone]: Int]] = [:]
        for (index, entry) in entries.enumerated() {
            guard let base = entry.baseIndex else { continue }
            let tones = SkinTone.normalized(entry.tones)
            if let other = seen[base]?[tones] {
                throw .inconsistentData("'\(entry.test.name)' and '\(entries[other].test.name)' have the same tones")
            }
            seen[base, default: [:]][tones] = index
        }
    }
}
