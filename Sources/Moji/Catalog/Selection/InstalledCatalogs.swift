import Foundation

/// The folder where `moji data update` installs catalogs, and which one is current.
///
/// ```
/// catalogs/
///   current        ← pointer file: folder, versions, source (renamed into place to switch)
///   previous       ← the one before, for `moji data rollback`
///   sources.txt    ← one source URL a line (`moji data sources add`)
///   17.0-3f9a0c1d2e4b/   manifest.json + the catalog files
///   .lock          ← held (flock) while an update runs
/// ```
///
/// ``EmojiCatalog/shared`` reads only the `current` pointer and the core of the folder it names,
/// so choosing costs a few file reads at start-up.
public struct InstalledCatalogs: Sendable, Equatable {
    /// The `catalogs` folder.
    public var directory: URL

    /// The catalogs under `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The catalogs in the default place: `$MOJI_HOME/catalogs` when `MOJI_HOME` is set (as the
    /// store's `$MOJI_HOME/moji.sqlite`), else `$XDG_DATA_HOME/moji/catalogs`, else
    /// `~/.local/share/moji/catalogs`.
    public static func `default`(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> InstalledCatalogs
    {
        if let home = environment["MOJI_HOME"], !home.isEmpty {
            return InstalledCatalogs(directory: URL(fileURLWithPath: home).appendingPathComponent("catalogs"))
        }
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return InstalledCatalogs(directory: data.appendingPathComponent("moji/catalogs"))
    }

    /// The name of the pointer file of the catalog in use.
    public static let currentFileName = "current"
    /// The name of the pointer file of the catalog before it.
    public static let previousFileName = "previous"
    /// The prefix of the folders an update writes before it installs (removed when it ends, or
    /// by the next update or `moji data status` when a killed update left one).
    public static let stagingPrefix = ".staging-"
    /// Names no installed catalog's folder may take (compared lowercased): the pointer files.
    public static let reservedNames: Set<String> = [currentFileName, previousFileName]

    /// The installed catalog in use, if one was installed and its pointer is readable.
    public var current: CatalogPointer? { pointer(named: Self.currentFileName) }
    /// The installed catalog before ``current``, kept for rollback.
    public var previous: CatalogPointer? { pointer(named: Self.previousFileName) }

    /// The folder a pointer names.
    public func folder(of pointer: CatalogPointer) -> URL {
        directory.appendingPathComponent(pointer.folder, isDirectory: true)
    }

    func pointer(named name: String) -> CatalogPointer? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            return nil
        }
        return CatalogPointer(text: String(decoding: data, as: UTF8.self))
    }
}

/// One installed catalog as a pointer file names it: its folder, versions and where it came from.
public struct CatalogPointer: Sendable, Equatable {
    /// The folder's name inside ``InstalledCatalogs/directory``.
    public var folder: String
    /// The Unicode Emoji version of the data.
    public var emojiVersion: EmojiVersion
    /// The CLDR version of the names and keywords.
    public var cldrVersion: String
    /// The manifest's catalog version.
    public var catalogVersion: String
    /// The URL or folder it was updated from.
    public var source: String
    /// The manifest's `ETag`, sent as `If-None-Match` by the next update from the same source.
    public var etag: String?
    /// When it was installed.
    public var installed: Date

    /// A pointer.
    public init(
        folder: String, emojiVersion: EmojiVersion, cldrVersion: String, catalogVersion: String, source: String,
        etag: String? = nil, installed: Date
    ) {
        self.folder = folder
        self.emojiVersion = emojiVersion
        self.cldrVersion = cldrVersion
        self.catalogVersion = catalogVersion
        self.source = source
        self.etag = etag
        self.installed = installed
    }

    /// Reads the `key=value` lines of a pointer file; nil when a required key is missing or
    /// the folder name is not a plain name.
    public init?(text: String) {
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let folder = fields["folder"], CatalogManifest.isSafe(path: folder), !folder.contains("/"),
            let emoji = fields["emoji"].flatMap(EmojiVersion.init), let cldr = fields["cldr"],
            let catalog = fields["catalog"]
        else { return nil }
        self.folder = folder
        self.emojiVersion = emoji
        self.cldrVersion = cldr
        self.catalogVersion = catalog
        self.source = fields["source"] ?? ""
        self.etag = fields["etag"].flatMap { $0.isEmpty ? nil : $0 }
        self.installed = fields["installed"].flatMap { try? Date($0, strategy: .iso8601) } ?? .distantPast
    }

    /// The pointer file's text.
    public var text: String {
        """
        folder=\(folder)
        emoji=\(emojiVersion)
        cldr=\(cldrVersion)
        catalog=\(catalogVersion)
        source=\(source.filter { !$0.isNewline })
        etag=\((etag ?? "").filter { !$0.isNewline })
        installed=\(installed.formatted(.iso8601))

        """
    }
}
