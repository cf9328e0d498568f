import Foundation

/// What went wrong while opening or reading a Moji catalog, with what to do about it.
///
/// Moji never traps on a catalog folder someone handed it (<doc:ErrorHandling> says when each
/// file is read):
///
/// - ``EmojiCatalog/init(directory:)`` checks every file that accessors which cannot throw read
///   later (shortcode tables, English names and keywords), so damage there throws on opening.
/// - Files read on first use are read by throwing API, which throws what it finds and throws it
///   again when asked again: ``EmojiCatalog/localized(_:)``, ``EmojiScanner/init(catalog:textPresentation:)``,
///   ``EmojiSearch``, ``Emojifier/init(catalog:presets:locale:convertsEmoticons:)`` and
///   ``Demojifier/init(preset:catalog:locale:scanner:)``. A damaged locale is never English there.
/// - ``Emoji/name(in:)`` and ``Emoji/keywords(in:)``, which cannot throw, give English for a
///   damaged locale and record the error in ``EmojiCatalog/loadErrors``.
/// - Only the bundled catalog, which ships with the package and is verified by its tests, stops
///   the process when it cannot be read (``EmojiCatalog/shared``, ``EmojiScanner/shared``,
///   ``EmojiProperties/bundled``): that is a broken installation.
///
/// Text files report a 1-based line (``malformedFile(path:line:reason:)``); binary files and the
/// zlib streams of compressed files a 0-based byte offset
/// (``malformedBinaryFile(path:offset:reason:)``). Every message names the file and the command
/// that rebuilds it.
///
/// ```swift
/// do {
///     let japanese = try EmojiCatalog(directory: folder).localized("ja")
/// } catch {
///     print(error)   // "Moji catalog file …/locales/ja.txt.z, line 12: … Rebuild the catalog with …"
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
    static let rebuildAdvice =
        "Rebuild the catalog with `moji-data build --out FOLDER` (`swift run moji-data build` "
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
