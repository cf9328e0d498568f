/// How much of a pack (a zip archive) is read: archives over these limits are refused before
/// anything is extracted, so a zip bomb costs a look at its directory and nothing more.
///
/// ```swift
/// var limits = PackLimits.default
/// limits.maximumExpandedBytes = 64 << 20
/// let pack = try PackArchive(url: packURL, limits: limits)
/// ```
public struct PackLimits: Sendable, Hashable {
    /// The most bytes all entries together may expand to, as their headers declare them (256 MB
    /// by default). Headers can lie, so every read also counts the bytes it really gets.
    public var maximumExpandedBytes: Int
    /// The most entries (files, folders, links) an archive may have (20,000 by default).
    public var maximumEntries: Int
    /// The most bytes the manifest (`pack.json`, `meta.json`) may expand to (8 MB by default).
    public var maximumManifestBytes: Int

    public init(
        maximumExpandedBytes: Int = 256 << 20, maximumEntries: Int = 20_000, maximumManifestBytes: Int = 8 << 20
    ) {
        self.maximumExpandedBytes = maximumExpandedBytes
        self.maximumEntries = maximumEntries
        self.maximumManifestBytes = maximumManifestBytes
    }

    /// 256 MB expanded, 20,000 entries, an 8 MB manifest: far above real packs (the largest
    /// Pleroma and Misskey packs hold a few thousand small images).
    public static let `default` = PackLimits()
}
