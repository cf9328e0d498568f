/// One posting of a term in a ``TermTable``: an entry that has the term, and where: a
/// ``SearchSegment/WordField`` in a words table, a ``SearchSegment/PhraseKind`` in a phrases
/// table. Packed in 32 bits, as segment files store it:
///
/// ```
///  31                         8 7          0
/// ┌────────────────────────────┬────────────┐
/// │ entry                      │ field/kind │
/// └────────────────────────────┴────────────┘
/// ```
///
/// In a words table the low byte is the field (bits 0–1), ``markedWordFlag`` (bit 2) and
/// ``wholeNameFlag`` (bit 3).
struct Posting: RawRepresentable, Hashable, Sendable {
    var rawValue: UInt32

    @inline(__always)
    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A posting of `entry` with the field or kind code `field`.
    @inline(__always)
    init(entry: Int, field: UInt8) { rawValue = UInt32(truncatingIfNeeded: entry) << 8 | UInt32(field) }

    /// A words table's posting: `entry` has the word in `field`.
    init(entry: Int, field: SearchSegment.WordField) { self.init(entry: entry, field: field.rawValue) }

    /// This words table's posting with `flag` (``wholeNameFlag`` or ``markedWordFlag``) set
    /// when `isSet`.
    @inline(__always)
    func flagged(_ flag: UInt8, if isSet: Bool) -> Posting {
        Posting(rawValue: isSet ? rawValue | UInt32(flag) : rawValue)
    }

    /// The bit of a words table's posting whose word is the whole of the entry's name (a name of
    /// one word: `croissant` for 🥐, not for 🌙 "croissant de lune").
    static let wholeNameFlag: UInt8 = 0x8

    /// Whether a words table's posting's word is the whole of the entry's name.
    @inline(__always)
    var isWholeName: Bool { rawValue & UInt32(Self.wholeNameFlag) != 0 }

    /// The bit of a words table's posting whose word was written with a mark that folding took
    /// off (``TextFolding/carriesMark(_:)``): `lächeln` under its term `lacheln`.
    static let markedWordFlag: UInt8 = 0x4

    /// A phrases table's posting: `entry` has the phrase as a `kind`.
    init(entry: Int, kind: SearchSegment.PhraseKind) { self.init(entry: entry, field: kind.rawValue) }

    /// The entry: a catalog index, or a custom emoji's number after the catalog's entries.
    @inline(__always)
    var entry: Int { Int(rawValue >> 8) }

    /// The field or kind code, the low byte.
    @inline(__always)
    var field: UInt8 { UInt8(truncatingIfNeeded: rawValue) }

    /// A words table's field code (0, 1 or 2, ``SearchSegment/WordField``), as a shift-friendly
    /// integer for the matcher's hot loop.
    @inline(__always)
    var wordFieldCode: UInt32 { rawValue & 0x3 }

    /// Whether a words table's posting is of a name's word.
    @inline(__always)
    var isName: Bool { wordFieldCode == UInt32(SearchSegment.WordField.name.rawValue) }

    /// Whether a words table's posting's word was written with a mark that folding took off.
    @inline(__always)
    var wordHasMark: Bool { rawValue & UInt32(Self.markedWordFlag) != 0 }

    /// A phrases table's kind; nil for a code this version does not know.
    var phraseKind: SearchSegment.PhraseKind? { SearchSegment.PhraseKind(rawValue: field) }
}
