/// The locales of the bundled catalog that have emoji names and keywords, sorted by identifier.
///
/// Written `Moji.availableLocales` at a call site; the same list as
/// `EmojiCatalog.shared.availableLocales`.
///
/// ```swift
/// import Moji
/// Moji.availableLocales.count          // 169
/// Moji.availableLocales.contains("ja") // true
/// ```
public var availableLocales: [MojiLocale] { EmojiCatalog.shared.availableLocales }
