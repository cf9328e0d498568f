import Foundation

/// Folds text for search so that what a person types matches what the catalog says:
/// case, diacritics (é → e), full-width and half-width forms (Ａ → a, ｶﾞ → が) and
/// katakana → hiragana, and splits it into words.
///
/// ```swift
/// TextFolding.words("Crème BRÛLÉE")   // ["creme", "brulee"] (as scalars)
/// TextFolding.words("サムズアップ")     // ["さむずあっぷ"]
/// ```
///
/// Folding works scalar by scalar from tables, without Foundation in the common path, so an
/// index of thousands of strings folds in a few milliseconds.
package enum TextFolding {
    /// The longest query, in scalars, that search reads; the rest is ignored.
    static let maximumQueryScalars = 256
    /// The most words of a query that search matches; the rest are ignored.
    static let maximumQueryWords = 16

    /// The folded words of `text`: letters, marks and digits, split at everything else.
    static func words(_ text: String, maximumScalars: Int = .max) -> [[UInt32]] {
        markedWords(text, maximumScalars: maximumScalars).map(\.scalars)
    }

    /// ``words(_:maximumScalars:)``, each with whether it was written with a mark that folding
    /// took off (``carriesMark(_:)``).
    static func markedWords(_ text: String, maximumScalars: Int = .max) -> [(scalars: [UInt32], hasMark: Bool)] {
        var words: [(scalars: [UInt32], hasMark: Bool)] = []
        var current: [UInt32] = []
        var hasMark = false
        var seen = 0
        for scalar in text.unicodeScalars {
            seen += 1
            if seen > maximumScalars { break }
            if isWordCharacter(scalar) {
                append(scalar, to: &current)
                if !hasMark, scalar.value >= 0xC0 { hasMark = carriesMark(scalar) }
            } else if !current.isEmpty {
                words.append((current, hasMark))
                current = []
                hasMark = false
            }
        }
        if !current.isEmpty { words.append((current, hasMark)) }
        return words
    }

    /// Whether folding takes more than the case off `scalar`: a diacritic (é, ö, ñ, ё, or a
    /// combining accent) or a letter spelled out (ß, æ, ø). Someone who types such a letter means
    /// it ("läc" is "lächeln", not "lachen"; "año" is not "ano"), so search ranks words that have
    /// one before words that match only once folded (``RankKey/missingMarkPenalty``). Kana,
    /// full-width forms and case alone do not count.
    static func carriesMark(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0xC0 else { return false }
        if isCombiningDiacritic(value) { return true }
        // ς and ſ are only other forms of σ and s.
        guard value < 0x2000, value != 0x3C2, value != 0x17F, let folded = LatinFolding.table[value] else {
            return false
        }
        return !scalar.properties.lowercaseMapping.unicodeScalars.map(\.value).elementsEqual(folded)
    }

    /// Calls `body` with each scalar of `text`, decoding UTF-8 directly (faster than
    /// `unicodeScalars` for the thousands of short strings of an index).
    @inline(__always)
    static func forEachScalar(_ text: String, maximumScalars: Int = .max, _ body: (UInt32) -> Void) {
        var text = text
        text.withUTF8 { UTF8Codec.forEachScalar(in: $0, maximumScalars: maximumScalars, body) }
    }

    /// The folded words of `text` with where each is in `text`, for highlighting.
    static func wordRanges(_ text: String) -> [(range: Range<String.Index>, word: [UInt32])] {
        var result: [(range: Range<String.Index>, word: [UInt32])] = []
        var current: [UInt32] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if isWordCharacter(scalar) {
                if current.isEmpty { start = index }
                append(scalar, to: &current)
            } else if !current.isEmpty {
                result.append((start..<index, current))
                current = []
            }
            index = scalars.index(after: index)
        }
        if !current.isEmpty { result.append((start..<scalars.endIndex, current)) }
        return result
    }

    /// The folded text with its punctuation kept and runs of white space made one space, for
    /// exact matches of emoticons, shortcodes (`+1`) and names with symbols (`keycap: #`).
    static func rawKey(_ text: String, maximumScalars: Int = .max) -> [UInt32] {
        var key: [UInt32] = []
        rawKey(text, into: &key, maximumScalars: maximumScalars)
        return key
    }

    /// ``rawKey(_:maximumScalars:)`` into a buffer.
    static func rawKey(_ text: String, into key: inout [UInt32], maximumScalars: Int = .max) {
        var output: [UInt32] = []
        swap(&output, &key)
        output.removeAll(keepingCapacity: true)
        var pendingSpace = false
        forEachScalar(text, maximumScalars: maximumScalars) { value in
            if value == 0xFE0F || value == 0xFE0E { return }
            if isSpaceOrControl(value) {
                pendingSpace = !output.isEmpty
                return
            }
            if pendingSpace {
                output.append(0x20)
                pendingSpace = false
            }
            if value < 0x80 {
                output.append((0x41...0x5A).contains(value) ? value + 0x20 : value)
            } else if let scalar = Unicode.Scalar(value) {
                append(scalar, to: &output)
            }
        }
        swap(&output, &key)
    }

    /// White space, control characters and U+FFFD (what invalid input decodes to).
    static func isSpaceOrControl(_ value: UInt32) -> Bool {
        switch value {
        case 0...0x20, 0x7F...0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFFFD:
            return true
        default:
            return false
        }
    }

    /// Whether a scalar belongs to a word: a letter, mark or digit.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
        }
        if value < 0x2000 { return LatinFolding.table.isWordCharacter(value) }
        switch value {
        case 0x3041...0x3096, 0x3099...0x309C, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7A3, 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A, 0xFF66...0xFF9F:
            return true
        case 0x3000...0x3040, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65:
            return false
        default:
            break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            // Half-width voiced sound marks (ﾞ ﾟ) and ゛ ゜ are symbols but belong to the kana before them.
            return value == 0xFF9E || value == 0xFF9F || value == 0x309B || value == 0x309C
        }
    }

    /// Whether a folded scalar is written without spaces between words (Han, kana, Hangul, Thai,
    /// Lao, Khmer, Myanmar, Tibetan), so that search matches it inside words too.
    static func isUnspacedScript(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E00...0x0EFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x17FF,
            0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0xAC00...0xD7AF:
            return true
        default:
            return isHan(value)
        }
    }

    /// Whether a scalar is a Han character (a kanji, a hanzi).
    static func isHan(_ value: UInt32) -> Bool {
        switch value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: true
        default: false
        }
    }

    /// Appends the folded form of one scalar.
    static func append(_ scalar: Unicode.Scalar, to output: inout [UInt32]) {
        let value = scalar.value
        if value < 0x80 {
            output.append((0x41...0x5A).contains(value) ? value + 0x20 : value)
            return
        }
        switch value {
        case 0xFF01...0xFF5E:  // full-width ASCII
            append(Unicode.Scalar(value - 0xFEE0)!, to: &output)
        case 0xFF61...0xFF9F:  // half-width katakana and punctuation
            appendKana(halfWidthKatakana[Int(value - 0xFF61)], to: &output)
        case 0x3099, 0x309A, 0x309B, 0x309C:
            appendKana(value, to: &output)
        case 0x30A1...0x30F6:  // katakana → hiragana
            output.append(value - 0x60)
        case 0x30FD, 0x30FE:  // ヽ ヾ → ゝ ゞ
            output.append(value - 0x60)
        case 0x3000:
            output.append(0x20)
        default:
            if let mapped = LatinFolding.table[value] {
                output.append(contentsOf: mapped)
            } else if isCombiningDiacritic(value) {
                return
            } else if value < 0x2000 {
                output.append(value)
            } else if hasCase(value), scalar.properties.changesWhenLowercased {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars where !isCombiningDiacritic(lower.value)
                {
                    output.append(lower.value)
                }
            } else {
                output.append(value)
            }
        }
    }

    /// Whether a scalar at or above U+2000 may have a lowercase form (letterlike symbols, Roman
    /// numerals, circled letters, Glagolitic, Coptic, Cyrillic and Latin extensions, Deseret …).
    private static func hasCase(_ value: UInt32) -> Bool {
        switch value {
        case 0x2100...0x24FF, 0x2C00...0x2DFF, 0xA640...0xA7FF, 0xAB70...0xABBF, 0x10400...0x1E9FF:
            return true
        default:
            return false
        }
    }

    /// Appends a kana from the half-width table, composing voiced sound marks with the kana before.
    private static func appendKana(_ value: UInt32, to output: inout [UInt32]) {
        let voiced = value == 0x3099 || value == 0x309B || value == 0xFF9E
        let semiVoiced = value == 0x309A || value == 0x309C || value == 0xFF9F
        guard voiced || semiVoiced else {
            output.append((0x30A1...0x30F6).contains(value) ? value - 0x60 : value)
            return
        }
        guard let last = output.last else { return }
        switch last {
        case 0x304B...0x3062 where last % 2 == 1 && voiced,  // か … ぢ (odd code points take ゛)
            0x3064...0x3069 where last % 2 == 0 && voiced:  // つ て と
            output[output.count - 1] = last + 1
        case 0x306F...0x307D where (last - 0x306F) % 3 == 0:  // は ひ ふ へ ほ
            output[output.count - 1] = last + (voiced ? 1 : 2)
        case 0x3046 where voiced:  // う → ゔ
            output[output.count - 1] = 0x3094
        default:
            break
        }
    }

    /// Combining marks that are diacritics of Latin, Greek, Cyrillic, Hebrew and Arabic, which
    /// search ignores; the vowel signs of Indic and South-East Asian scripts are kept.
    package static func isCombiningDiacritic(_ value: UInt32) -> Bool {
        switch value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
            0x0591...0x05C7, 0x064B...0x065F, 0x0670:
            return true
        default:
            return false
        }
    }

    /// U+FF61 … U+FF9F as full-width katakana and punctuation (ﾞ and ﾟ stay marks to compose).
    private static let halfWidthKatakana: [UInt32] = [
        0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3,
        0x30E5, 0x30E7, 0x30C3, 0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF,
        0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8,
        0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF,
        0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF,
        0x30F3, 0xFF9E, 0xFF9F,
    ]
}
