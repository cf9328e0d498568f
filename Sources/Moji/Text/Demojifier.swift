/// Turns emoji into `:shortcodes:` of one preset; emoji without a code stay as they are.
///
/// ```swift
/// Demojifier(preset: .github).demojify("Ship it 🚢 🎉")   // "Ship it :ship: :tada:"
/// Demojifier(preset: .slack).demojify("👍🏼")              // ":+1::skin-tone-3:"
/// ```
///
/// Each emoji gets the first code of the preset that an ``Emojifier`` with the same preset turns
/// back into it, so `emojify(demojify(text)) == text` when every emoji of `text` is fully
/// qualified and `text` holds no `:code:` of its own. Otherwise the round trip normalises: a
/// minimally-qualified or unqualified emoji with a code comes back fully qualified (`👁‍🗨` →
/// `👁️‍🗨️`, `#⃣` → `#️⃣`), a U+FE0E after a sequence is dropped (`🇺🇸︎` → `🇺🇸`), and a
/// `:code:` in the text becomes its emoji. Emoji without a code stay as written.
/// With `.slack`, a toned emoji without a code of its own gets its base's code and a
/// `:skin-tone-N:` suffix.
public struct Demojifier: Sendable, UTF8StreamFilter {
    /// The scanner that finds the emoji (its text-presentation rule applies).
    public var scanner: EmojiScanner
    /// What to do with ill-formed UTF-8 in byte input.
    public var invalidUTF8: InvalidUTF8Handling = .replace
    /// `:code:` bytes of each catalog entry, concatenated; `codeStarts[i] ..< codeStarts[i + 1]`.
    private let codeBytes: [UInt8]
    private let codeStarts: [Int32]
    private var offset = 0

    /// A demojifier for the bundled catalog writing the codes of `preset`; `.cldr` uses
    /// `locale`'s CLDR shortcodes.
    public init(preset: ShortcodePreset = .github, locale: MojiLocale = .english, scanner: EmojiScanner? = nil) {
        let storage = EmojiCatalog.shared.storage
        self.init(
            preset: preset, storage: storage, scanner: scanner ?? .shared,
            emojifier: Emojifier(presets: [preset], locale: locale), presetCodes: storage.shortcodes,
            localCodes: preset == .cldr ? storage.localizedOrEnglish(locale).shortcodesByIndex : nil)
    }

    /// A demojifier for `catalog` writing the codes of `preset`; `.cldr` uses `locale`'s CLDR
    /// shortcodes. Without a `scanner`, one for `catalog` is made.
    ///
    /// - Throws: ``CatalogError`` naming the file when the catalog's emoji properties (for the
    ///   scanner) or, for `.cldr`, `locale`'s files are damaged.
    public init(
        preset: ShortcodePreset = .github, catalog: EmojiCatalog, locale: MojiLocale = .english,
        scanner: EmojiScanner? = nil
    ) throws(CatalogError) {
        let storage = catalog.storage
        let emojifier = try Emojifier(catalog: catalog, presets: [preset], locale: locale)
        let localCodes =
            preset == .cldr
            ? try storage.localized(available: storage.bestAvailableLocale(for: locale) ?? "en").shortcodesByIndex : nil
        let found: EmojiScanner
        if let scanner {
            found = scanner
        } else {
            // `??` would lose the error's type.
            found = storage === EmojiCatalog.shared.storage ? .shared : try EmojiScanner(catalog: catalog)
        }
        self.init(
            preset: preset, storage: storage, scanner: found, emojifier: emojifier,
            presetCodes: try storage.loadShortcodes(), localCodes: localCodes)
    }

    /// A demojifier with the catalog's tables read once (each access goes through the catalog's
    /// lock): `localCodes` are the CLDR shortcodes when `preset` is `.cldr`.
    private init(
        preset: ShortcodePreset, storage: CatalogStorage, scanner: EmojiScanner, emojifier: Emojifier,
        presetCodes: ShortcodeTables, localCodes: [Int: [String]]?
    ) {
        self.scanner = scanner
        func codes(of index: Int) -> [String] {
            localCodes.map { $0[index] ?? [] } ?? presetCodes.codes(of: index, in: preset)
        }
        func reversible(_ index: Int) -> String? {
            codes(of: index).first { emojifier.replacement(for: $0) == storage.characters[index] }
        }
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        for index in storage.characters.indices {
            if let code = reversible(index) {
                bytes += Array(":\(code):".utf8)
            } else if preset == .slack, case let tones = storage.tones[index], tones.count == 1,
                let base = reversible(storage.baseIndices[index])
            {
                bytes += Array(":\(base)::skin-tone-\(tones[0].rawValue + 1):".utf8)
            }
            starts.append(Int32(bytes.count))
        }
        codeBytes = bytes
        codeStarts = starts
    }

    /// The code this demojifier writes for `emoji`, with colons, or nil.
    public func shortcode(for emoji: Emoji) -> String? {
        let range = Int(codeStarts[emoji.index])..<Int(codeStarts[emoji.index + 1])
        return range.isEmpty ? nil : String(decoding: codeBytes[range], as: UTF8.self)
    }

    /// `text` with each emoji that has a code replaced by `:code:`.
    public func demojify(_ text: String) -> String {
        var copy = self
        copy.offset = 0
        return EmojiScanner.withUTF8(text) { buffer in
            var output: [UInt8] = []
            output.reserveCapacity(buffer.count + buffer.count / 4)
            _ = try? copy.run(buffer, isFinal: true, validated: true, into: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    public mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8])
        throws(InvalidUTF8Error) -> Int
    {
        try run(chunk, isFinal: isFinal, validated: false, into: &output)
    }

    private mutating func run(
        _ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, validated: Bool,
        into output: inout [UInt8]
    ) throws(InvalidUTF8Error) -> Int {
        guard let p = chunk.baseAddress else { return 0 }
        let writer = VerbatimWriter(invalidUTF8: invalidUTF8, isValidated: validated, base: offset)
        var copied = 0
        var position = 0
        let limit = Self.limit(of: chunk, isFinal: isFinal)
        let automaton = scanner.automaton
        let rule = scanner.textPresentation
        try codeBytes.withUnsafeBufferPointer { (codes) throws(InvalidUTF8Error) in
            while true {
                switch automaton.next(in: p, count: chunk.count, from: position, limit: limit, rule: rule) {
                case .match(let start, let end, let index, _):
                    position = end
                    guard index >= 0 else { continue }
                    let codeStart = Int(codeStarts[Int(index)])
                    let codeEnd = Int(codeStarts[Int(index) + 1])
                    guard codeEnd > codeStart else { continue }
                    try writer.append(p, copied..<start, count: chunk.count, to: &output)
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: codes[codeStart..<codeEnd]))
                    copied = end
                case .invalid(_, let end):
                    position = end  // the writer replaces or reports it when copying
                case .end(let end):
                    position = end
                    try writer.append(p, copied..<end, count: chunk.count, to: &output)
                    copied = end
                    return
                }
            }
        }
        offset += position
        return position
    }
}
