import Foundation
import Hummingbird
import Moji

extension APIRoutes {
    /// `GET /v1/picker-data?locale=&max-version=`: only what `<moji-picker>` draws (``PickerData``),
    /// with the catalog's ETag, `Cache-Control` and 304, so a browser fetches one locale once.
    func pickerData(_ request: Request) throws -> Response {
        let parameters = try QueryParameters(request.uri.query, allowed: ["locale", "max-version"])
        let localized = try service.localized(parameters["locale"])
        // Rounded down to a version the catalog has: any other value names the same emoji, and must
        // not be able to fill the cache with copies of one answer.
        let maximum = try maximumVersion(parameters).map(service.catalogVersion(notAfter:))
        let key = PickerDataCache.Key(
            catalog: service.version, locale: localized.locale.identifier, maximumVersion: maximum?.description)
        let body = try PickerDataCache.shared.body(for: key) {
            try APIResponse.encode(
                PickerData(
                    catalog: service.catalog, localized: localized, upTo: maximum,
                    defaultFrequent: users.stores.configuration.defaultFrequentEmoji))
        }
        return APIResponse.bytes(
            body, contentType: "application/json; charset=utf-8", cache: .catalog, version: service.version,
            request: request)
    }
}

/// The encoded picker data by locale and maximum version: building and encoding English takes tens
/// of milliseconds in a debug build, and every page that shows a picker asks for it first.
final class PickerDataCache: Sendable {
    struct Key: Hashable, Sendable {
        var catalog: String
        var locale: String
        var maximumVersion: String?
    }

    static let shared = PickerDataCache()

    /// Bodies are 100–300 KB; a few dozen locales and versions at most stay in memory.
    private let bodies = BoundedCache<Key, Data>(capacity: 32)

    func body(for key: Key, make: () throws -> Data) rethrows -> Data {
        try bodies.value(for: key, orMake: make)
    }
}
