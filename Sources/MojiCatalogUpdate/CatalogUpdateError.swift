import Foundation
import Moji
import MojiSync

/// Why a catalog update, install or rollback did not happen. In every case the working catalog
/// stays in use and nothing half-written is left behind.
public enum CatalogUpdateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached or answered with an error status.
    case unreachable(FetchError)
    /// The manifest's format version is one this Moji does not read.
    case unknownManifestFormat(version: Int, url: String)
    /// The manifest is not valid JSON of the expected shape, or names an unsafe path.
    case malformedManifest(url: String, reason: String)
    /// The manifest asks for more than ``CatalogUpdateLimits`` allow; nothing was downloaded.
    case tooLarge(url: String, reason: String)
    /// A file has fewer (or more) bytes than the manifest says.
    case wrongSize(path: String, expected: Int, received: Int)
    /// A file's SHA-256 differs from the manifest's.
    case wrongHash(path: String, expected: String, received: String)
    /// The new catalog was complete but does not load (a locale or search segment fails).
    case catalogDoesNotLoad(reason: String)
    /// Writing under the data directory failed (a full disk, no permission…).
    case cannotWrite(path: String, reason: String)
    /// Another update holds the lock and did not finish within the wait.
    case busy(lockPath: String, waitedSeconds: Double)
    /// No previous catalog is kept to roll back to.
    case nothingToRollBackTo
    /// No source to update from: none given and none added.
    case noSources
    /// Building a catalog from upstream Unicode and CLDR files failed.
    case buildFailed(reason: String)

    static let unchanged = "The catalog in use is unchanged."

    public var description: String {
        switch self {
        case .unreachable(let error):
            "Cannot fetch the catalog: \(error). Check the URL and that the server is up, then try again. "
                + Self.unchanged
        case .unknownManifestFormat(let version, let url):
            "\(url) has manifest format version \(version); this Moji reads version "
                + "\(CatalogManifest.currentFormatVersion). Update Moji, or publish the catalog with this "
                + "version's `moji-data pack`. \(Self.unchanged)"
        case .malformedManifest(let url, let reason):
            "\(url) is not a valid catalog manifest: \(reason). Publish it again with `moji-data pack`. "
                + Self.unchanged
        case .tooLarge(let url, let reason):
            "\(url) asks for too much: \(reason). Nothing was downloaded; if the catalog is genuine, raise the limit "
                + "(`moji data update --max-catalog-mb`). \(Self.unchanged)"
        case .wrongSize(let path, let expected, let received):
            "\(path): received \(received) bytes, the manifest says \(expected) (a truncated or changed file). "
                + "Try again; if it persists, the published catalog is damaged. \(Self.unchanged)"
        case .wrongHash(let path, let expected, let received):
            "\(path): SHA-256 \(received) does not match the manifest's \(expected). Try again; if it persists, "
                + "the published catalog is damaged or was tampered with. \(Self.unchanged)"
        case .catalogDoesNotLoad(let reason):
            "The new catalog does not load, so it was not installed: \(reason). \(Self.unchanged)"
        case .cannotWrite(let path, let reason):
            "Cannot write \(path): \(reason). Free some disk space or fix the folder's permissions "
                + "(MOJI_HOME or XDG_DATA_HOME choose where catalogs go). \(Self.unchanged)"
        case .busy(let lockPath, let waited):
            "Another catalog update is running (it holds \(lockPath)); gave up after waiting "
                + "\(Int(waited.rounded())) s. Try again when it has finished. \(Self.unchanged)"
        case .nothingToRollBackTo:
            "No previous catalog is kept to roll back to (`moji data status` shows what is installed)."
        case .noSources:
            "No catalog source: pass --from URL, or add one with `moji data sources add URL`."
        case .buildFailed(let reason):
            "Cannot build a catalog from the Unicode files: \(reason). \(Self.unchanged)"
        }
    }
}
