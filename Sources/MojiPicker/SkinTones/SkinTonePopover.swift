import Moji

/// The skin-tone chooser of one emoji, open over its cell: the five tones for a single-person
/// emoji (👋), one row of five tones per person for a multi-person one (🧑‍🤝‍🧑, as on iOS).
///
/// Each row has a chosen tone; the focus is on one row. Only RGI sequences come out: a
/// combination Unicode does not list has no ``result`` and cannot be picked, and neither can one
/// newer than the picker's ``PickerConfiguration/maximumVersion`` (🤝's tones are Emoji 14.0).
///
/// ```swift
/// picker.handle(.altEnter)                 // on 🧑‍🤝‍🧑
/// picker.popover?.rowCount                 // 2
/// picker.handle(.right); picker.handle(.down); picker.handle(.end)
/// picker.popover?.result?.character        // "🧑🏼‍🤝‍🧑🏿"
/// ```
public struct SkinTonePopover: Sendable, Hashable {
    /// The neutral emoji whose tones are chosen.
    public let emoji: Emoji
    /// The cell the popover belongs to.
    public internal(set) var anchor: PickerPosition
    /// The tone chosen in each row (one row per person, or one row for everybody).
    public private(set) var tones: [SkinTone]
    /// The row with the focus.
    public private(set) var focusedRow: Int
    /// The newest Emoji version an option may have (what the screen draws); nil for all.
    public let maximumVersion: EmojiVersion?

    /// The tones of each row, in order.
    public static let options: [SkinTone] = SkinTone.allCases

    /// A popover for `emoji` with `preferred` tones chosen (one tone, or one per person); the
    /// lightest tone where there is no preference. Options newer than `maximumVersion` cannot
    /// be picked.
    public init(emoji: Emoji, anchor: PickerPosition, preferred: [SkinTone], maximumVersion: EmojiVersion? = nil) {
        let base = emoji.neutral
        self.emoji = base
        self.anchor = anchor
        self.maximumVersion = maximumVersion
        let rows = Self.rowCount(of: base, maximumVersion: maximumVersion)
        var tones = preferred.isEmpty ? [SkinTone.light] : preferred
        if tones.count != rows { tones = Array(repeating: tones[0], count: rows) }
        self.tones = tones
        focusedRow = 0
    }

    /// One row per person when Unicode lists sequences with a different tone per person (up to
    /// `maximumVersion`), else one.
    static func rowCount(of emoji: Emoji, maximumVersion: EmojiVersion? = nil) -> Int {
        let people = emoji.personCount
        guard people > 1,
            emoji.skinToneVariants.contains(where: { variant in
                Set(variant.skinTones).count > 1 && maximumVersion.map { variant.version <= $0 } ?? true
            })
        else { return 1 }
        return people
    }

    /// Whether any tone of `emoji` is no newer than `maximumVersion`: a popover with nothing to
    /// pick does not open.
    static func hasOptions(_ emoji: Emoji, maximumVersion: EmojiVersion?) -> Bool {
        guard let maximumVersion else { return emoji.supportsSkinTones }
        return emoji.neutral.skinToneVariants.contains { $0.version <= maximumVersion }
    }

    /// `toned` when the screen draws it.
    private func drawable(_ toned: Emoji?) -> Emoji? {
        guard let toned, maximumVersion.map({ toned.version <= $0 }) ?? true else { return nil }
        return toned
    }

    /// The number of rows: 1, or one per person.
    public var rowCount: Int { tones.count }

    /// The RGI sequence of the chosen tones, or nil when Unicode lists none.
    public var result: Emoji? { drawable(emoji.withSkinTones(SkinTone.normalized(tones))) }

    /// The sequence with `tone` in `row` and the other rows as chosen: what an option shows.
    public func option(_ tone: SkinTone, inRow row: Int) -> Emoji? {
        var tones = tones
        tones[row] = tone
        return drawable(emoji.withSkinTones(SkinTone.normalized(tones)))
    }

    /// The position of the focus: the focused row and the column of its chosen tone.
    public var focus: (row: Int, column: Int) { (focusedRow, tones[focusedRow].rawValue - 1) }

    // MARK: Moving

    mutating func move(columns offset: Int) {
        let column = min(max(focus.column + offset, 0), Self.options.count - 1)
        tones[focusedRow] = Self.options[column]
    }

    mutating func move(rows offset: Int) {
        focusedRow = min(max(focusedRow + offset, 0), rowCount - 1)
    }

    /// Tab order: the tones of the first row, then of the next, wrapping around.
    mutating func advance(_ step: Int) {
        let count = Self.options.count
        let total = count * rowCount
        let next = ((focusedRow * count + focus.column + step) % total + total) % total
        focusedRow = next / count
        tones[focusedRow] = Self.options[next % count]
    }

    mutating func moveToEdge(last: Bool) {
        tones[focusedRow] = last ? Self.options[Self.options.count - 1] : Self.options[0]
    }
}
