import Foundation
import MojiStore

/// Why a sync left a set as it was. Nothing of the set, its images or its usage changed.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No set has this name.
    case unknownSet(String)
    /// A set with this name exists already.
    case setExists(String)
    /// The listing could not be fetched (network error, HTTP error, too large, bad redirect).
    case listing(set: String, FetchError)
    /// The listing was fetched but cannot be used (not the expected format, no emoji in it).
    case source(set: String, SourceError)
    /// More than half of the set would vanish: the source may be serving a login or error page.
    case tooManyVanishing(set: String, removed: Int, total: Int)
    /// Another process is syncing this set now.
    case busy(String)
    /// This sync stalled past its claim and another process took the set over; it wrote nothing.
    case leaseLost(String)
    /// The store could not be read or written.
    case store(StoreError)

    public var description: String {
        switch self {
        case .unknownSet(let name):
            "there is no custom set named \(name). `moji custom sets` lists them; `moji custom add` adds one."
        case .setExists(let name):
            "a custom set named \(name) exists already. Sync it with `moji custom sync \(name)`, or choose another name."
        case .listing(let set, let error):
            "could not fetch the list of \(set): \(error). The set is unchanged; try again later."
        case .source(let set, let error):
            "could not read the list of \(set): \(error). The set is unchanged."
        case .tooManyVanishing(let set, let removed, let total):
            "the source of \(set) now lacks \(removed) of its \(total) emoji, more than half: it may be serving "
                + "a login or error page. The set is unchanged; check the source, then run "
                + "`moji custom sync \(set) --force` if the removal is real."
        case .busy(let name):
            "another process is syncing \(name) right now. Try again in a minute."
        case .leaseLost(let name):
            "this sync of \(name) stalled longer than its claim lasts, and another process took the set over; "
                + "nothing was written. Run the sync again if the set still needs it."
        case .store(let error):
            error.description
        }
    }

    /// When to try again, if the server said (`Retry-After`).
    public var retryAfter: Date? {
        if case .listing(_, let error) = self { return error.retryAfter }
        return nil
    }
}
