/// Turns `:shortcodes:` into emoji, with any presets, a locale's CLDR shortcodes and custom codes.
///
/// ```swift
/// var emojifier = Emojifier(presets: [.github, .slack])
/// emojifier.emojify("Ship it :shipit: :tada: :thumbsup::skin-tone-3:")   // "Ship it :shipit: 🎉 👍🏼"
/// emojifier.register("shipit", as: "🐿️")
/// emojifier.emojify(":shipit:")                                          // "🐿️"
/// ```
///
/// A code gives the fully-qualified emoji, so ``Demojifier`` then `Emojifier` turns each
/// minimally-qualified or unqualified emoji with a code into its fully-qualified form; see
/// ``Demojifier`` for when the round trip gives back the text exactly.
///
/// Unknown codes stay as they are. A Slack skin-tone suffix (`:wave::skin-tone-4:`) gives the
/// toned emoji when Unicode has it. Emoticons (`:)` → 🙂) convert only when asked, only as words
/// of their own (so never inside a URL such as `http://x/:)`) and never inside Markdown code
/// (code spans between backticks, which end at the end of their line, and fenced blocks).
public struct Emojifier: Sendable, UTF8StreamFilter {
    private let storage: CatalogStorage
    private var codes = ByteKeyTable()
    private var emoticons = ByteKeyTable()
    private var customReplacements: [[UInt8]] = []
    /// Whether emoticons such as `:)` and `<3` become emoji.
    public var convertsEmoticons: Bool
    /// What to do with ill-formed UTF-8 in byte input.
    public var invalidUTF8: InvalidUTF8Handling = .replace
    /// Whether the text around the conversions is escaped for HTML (`&`, `<`, `>`, `"`, `'`), so
    /// the output is a fragment a page can show as it is; replacements are written as registered
    /// (a custom emoji's `<img>` from ``CustomEmoji/htmlImage(source:)``). Off by default.
    public var escapesHTML = false
    private var state = StreamState()

    /// The longest code known, in bytes; longer preset or custom codes are left out.
    public static let maximumCodeLength = 200

    /// An emojifier for the bundled catalog that knows the codes of `presets`, trying them in
    /// order. `.cldr` means the CLDR shortcodes of `locale` (English by default; English too
    /// for a locale the catalog lacks).
    public init(
        presets: [ShortcodePreset] = ShortcodePreset.allCases, locale: MojiLocale = .english,
        convertsEmoticons: Bool = false
    ) {
        let storage = EmojiCatalog.shared.storage
        let localized = presets.contains(.cldr) ? storage.localizedOrEnglish(locale) : nil
        self.init(
            storage: storage, presets: presets, convertsEmoticons: convertsEmoticons,
            shortcodes: storage.shortcodes, localized: localized)
    }

    /// An emojifier for `catalog` that knows the codes of `presets`, trying them in order.
    /// `.cldr` means the CLDR shortcodes of `locale` (English by default; English too for a
    /// locale the catalog lacks).
    ///
    /// - Throws: ``CatalogError`` naming the file when `.cldr` is asked for and `locale`'s files
    ///   are damaged (never English instead).
    public init(
        catalog: EmojiCatalog, presets: [ShortcodePreset] = ShortcodePreset.allCases,
        locale: MojiLocale = .english, convertsEmoticons: Bool = false
    ) throws(CatalogError) {
        let storage = catalog.storage
        let localized =
            presets.contains(.cldr)
            ? try storage.localized(available: storage.bestAvailableLocale(for: locale) ?? "en") : nil
        self.init(
            storage: storage, presets: presets, convertsEmoticons: convertsEmoticons,
            shortcodes: try storage.loadShortcodes(), localized: localized)
    }

    /// An emojifier for the catalog of `storage` with its tables read: `localized` holds the CLDR
    /// shortcodes when `presets` asks for them.
    private init(
        storage: CatalogStorage, presets: [ShortcodePreset], convertsEmoticons: Bool,
        shortcodes table: ShortcodeTables, localized: LocalizedCatalog?
    ) {
        self.storage = storage
        self.convertsEmoticons = convertsEmoticons
        var tonedCodes: [String] = []
        for preset in presets {
            if preset == .cldr, let localized {
                let shortcodes = localized.shortcodesByIndex
                for index in shortcodes.keys.sorted() {
                    for code in shortcodes[index]! where code.utf8.count <= Self.maximumCodeLength {
                        codes.insert(Array(code.utf8), value: Int32(index))
                        if ShortcodeToneSuffix.split(code) != nil { tonedCodes.append(code) }
                    }
                }
            } else {
                for (index, list) in (table.indexToCodes[preset] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    for code in list
                    where table.index(forCode: code, in: preset) == index && code.utf8.count <= Self.maximumCodeLength {
                        codes.insert(Array(code.utf8), value: Int32(index))
                        if ShortcodeToneSuffix.split(code) != nil { tonedCodes.append(code) }
                    }
                }
            }
        }
        // A `_toneN` code follows its base code as the presets resolve it, like the catalog's lookup.
        let resolved = tonedCodes.map { code in
            ShortcodeToneSuffix.resolve(code, in: storage) { codes.value(for: $0).map(Int.init) }
        }
        for (code, index) in zip(tonedCodes, resolved) {
            if let index { codes.insert(Array(code.utf8), value: Int32(index), replacing: true) }
        }
        for index in table.indexToEmoticons.keys.sorted() {
            for emoticon in table.emoticons(of: index) { emoticons.insert(Array(emoticon.utf8), value: Int32(index)) }
        }
    }

    /// Makes `:code:` stand for `replacement` (an emoji, or any text such as a custom emoji's
    /// markup), ahead of every preset. The code is given with or without colons; it must not
    /// contain colons or whitespace.
    public mutating func register(_ code: String, as replacement: String) {
        let bare = ShortcodePreset.bare(code)
        guard !bare.isEmpty, bare.utf8.count <= Self.maximumCodeLength,
            !bare.contains(where: { $0 == ":" || $0.isWhitespace })
        else { return }
        customReplacements.append(Array(replacement.utf8))
        codes.insert(Array(bare.utf8), value: -Int32(customReplacements.count), replacing: true)
    }

    /// The emoji or replacement for one code, with or without colons, or nil.
    public func replacement(for code: String) -> String? {
        guard let value = codes.value(for: ShortcodePreset.bare(code)) else { return nil }
        return value >= 0
            ? storage.characters[Int(value)] : String(decoding: customReplacements[Int(-value) - 1], as: UTF8.self)
    }

    /// `text` with every known `:code:` (and, when enabled, emoticon) replaced by its emoji.
    public func emojify(_ text: String) -> String {
        var copy = self
        copy.state = StreamState()
        copy.invalidUTF8 = .replace
        return EmojiScanner.withUTF8(text) { buffer in
            var output: [UInt8] = []
            output.reserveCapacity(buffer.count)
            copy.run(buffer, isFinal: true, validated: true, into: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8])
        throws(InvalidUTF8Error) -> Int
    {
        try runChecked(chunk, isFinal: isFinal, into: &output)
    }

    // MARK: Machinery

    /// What carries over from one chunk to the next.
    private struct StreamState: Sendable {
        var offset = 0
        var previousByte: UInt8 = 0x0A
        var codeFence = 0
    }

    private mutating func run(
        _ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, validated: Bool, into output: inout [UInt8]
    ) {
        // Valid input cannot fail.
        _ = try? runChecked(chunk, isFinal: isFinal, validated: validated, into: &output)
    }

    private mutating func runChecked(
        _ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, validated: Bool = false,
        into output: inout [UInt8]
    ) throws(InvalidUTF8Error) -> Int {
        guard let p = chunk.baseAddress else { return 0 }
        let n = chunk.count
        let limit = Self.limit(of: chunk, isFinal: isFinal)
        let writer = VerbatimWriter(
            invalidUTF8: invalidUTF8, isValidated: validated, base: state.offset, escapesHTML: escapesHTML)
        let longest = codes.maximumKeyLength
        var copied = 0
        var i = 0
        while i < limit {
            let byte = p[i]
            if byte == 0x3A, longest > 0 {
                var j = i + 1
                let end = min(n, i + longest + 2)
                while j < end && p[j] != 0x3A && !Self.isSpace(p[j]) { j += 1 }
                if j < n, p[j] == 0x3A, j > i + 1, let value = codes.value(at: p + i + 1, count: j - i - 1) {
                    var resumed = j + 1
                    var index = value
                    if value >= 0, let (tone, after) = Self.slackTone(p, resumed, n),
                        let toned = Emoji(storage: storage, index: Int(value)).withSkinTone(tone)
                    {
                        index = Int32(toned.index)
                        resumed = after
                    }
                    try writer.append(p, copied..<i, count: n, to: &output)
                    if index >= 0 {
                        output.append(contentsOf: storage.characters[Int(index)].utf8)
                    } else {
                        output.append(contentsOf: customReplacements[Int(-index) - 1])
                    }
                    copied = resumed
                    i = resumed
                    state.previousByte = p[i - 1]
                    continue
                }
            }
            if convertsEmoticons {
                if byte == 0x60 {
                    i = trackCodeFence(p, i, n)
                    continue
                }
                if byte == 0x0A && state.codeFence < 3 { state.codeFence = 0 }
                if state.codeFence == 0, Self.isSpace(state.previousByte) || i == 0 && state.offset == 0,
                    let (index, end) = emoticon(p, i, n, isFinal: isFinal)
                {
                    try writer.append(p, copied..<i, count: n, to: &output)
                    output.append(contentsOf: storage.characters[Int(index)].utf8)
                    copied = end
                    i = end
                    state.previousByte = p[i - 1]
                    continue
                }
            }
            state.previousByte = byte
            i += 1
        }
        // Stop on a scalar boundary so a chunk never ends inside a character.
        var stop = i
        if stop == limit && !isFinal { stop = Self.scalarBoundary(atOrBefore: stop, after: copied, in: p, count: n) }
        try writer.append(p, copied..<stop, count: n, to: &output)
        if stop > 0 { state.previousByte = p[stop - 1] }
        state.offset += stop
        return stop
    }

    /// The last position at or before `position` where a scalar (or an ill-formed subpart) starts,
    /// as decoding from `floor` (itself such a position) would find it.
    private static func scalarBoundary(
        atOrBefore position: Int, after floor: Int, in p: UnsafePointer<UInt8>, count n: Int
    ) -> Int {
        // Any byte that is not a continuation byte starts something: decoding never swallows it.
        var start = position
        while start > floor && p[start] & 0xC0 == 0x80 { start -= 1 }
        var boundary = start
        while boundary < position {
            let length = p[boundary] < 0x80 ? 1 : UTF8Codec.scalar(at: boundary, in: p, count: n).length
            if boundary + length > position { break }
            boundary += length
        }
        return boundary
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// A `:skin-tone-N:` (N = 2…6) right after a code: the tone and where the suffix ends.
    private static func slackTone(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> (SkinTone, Int)? {
        let prefix: StaticString = ":skin-tone-"
        let length = prefix.utf8CodeUnitCount
        guard start + length + 2 <= n else { return nil }
        for offset in 0..<length where p[start + offset] != prefix.utf8Start[offset] { return nil }
        let digit = p[start + length]
        guard digit >= 0x32 && digit <= 0x36, p[start + length + 1] == 0x3A,
            let tone = SkinTone(rawValue: Int(digit) - 0x31)
        else { return nil }
        return (tone, start + length + 2)
    }

    /// Follows a run of backticks: opens or closes a code span or fence; returns where the run ends.
    private mutating func trackCodeFence(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int {
        var end = start
        while end < n && p[end] == 0x60 { end += 1 }
        let run = end - start
        if state.codeFence == 0 { state.codeFence = run } else if state.codeFence == run { state.codeFence = 0 }
        state.previousByte = 0x60
        return end
    }

    /// The longest emoticon at `start` that ends a word, as a catalog index and its end.
    private func emoticon(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, isFinal: Bool) -> (Int32, Int)? {
        var length = min(emoticons.maximumKeyLength, n - start)
        while length >= 2 {
            let end = start + length
            if let index = emoticons.value(at: p + start, count: length) {
                if end == n ? isFinal : Self.endsWord(p[end]) { return (index, end) }
            }
            length -= 1
        }
        return nil
    }

    @inline(__always)
    private static func endsWord(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == 0x2E || byte == 0x2C || byte == 0x21 || byte == 0x3F || byte == 0x3B
    }
}
