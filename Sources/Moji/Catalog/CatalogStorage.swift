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

    let characters: EmojiCharacters
    let subgroupIndices: [Int]
    let versions: [EmojiVersion]
    let isComponent: [Bool]
    /// The neutral base of each emoji (its own index when it has no tone).
    let baseIndices: [Int]
    /// The tones of each emoji per person, as the sequence carries them (empty when neutral).
    let tones: [[SkinTone]]
    /// ``variantKey(base:tones:)`` → the toned variant's index.
    let variants: IntegerTable
    /// For each neutral base: its toned variants in CLDR order (empty when it takes no tone).
    let variantLists: [[Int]]
    /// For each neutral base: how many people take a tone of their own (0 when none).
    let personCounts: [Int8]
    /// ``lookupHash(_:)`` of the FE0F-free code points → index; verified on lookup.
    private let lookup: IntegerTable
    /// The rare entries whose hash another entry already took.
    private let lookupOverflow: [String: Int]
    /// Indices of the fully-qualified emoji that are not components, in CLDR order.
    let emojiIndices: [Int]
    let componentIndices: [Int]
    /// The component index of each tone's modifier, for names, by the tone's raw value.
    private let toneComponents: [Int?]

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

        try reader.forEachRecord { record throws(CatalogError) in
            switch record.kind {
            case UInt8(ascii: "g"):
                guard record.count == 3 else { throw reader.malformed(record.line, "a group needs an identifier and a name") }
                groups.append(EmojiGroup(identifier: record.string(1), unicodeName: record.string(2), index: groups.count))
            case UInt8(ascii: "s"):
                guard record.count == 3, let group = record.int(2), groups.indices.contains(group) else {
                    throw reader.malformed(record.line, "a subgroup needs an identifier and a known group index")
                }
                subgroups.append(EmojiSubgroup(identifier: record.string(1), group: groups[group], index: subgroups.count))
            case UInt8(ascii: "l"):
                guard record.count == 3 else { throw reader.malformed(record.line, "a locale needs an identifier and a parent") }
                let parent = record.string(2)
                localeParents.append((record.string(1), parent == "-" ? nil : parent))
            default:
                throw reader.malformed(record.line, "unknown record kind '\(record.string(0))'")
            }
        }

        let table = try EmojiTableFile(
            url: directory.appendingPathComponent(EmojiTableFormat.fileName), subgroupCount: subgroups.count)
        let characters = table.characters
        let tones = table.tones
        let isComponent = table.isComponent
        let baseIndices = table.baseIndices

        var variants = IntegerTable(capacity: characters.count)
        var variantLists = [[Int]](repeating: [], count: characters.count)
        var personCounts = [Int8](repeating: 0, count: characters.count)
        var lookup = IntegerTable(capacity: characters.count)
        var lookupOverflow: [String: Int] = [:]
        var emojiIndices: [Int] = []
        var componentIndices: [Int] = []
        emojiIndices.reserveCapacity(characters.count)
        componentIndices.reserveCapacity(16)
        for index in characters.indices {
            if !lookup.insert(index, for: table.hashes[index]) {
                lookupOverflow[Self.lookupKey(characters[index])] = index
            }
            if isComponent[index] { componentIndices.append(index) } else { emojiIndices.append(index) }
            if !tones[index].isEmpty {
                let base = baseIndices[index]
                variants.insert(index, for: UInt64(Self.variantKey(base: base, tones: tones[index])))
                variantLists[base].append(index)
                personCounts[base] = max(personCounts[base], 1, Int8(tones[index].count))
            }
        }
        var toneComponents = [Int?](repeating: nil, count: SkinTone.allCases.count + 1)
        for tone in SkinTone.allCases {
            toneComponents[tone.rawValue] = lookup[Self.lookupHash(String(tone.modifier).unicodeScalars)]
        }

        self.groups = groups
        self.subgroups = subgroups
        self.localeParents = localeParents
        self.localeIdentifiers = Set(localeParents.map(\.0))
        self.characters = characters
        self.subgroupIndices = table.subgroupIndices
        self.versions = table.versions
        self.isComponent = isComponent
        self.baseIndices = baseIndices
        self.tones = tones
        self.variants = variants
        self.variantLists = variantLists
        self.personCounts = personCounts
        self.lookup = lookup
        self.lookupOverflow = lookupOverflow
        self.emojiIndices = emojiIndices
        self.componentIndices = componentIndices
        self.toneComponents = toneComponents
    }

    /// The index of the emoji spelled by `scalars`, ignoring emoji presentation selectors (FE0F).
    func index(of scalars: String.UnicodeScalarView) -> Int? {
        if let index = lookup[Self.lookupHash(scalars)], Self.equalIgnoringFE0F(characters[index].unicodeScalars, scalars) {
            return index
        }
        return lookupOverflow.isEmpty ? nil : lookupOverflow[Self.lookupKey(String(scalars))]
    }

    /// FNV-1a over the scalars other than FE0F. Hashing scalars is several times faster than
    /// hashing non-ASCII strings, which Swift normalizes first.
    static func lookupHash(_ scalars: String.UnicodeScalarView) -> UInt64 {
        var hash = hashSeed
        for scalar in scalars where scalar.value != 0xFE0F {
            hash = (hash ^ UInt64(scalar.value)) &* hashPrime
        }
        return hash
    }

    static let hashSeed: UInt64 = 0xcbf29ce484222325
    static let hashPrime: UInt64 = 0x100000001b3

    static func equalIgnoringFE0F(_ a: String.UnicodeScalarView, _ b: String.UnicodeScalarView) -> Bool {
        var left = a.makeIterator()
        var right = b.makeIterator()
        while true {
            var l = left.next()
            while l?.value == 0xFE0F { l = left.next() }
            var r = right.next()
            while r?.value == 0xFE0F { r = right.next() }
            if l != r { return false }
            if l == nil { return true }
        }
    }

    /// The string without emoji presentation selectors.
    static func lookupKey(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: { $0.value == 0xFE0F }) else { return string }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: string.unicodeScalars.lazy.filter { $0.value != 0xFE0F })
        return String(scalars)
    }

    /// The key of a toned variant: its base and its normalized tones as base-6 digits.
    static func variantKey(base: Int, tones: [SkinTone]) -> Int {
        // Tones 1–5 as base-6 digits stay below 6^4 = 1296 for up to four people; one tone
        // stands for everybody (see SkinTone.normalized), without making a normalized array.
        guard let first = tones.first else { return base << 12 }
        if tones.allSatisfy({ $0 == first }) { return base << 12 | first.rawValue }
        var code = 0
        for tone in tones.prefix(4) { code = code * 6 + tone.rawValue }
        return base << 12 | code
    }

    /// The toned variant of `base` with these tones, if Unicode lists it.
    func variant(of base: Int, tones: [SkinTone]) -> Int? {
        variants[UInt64(Self.variantKey(base: base, tones: tones))]
    }

    /// The index of the component for a tone's modifier (🏻 for `.light`).
    func componentIndex(of tone: SkinTone) -> Int? { toneComponents[tone.rawValue] }

    func parent(of locale: String) -> String? {
        localeParents.first(where: { $0.identifier == locale })?.parent
    }
}
