import Foundation

/// What went wrong while opening or reading a Moji catalog, with what to do about it.
///
/// ## Error policy
///
/// A catalog is a folder of files, and any of them can be damaged: cut short, edited by hand,
/// written by another version of `moji-data`. Moji never traps on a catalog someone handed it:
///
/// - ``EmojiCatalog/init(directory:)`` reads and checks every file that non-throwing accessors
///   would otherwise read later (the core, the emoji table, the shortcode tables, English names
///   and keywords), so damage there is thrown when the catalog is opened, naming the file.
/// - Files read on first use are read by throwing API, which throws the damage it finds:
///   ``EmojiCatalog/localized(_:)`` (a locale's names and keywords, and its parents'),
///   ``EmojiScanner/init(catalog:textPresentation:)`` and
///   ``EmojiProperties/init(contentsOf:)`` (emoji properties), ``EmojiSearch`` (search
///   segments), ``Emojifier/init(catalog:presets:locale:convertsEmoticons:)`` and
///   ``Demojifier/init(preset:catalog:locale:scanner:)``. A failure is remembered: asking again
///   throws the same error without reading the file again.
/// - The few accessors that cannot throw and meet a damaged file fall back, as their
///   documentation says, and record the error in ``EmojiCatalog/loadErrors``: ``Emoji/name(in:)``
///   and ``Emoji/keywords(in:)`` for a damaged locale give English, never silently.
/// - The bundled catalog ships with the package and is verified by its tests, so
///   ``EmojiCatalog/shared``, ``EmojiScanner/shared`` and ``EmojiProperties/bundled`` stop the
///   process with the error when it cannot be read: that is a broken installation, which only
///   reinstalling fixes.
///
/// Text files report a 1-based line (``malformedFile(path:line:reason:)``); binary files and the
/// zlib streams of compressed files report a 0-based byte offset
/// (``malformedBinaryFile(path:offset:reason:)``). Every message names the file and says how to
/// rebuild it.
///
/// ```swift
/// do {
///     let catalog = try EmojiCatalog(directory: folder)
///     let japanese = try catalog.localized("ja")
/// } catch {
///     print(error)   // "Moji catalog file …/locales/ja.txt.z, line 12: … Rebuild the catalog …"
/// }
/// ```
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A catalog file is missing.
    case missingFile(path: String)
    /// A text catalog file could not be parsed; `line` is 1-based.
    case malformedFile(path: String, line: Int, reason: String)
    /// A binary catalog file (or the zlib stream of a compressed one) could not be read;
    /// `offset` is the 0-based byte offset where the damage was found, into the inflated bytes
    /// once the stream inflated.
    case malformedBinaryFile(path: String, offset: Int, reason: String)
    /// No available locale matches the request; `closest` lists the nearest available identifiers.
    case unknownLocale(requested: String, closest: [String])

    /// The command that writes a catalog folder again.
    static let rebuildAdvice = "Rebuild the catalog with `moji-data build --out FOLDER` (`swift run moji-data build` "
        + "in the Moji package), or reinstall the package for the bundled catalog."

    /// The file the error is about, if any.
    public var path: String? {
        switch self {
        case .missingFile(let path), .malformedFile(let path, _, _), .malformedBinaryFile(let path, _, _): path
        case .unknownLocale: nil
        }
    }

    public var description: String {
        switch self {
        case .missingFile(let path):
            "Moji catalog file not found: \(path). \(Self.rebuildAdvice)"
        case .malformedFile(let path, let line, let reason):
            "Moji catalog file \(path), line \(line): \(reason). \(Self.rebuildAdvice)"
        case .malformedBinaryFile(let path, let offset, let reason):
            "Moji catalog file \(path), byte \(offset): \(reason). \(Self.rebuildAdvice)"
        case .unknownLocale(let requested, let closest):
            "Unknown locale '\(requested)'. "
                + (closest.isEmpty ? "" : "Closest available: \(closest.joined(separator: ", ")). ")
                + "`moji locales` lists them all."
        }
    }
}
