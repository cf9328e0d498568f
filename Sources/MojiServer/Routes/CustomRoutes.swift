import Foundation
import Hummingbird
import Moji
import MojiRepresentations
import MojiStore

/// `GET /v1/custom`: the store's custom emoji sets and their emoji that pickers show.
///
/// The answer is rebuilt only when the store's custom emoji or sets change (one small read of
/// their change versions per request); its ETag follows its bytes.
struct CustomRoutes: Sendable {
    let service: CatalogService
    private let cached = Locked<(versions: [Int?], body: Data)?>(nil)

    init(service: CatalogService) { self.service = service }

    func list(_ request: Request) throws -> Response {
        _ = try QueryParameters(request.uri.query, allowed: [])
        let store: EmojiStore
        switch service.store {
        case .success(let opened): store = opened
        case .failure(let error):
            throw ProblemDetails(
                type: "not-ready", title: "Not ready", status: 503, detail: "the store cannot be opened: \(error)")
        }
        let body: Data
        do {
            let changes = try store.changeVersions()
            let versions = [changes[.customEmoji], changes[.customSets]]
            if let kept = cached.withLock({ $0 }), kept.versions == versions {
                body = kept.body
            } else {
                body = try Self.encode(try Self.summaries(store))
                cached.withLock { $0 = (versions, body) }
            }
        } catch let error as StoreError {
            throw ProblemDetails(type: "not-ready", title: "Not ready", status: 503, detail: "\(error)")
        }
        return APIResponse.bytes(
            body, contentType: "application/json; charset=utf-8", cache: .search, version: service.version,
            request: request)
    }

    /// Sets by name, then the emoji outside any set as `custom` (only when there are some).
    static func summaries(_ store: EmojiStore) throws -> [CustomSetSummary] {
        func items(_ emoji: [CustomEmoji]) -> [CustomSetSummary.Item] {
            emoji.filter(\.isVisibleInPicker).map { CustomSetSummary.Item($0, image: TextRoutes.imageSource(of: $0)) }
        }
        let sets = try store.custom.sets().sorted {
            ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name)
        }
        var summaries = try sets.map { set in
            CustomSetSummary(
                name: set.name,
                source: CustomSetSummary.Source(kind: set.source.kind.rawValue, location: set.source.location),
                syncedAt: set.syncedAt, emoji: items(try store.custom.emoji(inSet: set.name)))
        }
        let loose = items(try store.custom.allEmoji().filter { $0.set == nil })
        if !loose.isEmpty {
            summaries.append(CustomSetSummary(name: "custom", source: nil, syncedAt: nil, emoji: loose))
        }
        return summaries
    }

    static func encode(_ value: some Encodable) throws -> Data {
        try RepresentationJSON.encoder().encode(value)
    }
}
