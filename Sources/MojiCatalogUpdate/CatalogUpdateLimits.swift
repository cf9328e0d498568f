import Moji
import MojiSync

/// The most a published catalog's manifest may ask an update to download, checked before any
/// file is fetched: a manifest that claims a petabyte file is refused, not streamed for hours.
///
/// The defaults are far above a real catalog and far below harm: the bundled catalog of
/// Emoji 17.0 in 169 locales is 559 files and 19.8 MB, its largest file 210 KB.
public struct CatalogUpdateLimits: Sendable, Hashable {
    /// The most bytes one file may have (16 MB: 80 times the largest file today).
    public var maximumFileBytes: Int
    /// The most bytes all files together may have (256 MB: 13 times the catalog today).
    public var maximumCatalogBytes: Int
    /// The most files a catalog may have (10,000: 18 times the catalog today).
    public var maximumFileCount: Int

    public init(maximumFileBytes: Int = 16 << 20, maximumCatalogBytes: Int = 256 << 20, maximumFileCount: Int = 10_000)
    {
        self.maximumFileBytes = maximumFileBytes
        self.maximumCatalogBytes = maximumCatalogBytes
        self.maximumFileCount = maximumFileCount
    }

    /// What in `manifest` is over a limit, or nil.
    func problem(with manifest: CatalogManifest) -> String? {
        if manifest.files.count > maximumFileCount {
            return "\(manifest.files.count) files, over the limit of \(maximumFileCount)"
        }
        if let large = manifest.files.first(where: { $0.size > maximumFileBytes }) {
            return "'\(large.path)' of \(large.size) bytes, over the limit of \(maximumFileBytes) bytes per file"
        }
        // Summed with overflow checks: sizes near Int.max must not wrap around to a small total.
        var total = 0
        for file in manifest.files {
            let (sum, overflow) = total.addingReportingOverflow(file.size)
            if overflow || sum > maximumCatalogBytes {
                return "more than \(maximumCatalogBytes) bytes in all, the limit for a catalog"
            }
            total = sum
        }
        return nil
    }
}
