import Foundation

/// What went wrong while opening or reading a Moji catalog, with what to do about it.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A catalog file is missing.
    case missingFile(path: String)
    /// A catalog file could not be parsed; `line` is 1-based.
    case malformedFile(path: String, line: Int, reason: String)
    /// No available locale matches the request; `closest` lists the nearest available identifiers.
    case unknownLocale(requested: String, closest: [String])

    public var description: String {
        switch self {
        case .missingFile(let path):
            "Moji catalog file not found: \(path). Rebuild the catalog with `swift run moji-data build` or reinstall the package."
        case .malformedFile(let path, let line, let reason):
            "Moji catalog file \(path), line \(line): \(reason). Rebuild the catalog with `swift run moji-data build`."
        case .unknownLocale(let requested, let closest):
            "Unknown locale '\(requested)'. "
                + (closest.isEmpty ? "" : "Closest available: \(closest.joined(separator: ", ")). ")
                + "`moji locales` lists them all."
        }
    }
}
