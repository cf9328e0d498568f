import Foundation

/// The Unicode emoji properties of code points (UTS #51, `emoji-data.txt`), as the catalog's
/// `properties.txt` lists them.
///
/// ```swift
/// let properties = EmojiProperties.bundled
/// properties.properties(of: "©")   // [.emoji, .extendedPictographic]: text by default
/// properties.properties(of: "😀")  // also .emojiPresentation
/// ```
public struct EmojiProperties: Sendable {
    /// A set of emoji properties.
    public struct Property: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `Emoji`: the character can be an emoji.
        public static let emoji = Property(rawValue: 1 << 0)
        /// `Emoji_Presentation`: shown as emoji by default, without U+FE0F.
        public static let emojiPresentation = Property(rawValue: 1 << 1)
        /// `Emoji_Modifier`: a skin tone, 🏻 … 🏿.
        public static let emojiModifier = Property(rawValue: 1 << 2)
        /// `Emoji_Modifier_Base`: takes a skin tone.
        public static let emojiModifierBase = Property(rawValue: 1 << 3)
        /// `Emoji_Component`: appears in emoji sequences (digits, regional indicators, tags, ZWJ…).
        public static let emojiComponent = Property(rawValue: 1 << 4)
        /// `Extended_Pictographic`: a pictograph, assigned or reserved for future emoji.
        public static let extendedPictographic = Property(rawValue: 1 << 5)

        /// The property with its `emoji-data.txt` name, e.g. `Emoji_Presentation`.
        public init?(name: String) {
            switch name {
            case "Emoji": self = .emoji
            case "Emoji_Presentation": self = .emojiPresentation
            case "Emoji_Modifier": self = .emojiModifier
            case "Emoji_Modifier_Base": self = .emojiModifierBase
            case "Emoji_Component": self = .emojiComponent
            case "Extended_Pictographic": self = .extendedPictographic
            default: return nil
            }
        }
    }

    /// The properties file of a catalog folder.
    public static let fileName = "properties.txt"
    /// The header kind of the properties file.
    public static let kind = "moji-properties"

    let table: ScalarTable<UInt8>
    let flags: [UInt32: UInt8]

    /// The properties of the bundled catalog (Unicode Emoji 17.0).
    ///
    /// As for ``EmojiCatalog/shared``, a bundled file that cannot be read is a broken
    /// installation and stops the process; read another catalog's file with
    /// ``init(contentsOf:)``, which throws.
    public static let bundled: EmojiProperties = {
        do {
            return try EmojiProperties(contentsOf: EmojiCatalog.bundledDirectory.appendingPathComponent(fileName))
        } catch {
            // Only the package's own files reach here, never a user's, a server's or the network's:
            // they ship with Moji and tests read all of them, so failing means a broken installation.
            fatalError(
                "Moji's bundled emoji properties cannot be read (a broken installation; "
                    + "reinstall the package): \(error)")
        }
    }()

    /// Reads a `properties.txt` written by `moji-data build`: a `moji-properties<TAB>1` header,
    /// then `r<TAB><Property><TAB><HEX>` or `<HEX>-<HEX>` records.
    public init(contentsOf url: URL) throws(CatalogError) {
        let reader = try CatalogFileReader(url: url)
        _ = try reader.header(expecting: Self.kind, version: CatalogFormat.version)
        var flags: [UInt32: UInt8] = [:]
        try reader.forEachRecord { record throws(CatalogError) in
            guard record.count == 3, record.kind == UInt8(ascii: "r"), let property = Property(name: record.string(1))
            else {
                throw reader.malformed(record.line, "expected 'r', a known property name and a code point range")
            }
            let range = record.string(2)
            let bounds = range.split(separator: "-").map { UInt32($0, radix: 16) }
            guard (1...2).contains(bounds.count), let low = bounds.first!, let high = bounds.last!, low <= high,
                high <= 0x10FFFF
            else { throw reader.malformed(record.line, "'\(range)' is not a code point range") }
            for value in low...high { flags[value, default: 0] |= property.rawValue }
        }
        self.flags = flags
        table = ScalarTable(flags)
    }

    /// The properties of a code point.
    public func properties(of scalar: Unicode.Scalar) -> Property {
        Property(rawValue: table[scalar.value])
    }

    /// Whether a code point has every property in `property`.
    public func scalar(_ scalar: Unicode.Scalar, has property: Property) -> Bool {
        properties(of: scalar).isSuperset(of: property)
    }
}

extension CatalogStorage {
    /// The catalog's emoji properties, read once: the bundled ones for the bundled catalog.
    /// A damaged file throws the same error each time, without reading it again.
    func emojiProperties() throws(CatalogError) -> EmojiProperties {
        if isBundled { return .bundled }
        return try loadState.properties { () throws(CatalogError) in
            try EmojiProperties(contentsOf: directory.appendingPathComponent(EmojiProperties.fileName))
        }
    }
}
