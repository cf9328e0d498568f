/// The names and versions of the files `moji-data` writes and `Moji` reads.
///
/// A catalog is a folder:
///
/// - `core.txt` (`moji-core`): the locale-independent metadata. Header: the Unicode Emoji version.
///   Records: `l` locale and its parent (`-` for none); `g` group identifier and Unicode name;
///   `s` subgroup identifier and group index.
/// - `emoji.bin`: every fully-qualified emoji and component in CLDR order, with subgroup,
///   Emoji version, neutral base and tones per person (see ``EmojiTableFormat``).
/// - `shortcodes.txt.z` (`moji-shortcodes`, zlib-compressed): `k` preset, emoji index, codes…; `m` emoji index,
///   emoticons….
/// - `locales/<identifier>.txt.z` (`moji-locale`, zlib-compressed): the names in which one locale
///   differs from its parent. Header: identifier and parent; records: `p` the separators for
///   derived names (base/tones, tone/tone); `g`/`s` group or subgroup index and name; `n` emoji
///   index and name.
/// - `locales/<identifier>.keywords.txt.z` (`moji-locale`, zlib-compressed): the same for search
///   terms, read only when asked for: `w` emoji index and keywords joined by `|`; `k` emoji index
///   and CLDR shortcodes.
package enum CatalogFormat {
    /// The format version of every file; bump it when a reader could misread a new file.
    package static let version = 1
    /// The header kind of `core.txt`.
    package static let coreKind = "moji-core"
    /// The header kind of `shortcodes.txt.z`.
    package static let shortcodesKind = "moji-shortcodes"
    /// The header kind of each locale file.
    package static let localeKind = "moji-locale"
    /// The core file's name.
    package static let coreFile = "core.txt"
    /// The shortcode file's name.
    package static let shortcodesFile = "shortcodes.txt.z"
    /// The folder of locale files.
    package static let localesFolder = "locales"
    /// The file name of a locale's file.
    package static func localeFile(_ identifier: String) -> String { "\(localesFolder)/\(identifier).txt.z" }
    /// The file name of a locale's keywords and CLDR shortcodes.
    package static func localeKeywordsFile(_ identifier: String) -> String {
        "\(localesFolder)/\(identifier).keywords.txt.z"
    }
    /// The separator of keywords within a field.
    package static let keywordSeparator: Character = "|"

    /// The keywords of a stored field, split at each `|` scalar. Splitting the `String` by
    /// `Character` would fuse two keywords wherever the second starts with a mark that joins the
    /// `|` into one grapheme cluster (U+200C, U+200D, a combining mark), as some Persian, Nepali
    /// and Odia keywords do.
    package static func keywords(inField field: String) -> [String] {
        field.unicodeScalars.split(separator: "|").map(String.init)
    }
}
