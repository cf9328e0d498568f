import Foundation

/// The loaded core of a catalog: flat arrays indexed by an emoji's position in CLDR order.
///
/// Immutable once built; the caches for shortcodes and locales fill lazily under a lock.
final class CatalogStorage: Sendable {
    let directory: URL
    let unicodeVersion: EmojiVersion
    let groups: [EmojiGroup]
    let subgroups: [EmojiSubgroup]
    /// Available locales with their parent, in file order.
    let localeParents: [(identifier: String, parent: String?)]
    let localeIdentifiers: Set<String>

    let characters: [String]
    let subgroupIndices: [Int]
    let versions: [EmojiVersion]
    let isComponent: [Bool]
    /// The neutral base of each emoji (its own index when it has no tone).
    let baseIndices: [Int]
    /// The tones of each emoji per person, as the sequence carries them (empty when neutral).
    let tones: [[SkinTone]]
    /// For each neutral base that takes tones: normalized tones → variant index.
    let variants: [Int: [[SkinTone]: Int]]
    /// For each neutral base that takes tones: how many people take a tone of their own.
    let personCounts: [Int: Int]
    /// FE0F-free code points → index.
    let lookup: [String: Int]
    /// Indices of the fully-qualified emoji that are not components, in CLDR order.
    let emojiIndices: [Int]
    let componentIndices: [Int]
    /// The component index of each tone's modifier, for names.
    let toneComponentIndices: [SkinTone: Int]

    let shortcodeTables = Locked<ShortcodeTables?>(nil)
    let localizations = Locked<[String: LocalizedCatalog]>([:])

    init(directory: URL) throws(CatalogError) {
        self.directory = directory
        let reader = try CatalogFileReader(url: directory.appendingPathComponent(CatalogFormat.coreFile))
        let header = try reader.header(expecting: CatalogFormat.coreKind, version: CatalogFormat.version)
        guard header.count >= 3, let version = EmojiVersion(header[2]) else {
            throw reader.malformed(1, "the header does not name the Unicode Emoji version")
        }
        unicodeVersion = version

        var groups: [EmojiGroup] = []
        var subgroups: [EmojiSubgroup] = []
        var localeParents: [(String, String?)] = []
        var characters: [String] = []
        var subgroupIndices: [Int] = []
        var versions: [EmojiVersion] = []
        var isComponent: [Bool] = []
        var baseIndices: [Int] = []
        var tones: [[SkinTone]] = []
        characters.reserveCapacity(4096)
        subgroupIndices.reserveCapacity(4096)
        versions.reserveCapacity(4096)
        isComponent.reserveCapacity(4096)
        baseIndices.reserveCapacity(4096)
        tones.reserveCapacity(4096)
        var versionCache: [Int: EmojiVersion] = [:]

        try reader.forEachRecord { fields, line throws(CatalogError) in
            guard let kind = fields[0].first, fields[0].count == 1 else {
                throw reader.malformed(line, "unknown record kind '\(CatalogFileReader.string(fields[0]))'")
            }
            switch kind {
            case UInt8(ascii: "e"), UInt8(ascii: "c"):
                guard fields.count == 4 || fields.count == 6,
                      let character = CatalogFileReader.emojiString(hex: fields[1]),
                      let subgroup = CatalogFileReader.int(fields[2]), subgroups.indices.contains(subgroup)
                else { throw reader.malformed(line, "expected hex code points, a known subgroup index and a version") }
                let versionKey = fields[3].reduce(0) { $0 &* 31 &+ Int($1) }
                let version: EmojiVersion
                if let cached = versionCache[versionKey] {
                    version = cached
                } else {
                    guard let parsed = EmojiVersion(CatalogFileReader.string(fields[3])) else {
                        throw reader.malformed(line, "'\(CatalogFileReader.string(fields[3]))' is not an Emoji version")
                    }
                    versionCache[versionKey] = parsed
                    version = parsed
                }
                let index = characters.count
                characters.append(character)
                subgroupIndices.append(subgroup)
                versions.append(version)
                isComponent.append(kind == UInt8(ascii: "c"))
                if fields.count == 6 {
                    guard let base = CatalogFileReader.int(fields[4]), base >= 0, base < index else {
                        throw reader.malformed(line, "the base of a toned emoji must be an earlier emoji")
                    }
                    var personTones: [SkinTone] = []
                    for digit in fields[5] {
                        guard let tone = SkinTone(rawValue: Int(digit) - 0x30) else {
                            throw reader.malformed(line, "tones must be digits 1 to 5")
                        }
                        personTones.append(tone)
                    }
                    baseIndices.append(base)
                    tones.append(personTones)
                } else {
                    baseIndices.append(index)
                    tones.append([])
                }
            case UInt8(ascii: "g"):
                guard fields.count == 3 else { throw reader.malformed(line, "a group needs an identifier and a name") }
                groups.append(EmojiGroup(
                    identifier: CatalogFileReader.string(fields[1]),
                    unicodeName: CatalogFileReader.string(fields[2]),
                    index: groups.count))
            case UInt8(ascii: "s"):
                guard fields.count == 3, let group = CatalogFileReader.int(fields[2]), groups.indices.contains(group) else {
                    throw reader.malformed(line, "a subgroup needs an identifier and a known group index")
                }
                subgroups.append(EmojiSubgroup(
                    identifier: CatalogFileReader.string(fields[1]), group: groups[group], index: subgroups.count))
            case UInt8(ascii: "l"):
                guard fields.count == 3 else { throw reader.malformed(line, "a locale needs an identifier and a parent") }
                let parent = CatalogFileReader.string(fields[2])
                localeParents.append((CatalogFileReader.string(fields[1]), parent == "-" ? nil : parent))
            default:
                throw reader.malformed(line, "unknown record kind '\(CatalogFileReader.string(fields[0]))'")
            }
        }

        var variants: [Int: [[SkinTone]: Int]] = [:]
        var personCounts: [Int: Int] = [:]
        var lookup: [String: Int] = [:]
        lookup.reserveCapacity(characters.count)
        var emojiIndices: [Int] = []
        var componentIndices: [Int] = []
        emojiIndices.reserveCapacity(characters.count)
        for index in characters.indices {
            lookup[Self.lookupKey(characters[index])] = index
            if isComponent[index] { componentIndices.append(index) } else { emojiIndices.append(index) }
            if !tones[index].isEmpty {
                let base = baseIndices[index]
                variants[base, default: [:]][SkinTone.normalized(tones[index])] = index
                personCounts[base] = max(personCounts[base] ?? 1, tones[index].count)
            }
        }
        var toneComponentIndices: [SkinTone: Int] = [:]
        for tone in SkinTone.allCases {
            if let index = lookup[String(tone.modifier)] { toneComponentIndices[tone] = index }
        }

        self.groups = groups
        self.subgroups = subgroups
        self.localeParents = localeParents
        self.localeIdentifiers = Set(localeParents.map(\.0))
        self.characters = characters
        self.subgroupIndices = subgroupIndices
        self.versions = versions
        self.isComponent = isComponent
        self.baseIndices = baseIndices
        self.tones = tones
        self.variants = variants
        self.personCounts = personCounts
        self.lookup = lookup
        self.emojiIndices = emojiIndices
        self.componentIndices = componentIndices
        self.toneComponentIndices = toneComponentIndices
    }

    /// The key for FE0F-insensitive lookup: the string without emoji presentation selectors.
    static func lookupKey(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: { $0.value == 0xFE0F }) else { return string }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: string.unicodeScalars.lazy.filter { $0.value != 0xFE0F })
        return String(scalars)
    }

    func parent(of locale: String) -> String? {
        localeParents.first(where: { $0.identifier == locale })?.parent
    }
}
