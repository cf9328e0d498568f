import Foundation
import Moji
import MojiStore

/// Where a set's images come from: the web (absolute URLs in the listing), or the pack or
/// folder the listing was read from (paths inside it).
enum ImageOrigin: Sendable {
    case web
    case pack(PackArchive)
    case folder(URL)
}

/// A set's listing as fetched: nil when the server answered 304 Not Modified.
struct FetchedListing: Sendable {
    var listing: SourceListing?
    var validators: HTTPValidators
    var origin: ImageOrigin
}

/// Fetches and parses the listing of one source, by kind.
struct ListingFetch: Sendable {
    var transport: any HTTPTransport
    var options: SyncOptions

    func fetch(_ set: CustomSet, conditional: Bool) async throws(SyncError) -> FetchedListing {
        let source = set.source
        let location = source.location
        let validators = conditional ? set.validators : HTTPValidators()
        switch source.kind {
        case .forum:
            if let url = Self.webURL(location) {
                let response = try await get(url, validators: validators, set: set.name)
                guard response.status != 304 else {
                    return FetchedListing(listing: nil, validators: response.validators, origin: .web)
                }
                let listing = try parse(set.name) { () throws(SourceError) in
                    try ForumSmiliePage.listing(
                        html: response.body, pageURL: response.url, source: url.absoluteString,
                        encoding: Self.charset(of: response.contentType) ?? "UTF-8",
                        maximumSize: options.maximumListingBytes)
                }
                return FetchedListing(listing: listing, validators: response.validators, origin: .web)
            }
            let data = try await readFile(location, set: set.name)
            let listing = try parse(set.name) { () throws(SourceError) in
                try ForumSmiliePage.listing(html: data, source: location, maximumSize: options.maximumListingBytes)
            }
            return FetchedListing(listing: listing, validators: HTTPValidators(), origin: .web)
        case .mastodon, .slack:
            var data: Data
            var answered = HTTPValidators()
            if let url = Self.webURL(location) {
                let response = try await get(url, validators: validators, set: set.name)
                guard response.status != 304 else {
                    return FetchedListing(listing: nil, validators: response.validators, origin: .web)
                }
                data = response.body
                answered = response.validators
            } else {
                data = try await readFile(location, set: set.name)
            }
            let kind = source.kind
            let listing = try parse(set.name) { () throws(SourceError) in
                kind == .mastodon
                    ? try MastodonSource.listing(from: data, source: location, maximumSize: options.maximumListingBytes)
                    : try SlackSource.listing(from: data, source: location, maximumSize: options.maximumListingBytes)
            }
            return FetchedListing(listing: listing, validators: answered, origin: .web)
        case .pack:
            let archive = try await parseOnDisk(set.name) { () throws(SourceError) in
                try PackArchive(url: URL(fileURLWithPath: location))
            }
            return FetchedListing(listing: archive.listing, validators: HTTPValidators(), origin: .pack(archive))
        case .folder:
            let folder = URL(fileURLWithPath: location, isDirectory: true)
            let listing = try await parseOnDisk(set.name) { () throws(SourceError) in
                try FolderSource.listing(of: folder)
            }
            return FetchedListing(listing: listing, validators: HTTPValidators(), origin: .folder(folder))
        }
    }

    private func get(_ url: URL, validators: HTTPValidators, set: String) async throws(SyncError) -> FetchResponse {
        do {
            return try await transport.get(
                FetchRequest(url: url, validators: validators, maximumBytes: options.maximumListingBytes))
        } catch {
            throw .listing(set: set, error)
        }
    }

    private func parse<T>(_ set: String, _ body: () throws(SourceError) -> T) throws(SyncError) -> T {
        do { return try body() } catch { throw .source(set: set, error) }
    }

    /// ``parse(_:_:)`` for a source read from the disk (a pack's archive, a folder), with
    /// `BlockingIO`.
    private func parseOnDisk<T: Sendable>(
        _ set: String, _ body: @escaping @Sendable () throws(SourceError) -> T
    ) async throws(SyncError) -> T {
        do { return try await BlockingIO.run(body) } catch { throw .source(set: set, error) }
    }

    /// Reads a local listing, refusing one over the limit before reading it whole, with
    /// `BlockingIO`.
    private func readFile(_ path: String, set: String) async throws(SyncError) -> Data {
        let maximumBytes = options.maximumListingBytes
        do {
            return try await BlockingIO.run { () throws(SourceError) in
                try LocalFile.read(path, maximumBytes: maximumBytes)
            }
        } catch {
            throw .source(set: set, error)
        }
    }

    /// The location as a web URL when it is one (`http:` or `https:`); nil for a path.
    static func webURL(_ location: String) -> URL? {
        guard let url = URL(string: location), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// The `charset` parameter of a `Content-Type`, e.g. `windows-1252` of `text/html; charset=windows-1252`.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
