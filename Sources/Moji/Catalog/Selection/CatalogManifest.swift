import Foundation

/// What a published catalog holds: `manifest.json`, written by `moji-data pack` beside the
/// catalog files, so a static web server can serve the folder as it is.
///
/// `moji data update` reads it to know which files changed (by SHA-256) and checks every
/// file it downloads against it.
///
/// ```json
/// {"formatVersion": 1, "catalogVersion": "17.0-3f9a…", "emojiVersion": "17.0", "cldrVersion": "48",
///  "files": [{"path": "core.txt", "size": 3191, "sha256": "…"}, …]}
/// ```
public struct CatalogManifest: Sendable, Codable, Equatable {
    /// One catalog file: its path relative to the manifest's folder, its size and its SHA-256.
    public struct File: Sendable, Codable, Equatable {
        /// Relative to the folder of `manifest.json`, with `/` separators (`locales/ja.txt.z`).
        public var path: String
        /// The size in bytes.
        public var size: Int
        /// The SHA-256 of the bytes, as 64 lowercase hexadecimal digits.
        public var sha256: String

        /// A file entry.
        public init(path: String, size: Int, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }
    }

    /// The name of the manifest file.
    public static let fileName = "manifest.json"
    /// The format version this Moji reads and writes; a manifest of another version is refused.
    public static let currentFormatVersion = 1

    /// The manifest's format version.
    public var formatVersion: Int
    /// Names this catalog's contents: the Emoji version and a hash of every file (`17.0-3f9a0c1d2e4b`).
    public var catalogVersion: String
    /// The Unicode Emoji version of the data, e.g. `17.0`.
    public var emojiVersion: String
    /// The CLDR version of the names and keywords, e.g. `48`.
    public var cldrVersion: String
    /// Every catalog file, sorted by path.
    public var files: [File]

    /// A manifest of the current format version.
    public init(catalogVersion: String, emojiVersion: String, cldrVersion: String, files: [File]) {
        self.formatVersion = Self.currentFormatVersion
        self.catalogVersion = catalogVersion
        self.emojiVersion = emojiVersion
        self.cldrVersion = cldrVersion
        self.files = files
    }

    /// The catalog version made of an Emoji version and the files' hashes: the same files give
    /// the same version, any changed byte another.
    ///
    /// - Parameters:
    ///   - emojiVersion: The catalog's Emoji version, e.g. `17.0`.
    ///   - contentHash: A hex digest over every file's path and SHA-256; its first 12 digits are kept.
    public static func catalogVersion(emojiVersion: String, contentHash: String) -> String {
        "\(emojiVersion)-\(contentHash.prefix(12))"
    }

    /// Whether `version` can name an installed catalog's folder: 1 to 64 ASCII letters, digits,
    /// `.`, `_` or `-`, starting with a letter or digit, and not a name the catalogs folder uses
    /// for itself (`current`, `previous`), so a hostile manifest cannot name a pointer file.
    public static func isSafe(catalogVersion version: String) -> Bool {
        guard let first = version.unicodeScalars.first, version.unicodeScalars.count <= 64,
            CharacterSet.alphanumerics.contains(first), first.isASCII
        else { return false }
        let allowed = version.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
        }
        return allowed && !InstalledCatalogs.reservedNames.contains(version.lowercased())
    }

    /// Whether `path` is a plain relative path inside the catalog folder: no `..`, no absolute
    /// path, no empty or hidden component, so a hostile manifest cannot write elsewhere.
    public static func isSafe(path: String) -> Bool {
        guard !path.isEmpty, path.count < 256, !path.hasPrefix("/") else { return false }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return components.allSatisfy { component in
            !component.isEmpty && !component.hasPrefix(".")
                && component.unicodeScalars.allSatisfy {
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
                }
        }
    }
}
