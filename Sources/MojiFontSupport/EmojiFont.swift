import Moji

#if canImport(CFontconfig)
    import CFontconfig
#endif

/// The font that draws emoji on this system, as fontconfig chooses it, and which code points it
/// covers: what a Linux front end can show without empty boxes.
///
/// ```swift
/// if let font = EmojiFont.system() {
///     font.family                                  // "Noto Color Emoji"
///     font.newestCoveredVersion(in: .shared)       // 15.0 with Debian's fonts-noto-color-emoji 2.042
/// }
/// ```
///
/// fontconfig is asked for the `emoji` family (the generic name every distribution's
/// configuration maps to its emoji font). A font it offers only as a fallback, one without
/// 😀 (U+1F600), is no emoji font: then there is no answer, and a front end shows everything
/// rather than guess. Only on Linux; elsewhere ``system()`` is nil.
public struct EmojiFont: Sendable, Hashable {
    /// The font's family name, e.g. `Noto Color Emoji`.
    public let family: String
    /// The font file.
    public let file: String
    /// Whether the font draws in color (fontconfig's `color`).
    public let isColor: Bool
    /// The code points the font has glyphs for.
    public let codePoints: Set<UInt32>

    /// A font described by hand (for tests, or a font found another way).
    public init(family: String, file: String, isColor: Bool, codePoints: Set<UInt32>) {
        self.family = family
        self.file = file
        self.isColor = isColor
        self.codePoints = codePoints
    }

    /// Whether the font has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { codePoints.contains(scalar.value) }

    /// The newest Emoji version whose new single code points the font all covers, with every
    /// older version's: nil when it misses one of the oldest. Versions that brought only
    /// sequences (15.1) cannot be judged by a font's code points and are passed over.
    public func newestCoveredVersion(in catalog: EmojiCatalog) -> EmojiVersion? {
        var newest: EmojiVersion?
        for (version, scalars) in Self.newSingleCodePoints(in: catalog) {
            guard scalars.allSatisfy(covers) else { break }
            newest = version
        }
        return newest
    }

    /// For each Emoji version, oldest first, the code points of the emoji it brought that are one
    /// code point (an emoji-presentation selector aside); versions with none are left out.
    public static func newSingleCodePoints(in catalog: EmojiCatalog) -> [(EmojiVersion, [Unicode.Scalar])] {
        var byVersion: [EmojiVersion: [Unicode.Scalar]] = [:]
        for emoji in catalog.emojis {
            let scalars = emoji.character.unicodeScalars.filter { $0.value != 0xFE0F }
            guard scalars.count == 1, let scalar = scalars.first else { continue }
            byVersion[emoji.version, default: []].append(scalar)
        }
        return byVersion.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The system's emoji font as fontconfig chooses it for the `emoji` family; nil when there is
    /// none (no font with 😀), or no fontconfig.
    ///
    /// fontconfig reads its configuration once per process, from `FONTCONFIG_FILE` when set.
    public static func system() -> EmojiFont? {
        #if canImport(CFontconfig)
            guard let pattern = FcNameParse("emoji") else { return nil }
            defer { FcPatternDestroy(pattern) }
            guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(match, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                FcCharSetHasChar(charset, 0x1F600) != 0
            else { return nil }
            return EmojiFont(
                family: string(FC_FAMILY, in: match) ?? "", file: string(FC_FILE, in: match) ?? "",
                isColor: bool(FC_COLOR, in: match), codePoints: codePoints(of: charset))
        #else
            return nil
        #endif
    }

    #if canImport(CFontconfig)
        private static func string(_ key: String, in pattern: OpaquePointer) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }

        private static func bool(_ key: String, in pattern: OpaquePointer) -> Bool {
            var value: FcBool = 0
            return FcPatternGetBool(pattern, key, 0, &value) == FcResultMatch && value != 0
        }

        /// Every code point of a charset, read a page (256 code points, as a bitmap) at a time.
        private static func codePoints(of charset: OpaquePointer) -> Set<UInt32> {
            var result = Set<UInt32>()
            let words = 256 / 32  // FC_CHARSET_MAP_SIZE
            var map = [FcChar32](repeating: 0, count: words)
            var next: FcChar32 = 0
            let done = FcChar32.max  // FC_CHARSET_DONE
            var base = FcCharSetFirstPage(charset, &map, &next)
            while base != done {
                for (word, bits) in map.enumerated() where bits != 0 {
                    for bit in 0..<32 where bits & (1 << bit) != 0 {
                        result.insert(base + FcChar32(word * 32 + bit))
                    }
                }
                base = FcCharSetNextPage(charset, &map, &next)
            }
            return result
        }
    #endif
}
