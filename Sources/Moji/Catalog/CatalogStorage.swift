import Foundation

/// The loaded core of a catalog: flat arrays indexed by an emoji's position in CLDR order.
///
/// Immutable once built; the caches for shortcodes and locales fill lazily under a lock.
final class CatalogStorage: Sendable {
    let directory: URL
    /// `directory` as a file path, to which file names are appended.
    let directoryPath: String
    let unicodeVersion: EmojiVersion
    let groups: [EmojiGroup]
    let subgroups: [EmojiSubgroup]
    /// Available locales with their parent, in file order.
    let localeParents: [(identifier: String, parent: String?)]

    let characters: EmojiCharacters
    let subgroupIndices: SubgroupIndices
    let versions: EmojiVersions
    let isComponent: ComponentFlags
    /// Whether gemoji gives each emoji search tags (search ranks those first among equals).
    let isTagged: TaggedFlags
    /// The neutral base of each emoji (its own index when it has no tone).
    let baseIndices: BaseIndices
    /// The tones of each emoji per person, as the sequence carries them (empty when neutral).
    let tones: EmojiTones
    /// ``variantKey(base:toneDigits:)`` → the toned variant's index.
    let variants: IntegerTable
    /// For each neutral base: its toned variants in CLDR order (empty when it takes no tone).
    let variantLists: VariantLists
    /// For each neutral base: how many people take a tone of their own (0 when none).
    let personCounts: [Int8]
    /// ``lookupHash(_:)`` of the FE0F-free code points → index; verified on lookup.
    private let lookup: IntegerTable
    /// The rare entries whose hash another entry already took.
    private let lookupOverflow: [String: Int]
    /// Indices of the fully-qualified emoji that are not components, in CLDR order.
    let emojiIndices: [Int]
    let componentIndices: [Int]

    /// Whether this is the folder bundled with Moji, which its tests verify: its files are read
    /// on first use only. Any other folder has what non-throwing accessors read checked when it
    /// opens (see ``verifyFilesReadOnFirstUse()``).
    let isBundled: Bool
    /// Whether files are read on first use only, as for the bundled catalog: true for the bundled
    /// catalog and for an installed update, which `moji data update` read in full before
    /// switching to it. Damage found later is recorded in ``loadState`` as for any catalog.
    let readsOnFirstUse: Bool
    let shortcodeTables = Locked<ShortcodeTables?>(nil)
    let localizations = Locked<[String: LocalizedCatalog]>([:])
    /// The emoji properties, damaged locales and every failure of files read on first use.
    let loadState = CatalogLoadState()
    /// What every search index of this catalog shares, made by the first search.
    let searchBase = Locked<CatalogSearchBase?>(nil)

    init(directory: URL, validated: Bool = false) throws(CatalogError) {
        self.directory = directory
        directoryPath = directory.path
        // The plain path first: standardizing costs more than the comparison saves.
        let bundled = EmojiCatalog.bundledPath
        isBundled = directory.path == bundled || directory.standardizedFileURL.path == bundled
        readsOnFirstUse = isBundled || validated
        let reader = try CatalogFileReader(path: directoryPath + "/" + CatalogFormat.coreFile)
        let header = try reader.header(expecting: CatalogFormat.coreKind, version: CatalogFormat.version)
        guard header.count >= 3, let version = EmojiVersion(header[2]) else {
            throw reader.malformed(1, "the header does not name the Unicode Emoji version")
        }
        unicodeVersion = version

        var groups: [EmojiGroup] = []
        var subgroups: [EmojiSubgroup] = []
        var localeParents: [(identifier: String, parent: String?)] = []

        try reader.forEachRecord { record throws(CatalogError) in
            switch record.kind {
            case UInt8(ascii: "g"):
                guard record.count == 3 else {
                    throw reader.malformed(record.line, "a group needs an identifier and a name")
                }
                groups.append(
                    EmojiGroup(identifier: record.string(1), unicodeName: record.string(2), index: groups.count))
            case UInt8(ascii: "s"):
                guard record.count == 3, let group = record.int(2), groups.indices.contains(group) else {
                    throw reader.malformed(record.line, "a subgroup needs an identifier and a known group index")
                }
                subgroups.append(
                    EmojiSubgroup(identifier: record.string(1), group: groups[group], index: subgroups.count))
            case UInt8(ascii: "l"):
                guard record.count == 3 else {
                    throw reader.malformed(record.line, "a locale needs an identifier and a parent")
                }
                let parent = record.string(2)
                localeParents.append((record.string(1), parent == "-" ? nil : parent))
            default:
                throw reader.malformed(record.line, "unknown record kind '\(record.string(0))'")
            }
        }

        let table = try EmojiTableFile(
            path: directoryPath + "/" + EmojiTableFormat.fileName, subgroupCount: subgroups.count)
        let count = table.characters.count

        let rows = table.rows
        let tones = EmojiTones(rows: rows)
        let variantLists = VariantLists(rows: rows)
        var variants = IntegerTable(capacity: variantLists.variantCount)
        var personCounts = [Int8](repeating: 0, count: count)
        var lookup = IntegerTable(capacity: count)
        var lookupOverflow: [String: Int] = [:]
        for index in 0..<count {
            if !lookup.insert(index, for: table.characters.withUTF8(at: index) { Self.lookupHash($0) }) {
                lookupOverflow[Self.lookupKey(table.characters[index])] = index
            }
            let digits = rows.toneDigits(index)
            if digits != 0 {
                let base = rows.baseIndex(index)
                variants.insert(index, for: Self.variantKey(base: base, toneDigits: digits))
                personCounts[base] = max(personCounts[base], Int8(EmojiTones.personCount(digits)))
            }
        }

        self.groups = groups
        self.subgroups = subgroups
        self.localeParents = localeParents
        let isComponent = ComponentFlags(rows: rows)
        self.characters = table.characters
        self.subgroupIndices = SubgroupIndices(rows: rows)
        self.versions = EmojiVersions(rows: rows)
        self.isComponent = isComponent
        self.isTagged = TaggedFlags(rows: rows)
        self.baseIndices = BaseIndices(rows: rows)
        self.tones = tones
        self.variants = variants
        self.variantLists = variantLists
        self.personCounts = personCounts
        self.lookup = lookup
        self.lookupOverflow = lookupOverflow
        self.emojiIndices = isComponent.indices.filter { !isComponent[$0] }
        self.componentIndices = isComponent.indices.filter { isComponent[$0] }
    }

    /// Reads what non-throwing accessors would otherwise read on first use (the shortcode
    /// tables, English names and keywords), so a damaged file throws when the catalog opens.
    func verifyFilesReadOnFirstUse() throws(CatalogError) {
        _ = try loadShortcodes()
        _ = try localized(available: "en")
    }

    /// Notes damage a file read on first use has, once.
    func recordLoadError(_ error: CatalogError) { loadState.record(error) }

    /// The index of the emoji spelled by `scalars`, ignoring emoji presentation selectors (FE0F).
    func index(of scalars: String.UnicodeScalarView) -> Int? {
        if let index = lookup[Self.lookupHash(scalars)],
            Self.equalIgnoringFE0F(characters[index].unicodeScalars, scalars)
        {
            return index
        }
        return lookupOverflow.isEmpty ? nil : lookupOverflow[Self.lookupKey(String(scalars))]
    }

    /// FNV-1a over the UTF-8 of the scalars other than FE0F. Hashing bytes is several times
    /// faster than hashing non-ASCII strings, which Swift normalizes first, and than decoding
    /// scalars, which loading the catalog would do for every emoji.
    static func lookupHash(_ scalars: String.UnicodeScalarView) -> UInt64 {
        let utf8 = String(scalars).utf8
        if let hash = utf8.withContiguousStorageIfAvailable(lookupHash) { return hash }
        return Array(utf8).withUnsafeBufferPointer(lookupHash)
    }

    /// The hash of a string from its UTF-8 bytes: FNV-1a over the bytes, skipping each FE0F
    /// (`EF B8 8F`, which in UTF-8 never stands for anything else).
    static func lookupHash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = hashSeed
        var position = 0
        let count = utf8.count
        while position < count {
            let byte = utf8[position]
            if byte == 0xEF && position + 2 < count && utf8[position + 1] == 0xB8 && utf8[position + 2] == 0x8F {
                position += 3
                continue
            }
            hash = (hash ^ UInt64(byte)) &* hashPrime
            position += 1
        }
        return hash
    }

    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325
    static let hashPrime: UInt64 = 0x100_0000_01b3

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

    /// The key of a toned variant: its base beside its tones as normalized decimal digits
    /// (one digit when everybody has the same tone, as ``SkinTone/normalized(_:)``).
    static func variantKey(base: Int, toneDigits: UInt32) -> UInt64 {
        UInt64(base) << 32 | UInt64(EmojiTones.normalized(toneDigits))
    }

    /// The toned variant of `base` with these tones, if Unicode lists it.
    func variant(of base: Int, tones: [SkinTone]) -> Int? {
        guard !tones.isEmpty, let digits = EmojiTones.digits(tones) else { return nil }
        return variants[Self.variantKey(base: base, toneDigits: digits)]
    }

    /// The index of the component for a tone's modifier (🏻 for `.light`).
    func componentIndex(of tone: SkinTone) -> Int? { index(of: String(tone.modifier).unicodeScalars) }

    /// Whether the catalog has a file for `locale`. A scan of some 170 short strings costs a
    /// fraction of hashing them all into a set when the catalog loads.
    func isAvailable(_ locale: String) -> Bool {
        localeParents.contains { $0.identifier == locale }
    }

    func parent(of locale: String) -> String? {
        localeParents.first(where: { $0.identifier == locale })?.parent
    }
}

/// The toned variants of each neutral base, in CLDR order, in one flat array:
/// `variantLists[base]` is `indices[starts[base]..<starts[base + 1]]`.
///
/// One array rather than an array per base, which took some 700 allocations and copies to load.
struct VariantLists: RandomAccessCollection, Sendable {
    /// Where each base's variants start in `indices`; one more entry marks the end.
    private let starts: [Int32]
    /// The variants, grouped by base.
    private let indices: [Int]

    /// Groups every toned emoji (non-zero tone digits) under its base, keeping CLDR order.
    init(rows: EmojiRows) {
        let count = rows.count
        // A counting sort by base, on buffers: first each base's count, then where each base
        // starts, then the variants in order, each base's start moving past what it filled.
        var starts = [Int32](repeating: 0, count: count + 1)
        indices = starts.withUnsafeMutableBufferPointer { starts in
            for index in 0..<count where rows.toneDigits(index) != 0 { starts[rows.baseIndex(index)] += 1 }
            var total: Int32 = 0
            for base in 0...count {
                let variants = starts[base]
                starts[base] = total
                total += variants
            }
            let indices = [Int](unsafeUninitializedCapacity: Int(total)) { indices, initialized in
                for index in 0..<count where rows.toneDigits(index) != 0 {
                    let base = rows.baseIndex(index)
                    indices[Int(starts[base])] = index
                    starts[base] += 1
                }
                initialized = Int(total)
            }
            // Each base's start now holds its end, which is where the next base starts.
            for base in stride(from: count, to: 0, by: -1) { starts[base] = starts[base - 1] }
            starts[0] = 0
            return indices
        }
        self.starts = starts
    }

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count - 1 }

    /// How many toned variants there are in all.
    var variantCount: Int { indices.count }

    /// The toned variants of `base`, empty when it takes no tone.
    subscript(base: Int) -> ArraySlice<Int> { indices[Int(starts[base])..<Int(starts[base + 1])] }
}
