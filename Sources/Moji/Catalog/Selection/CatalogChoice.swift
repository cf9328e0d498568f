import Foundation

/// Which catalog ``EmojiCatalog/shared`` uses, and why.
///
/// The newest valid catalog among the bundled one and the one `moji data update` installed
/// (``InstalledCatalogs``): a higher Emoji version wins; at the same Emoji version, the
/// installed one wins unless its CLDR version is older, so an update never goes back in time.
/// An installed catalog whose core cannot be read gives the bundled one and a ``warning``.
/// Its other files were read in full when it was installed, so at start-up they are read on
/// first use, as the bundled catalog's are: damage found there later is recorded in
/// ``EmojiCatalog/loadErrors`` (names fall back to English), never a crash. Setting the environment
/// variable `MOJI_CATALOG=bundled` (or using ``EmojiCatalog/bundled``) pins the bundled one.
///
/// ```swift
/// let choice = EmojiCatalog.sharedChoice
/// print(choice.reason)   // "installed Emoji 18.0 is newer than the bundled 17.0"
/// ```
public struct CatalogChoice: Sendable, Equatable {
    /// Where a catalog comes from.
    public enum Origin: Sendable, Equatable {
        /// The catalog bundled with Moji.
        case bundled
        /// A catalog `moji data update` installed.
        case installed(CatalogPointer)
    }

    /// The environment variable that pins the bundled catalog when set to `bundled`.
    public static let environmentVariable = "MOJI_CATALOG"

    /// Where the catalog in use comes from.
    public var origin: Origin
    /// Its folder.
    public var directory: URL
    /// Why this one, in a sentence for a person.
    public var reason: String
    /// Set when the installed catalog was passed over because it is damaged: what is wrong and what to do.
    public var warning: String?

    /// Chooses between the bundled catalog and the installed one, opening the installed one to
    /// check it. Reads the `current` pointer and the chosen catalog's core; nothing else.
    ///
    /// - Returns: The catalog opened and the choice made.
    public static func choose(
        catalogs: InstalledCatalogs = .default(), environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (catalog: EmojiCatalog?, choice: CatalogChoice) {
        let bundled = EmojiCatalog.bundledDirectory
        func bundledChoice(_ reason: String, warning: String? = nil) -> (EmojiCatalog?, CatalogChoice) {
            (nil, CatalogChoice(origin: .bundled, directory: bundled, reason: reason, warning: warning))
        }
        if environment[environmentVariable]?.lowercased() == "bundled" {
            return bundledChoice("pinned by \(environmentVariable)=bundled")
        }
        guard let pointer = catalogs.current else { return bundledChoice("no updated catalog is installed") }
        let bundledVersion = EmojiCatalog.bundledUnicodeVersion
        if pointer.emojiVersion < bundledVersion {
            return bundledChoice(
                "the installed Emoji \(pointer.emojiVersion) is older than the bundled \(bundledVersion)")
        }
        if pointer.emojiVersion == bundledVersion,
            pointer.cldrVersion.compare(EmojiCatalog.bundledCLDRVersion, options: .numeric) == .orderedAscending
        {
            return bundledChoice(
                "the installed CLDR \(pointer.cldrVersion) is older than the bundled \(EmojiCatalog.bundledCLDRVersion)"
            )
        }
        let directory = catalogs.folder(of: pointer)
        do {
            let catalog = try EmojiCatalog(directory: directory, validated: true)
            guard catalog.unicodeVersion == pointer.emojiVersion else {
                throw CatalogError.malformedFile(
                    path: directory.appendingPathComponent(CatalogFormat.coreFile).path, line: 1,
                    reason: "the core says Emoji \(catalog.unicodeVersion), the pointer \(pointer.emojiVersion)")
            }
            let reason =
                pointer.emojiVersion > bundledVersion
                ? "the installed Emoji \(pointer.emojiVersion) is newer than the bundled \(bundledVersion)"
                : "the installed catalog \(pointer.catalogVersion) is as new as the bundled one or newer"
            return (catalog, CatalogChoice(origin: .installed(pointer), directory: directory, reason: reason))
        } catch {
            return bundledChoice(
                "the installed catalog is damaged",
                warning:
                    "moji: warning: the updated catalog \(pointer.catalogVersion) in \(directory.path) cannot be used "
                    + "(\(error)); using the bundled Emoji \(bundledVersion) catalog. Run `moji data rollback` or "
                    + "`moji data update` to repair it.")
        }
    }
}
