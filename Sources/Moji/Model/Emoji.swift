/// One emoji of the catalog: a fully-qualified RGI sequence or a component, in CLDR order.
///
/// An `Emoji` is a small value (a position in its catalog); its properties read the catalog.
///
/// ```swift
/// let pair = EmojiCatalog.shared.emoji(for: "🧑‍🤝‍🧑")!
/// pair.personCount                          // 2
/// pair.withSkinTones([.light, .dark])       // 🧑🏻‍🤝‍🧑🏿
/// pair.name(in: "ja")                       // "手をつなぐ2人"
/// ```
///
/// ## Topics
///
/// ### The sequence
///
/// - ``character``
/// - ``codePoints``
/// - ``hexcode``
/// - ``index``
/// - ``isComponent``
/// - ``qualification``
///
/// ### Where it belongs
///
/// - ``group``
/// - ``subgroup``
/// - ``version``
///
/// ### Names and codes
///
/// - ``name(in:)``
/// - ``keywords(in:)``
/// - ``shortcodes(_:)``
/// - ``emoticons``
///
/// ### Skin tones
///
/// - ``supportsSkinTones``
/// - ``personCount``
/// - ``skinTones``
/// - ``hasSkinTones``
/// - ``neutral``
/// - ``skinToneVariants``
/// - ``withSkinTones(_:)``
/// - ``withSkinTone(_:)``
public struct Emoji: Sendable, Hashable, Identifiable, CustomStringConvertible {
    let storage: CatalogStorage
    /// The position in CLDR order (emoji-test.txt order) within the catalog, from 0.
    public let index: Int

    init(storage: CatalogStorage, index: Int) {
        self.storage = storage
        self.index = index
    }

    /// The fully-qualified string, e.g. "❤️".
    public var character: String { storage.characters[index] }
    /// The code points.
    public var codePoints: [Unicode.Scalar] { Array(character.unicodeScalars) }
    /// The code points in uppercase hex joined by dashes, e.g. `2764-FE0F`.
    public var hexcode: String { Hexcode.from(character) }
    /// The subgroup, e.g. `face-smiling`.
    public var subgroup: EmojiSubgroup { storage.subgroups[storage.subgroupIndices[index]] }
    /// The group, e.g. `smileys-emotion`.
    public var group: EmojiGroup { subgroup.group }
    /// The Emoji version that introduced this sequence.
    public var version: EmojiVersion { storage.versions[index] }
    /// Whether this is a component (a skin tone or hair modifier) rather than an emoji to pick.
    public var isComponent: Bool { storage.isComponent[index] }
    /// `.fullyQualified`, or `.component` for components.
    public var qualification: EmojiQualification { isComponent ? .component : .fullyQualified }

    /// The tones this sequence carries, one per person in order (🧑🏻‍🤝‍🧑🏿 → `[.light, .dark]`,
    /// 👋🏽 → `[.medium]`); empty for a neutral emoji.
    public var skinTones: [SkinTone] { storage.tones[index] }
    /// Whether this sequence carries a skin tone.
    public var hasSkinTones: Bool { !storage.tones.isNeutral(index) }
    /// The neutral emoji this one is a toned form of, or itself (🧑🏻‍🤝‍🧑🏿 → 🧑‍🤝‍🧑).
    public var neutral: Emoji { Emoji(storage: storage, index: storage.baseIndices[index]) }
    /// Whether Unicode lists toned forms of this emoji's neutral base.
    public var supportsSkinTones: Bool { storage.personCounts[storage.baseIndices[index]] > 0 }
    /// How many people take a tone of their own: 0 when no tone applies, 1 for 👋, 2 for 🧑‍🤝‍🧑.
    public var personCount: Int { Int(storage.personCounts[storage.baseIndices[index]]) }

    /// Every toned form of this emoji's neutral base, in CLDR order.
    public var skinToneVariants: [Emoji] {
        storage.variantLists[storage.baseIndices[index]].map { Emoji(storage: storage, index: $0) }
    }

    /// The RGI sequence with these tones, one per person (or one for everybody); nil when
    /// Unicode lists no such sequence. An empty list gives the neutral emoji.
    ///
    /// ```swift
    /// handshake.withSkinTones([.light, .dark])  // 🫱🏻‍🫲🏿
    /// handshake.withSkinTones([.light])         // 🤝🏻
    /// ```
    public func withSkinTones(_ tones: [SkinTone]) -> Emoji? {
        let base = storage.baseIndices[index]
        if tones.isEmpty { return Emoji(storage: storage, index: base) }
        guard let variant = storage.variant(of: base, tones: tones) else { return nil }
        return Emoji(storage: storage, index: variant)
    }

    /// The RGI sequence with one tone for everybody, or nil.
    public func withSkinTone(_ tone: SkinTone) -> Emoji? { withSkinTones([tone]) }

    /// The CLDR name in `locale` (English by default), falling back per entry to English.
    ///
    /// An unknown locale, or one whose files are damaged, gives English; the damage is in
    /// ``EmojiCatalog/loadErrors``. Use ``EmojiCatalog/localized(_:)`` to have it thrown.
    public func name(in locale: MojiLocale = .english) -> String {
        storage.localizedOrEnglish(locale).name(of: self)
    }

    /// The CLDR keywords in `locale` (English by default); English as ``name(in:)`` for an
    /// unknown or damaged locale.
    public func keywords(in locale: MojiLocale = .english) -> [String] {
        storage.localizedOrEnglish(locale).keywords(of: self)
    }

    /// The shortcodes of a preset, without colons (🎉 → `["tada"]` in `.github`).
    /// `.cldr` gives the English CLDR shortcodes; use ``LocalizedCatalog/shortcodes(of:)`` for others.
    public func shortcodes(_ preset: ShortcodePreset) -> [String] {
        if preset == .cldr { return storage.localizedOrEnglish(.english).shortcodes(of: self) }
        return storage.shortcodes.codes(of: index, in: preset)
    }

    /// The emoticons that stand for this emoji (🙂 → `[":)"]`).
    public var emoticons: [String] { storage.shortcodes.emoticons(of: index) }

    public var id: Int { index }
    public var description: String { character }

    public static func == (lhs: Emoji, rhs: Emoji) -> Bool {
        lhs.index == rhs.index && lhs.storage === rhs.storage
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(index) }
}
