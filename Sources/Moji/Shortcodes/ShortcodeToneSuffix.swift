/// The `_tone1` … `_tone5` suffix of a shortcode (`thumbsup_tone3`), which names the toned form
/// of the emoji the code before it names.
///
/// Presets disagree on some bases and only some presets spell out toned codes: GitHub's
/// `point_up` is ☝️ and emojibase's is 👆, and only emojibase has `point_up_tone1`. Looked up
/// directly over several presets, `:point_up_tone1:` would be 👆🏻 beside `:point_up:` ☝️; read
/// through its base, it is ☝🏻, whatever presets are combined.
enum ShortcodeToneSuffix {
    /// The code before the suffix and the tone it names; nil when `code` has no such suffix.
    static func split(_ code: String) -> (base: String, tone: SkinTone)? {
        let utf8 = code.utf8
        let suffix = "_tone".utf8
        guard utf8.count > suffix.count + 1, let digit = utf8.last, digit >= UInt8(ascii: "1"),
            let tone = SkinTone(rawValue: Int(digit - UInt8(ascii: "0"))),
            utf8.dropLast().suffix(suffix.count).elementsEqual(suffix)
        else { return nil }
        return (String(decoding: utf8.dropLast(suffix.count + 1), as: UTF8.self), tone)
    }

    /// The emoji index `code` stands for when `lookup` resolves codes: for a `_toneN` code, the
    /// toned form of what its base code resolves to, where Unicode has that form; otherwise
    /// `lookup(code)`. A base without toned forms (GitHub's `kiss` is 💋) leaves the code its own.
    static func resolve(_ code: String, in storage: CatalogStorage, lookup: (String) -> Int?) -> Int? {
        if let (base, tone) = split(code), let baseIndex = lookup(base),
            let toned = storage.variant(of: storage.baseIndices[baseIndex], tones: [tone])
        {
            return toned
        }
        return lookup(code)
    }
}
