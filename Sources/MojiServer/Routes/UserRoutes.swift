import Foundation
import Hummingbird
import Moji
import MojiRepresentations
import MojiStore

/// The per-user routes under `/v1/me` (and `/v1/users/{user}`, the same for the token's own user
/// and 403 for any other): usage, the frequent, recent and pinned lists, collections and skin
/// tones, kept by a `UserDataStore` (SQLite, a file per user, by default).
///
/// Every request needs `Authorization: Bearer <token>` (401 otherwise); with a ``RateLimit``, a
/// token past it gets 429 with `Retry-After`. Bodies are JSON objects (``UserRequestBody``).
struct UserRoutes: Sendable {
    let catalog: EmojiCatalog
    let authenticator: Authenticator
    let stores: any UserDataStore
    let custom: CustomEmojiIndex
    let rateLimiter: RateLimiter?
    let limits: ServerLimits

    init(
        catalog: EmojiCatalog, customEmoji: CustomEmojiIndex, stores: any UserDataStore,
        configuration: ServerConfiguration
    ) {
        self.catalog = catalog
        let time = ServerTime(clock: configuration.clock)
        authenticator = Authenticator(store: stores, logger: configuration.logger, time: time)
        self.stores = stores
        custom = customEmoji
        rateLimiter = configuration.rateLimit.map { RateLimiter(limit: $0, time: time) }
        limits = configuration.limits
    }

    /// Adds the per-user routes to `v1` under `me` and under `users/{user}`.
    func add(to v1: RouterGroup<BasicRequestContext>) {
        for prefix: RouterPath in ["me", "users/{user}"] {
            let group = v1.group(prefix)
            group.post("usage", use: handler { try await $0.recordUse($1) })
            group.get("frequent", use: handler { try await $0.usageList($1, recent: false) })
            group.get("recent", use: handler { try await $0.usageList($1, recent: true) })
            group.get("pinned", use: handler { try await $0.pinnedList($1) })
            group.put("pinned", use: handler { try await $0.replacePinned($1) })
            group.post("pinned", use: handler { try await $0.pin($1) })
            group.delete("pinned/{item}", use: handler { try await $0.unpin(try $1.parameter("item"), $1) })
            group.get(
                "collections",
                use: handler { routes, context in
                    let collections = try await routes.stores.collections(for: context.user)
                    let custom = await routes.customEmoji()
                    return try routes.json(
                        collections.map { CollectionSummary($0, custom: custom) }, context)
                })
            group.get("collections/{name}", use: handler { try await $0.collection(try $1.parameter("name"), $1) })
            group.put(
                "collections/{name}", use: handler { try await $0.createCollection(try $1.parameter("name"), $1) })
            group.delete(
                "collections/{name}", use: handler { try await $0.deleteCollection(try $1.parameter("name"), $1) })
            group.post(
                "collections/{name}/items",
                use: handler { try await $0.addToCollection(try $1.parameter("name"), $1) })
            group.delete(
                "collections/{name}/items/{item}",
                use: handler {
                    try await $0.removeFromCollection(try $1.parameter("name"), item: try $1.parameter("item"), $1)
                })
            group.get("tones", use: handler { try await $0.tones($1) })
            group.put("tones/default", use: handler { try await $0.setDefaultTone($1) })
            group.put("tones/{emoji}", use: handler { try await $0.setTones(try $1.parameter("emoji"), $1) })
        }
    }

    /// A route's handler: admits the request's token (401, 429), checks that `/v1/users/{user}` is
    /// the token's own user (403), then runs `body`; a store failure becomes its problem (503 with
    /// `Retry-After` when the database does not answer).
    private func handler(
        _ body: @escaping @Sendable (UserRoutes, Context) async throws -> Response
    ) -> @Sendable (Request, BasicRequestContext) async throws -> Response {
        { request, routeContext in
            do {
                let token = try await admit(request)
                if let user = routeContext.parameters.get("user") {
                    let decoded = try PercentDecoding.decode(
                        user[...], plusIsSpace: false, what: "the user in the path")
                    guard decoded.lowercased() == token.user else {
                        throw ProblemDetails(
                            type: "forbidden", title: "Forbidden", status: 403,
                            detail:
                                "this token belongs to another user; it reads and writes only its own data (/v1/me).")
                    }
                }
                // RequestLimits has read the body whole, within the limits.
                let collected = try await request.body.collect(upTo: limits.bodyBytes)
                return try await body(
                    self,
                    Context(request: request, body: collected, user: token.user, parameters: routeContext.parameters))
            } catch let failure as UserRouteFailure {
                return failure.response
            } catch let error as StoreError {
                if error.code == .unavailable {
                    return UserRouteFailure.databaseUnavailable(kind: stores.databaseKind).response
                }
                return APIResponse.problem(Self.problem(for: error))
            }
        }
    }

    /// The request's token, checked, within its rate (401, 429 otherwise).
    private func admit(_ request: Request) async throws(UserRouteFailure) -> APIToken {
        let token = try await authenticator.authenticate(request)
        if let rateLimiter, let wait = rateLimiter.acquire(token.id) {
            throw UserRouteFailure.problem(
                ProblemDetails(
                    type: "rate-limited", title: "Too many requests", status: 429,
                    detail: "this token may send \(Self.rate(rateLimiter.limit)) requests a second; retry in \(wait) s."
                ),
                headers: [.retryAfter: "\(wait)"])
        }
        return token
    }

    /// What `/v1/search` ranks first for the token's user: their picks learned for `query`; nil for a
    /// request without `Authorization`. The token is checked (and rate-limited) as on `/v1/me`.
    ///
    /// - Throws: ``UserRouteFailure`` for a refused token (401), a token past its rate (429) or a
    ///   database that does not answer (503).
    func learnedPicks(for request: Request, query: String, limit: Int) async throws(UserRouteFailure) -> LearnedPicks? {
        guard request.headers[.authorization] != nil else { return nil }
        let token = try await admit(request)
        do {
            return try await stores.learnedPicks(for: query, user: token.user, limit: limit)
        } catch {
            if error.code == .unavailable { throw .databaseUnavailable(kind: stores.databaseKind) }
            throw .problem(Self.problem(for: error))
        }
    }

    /// What a route handler works with.
    private struct Context {
        var request: Request
        var body: ByteBuffer
        /// The token's user, whose data the request reads and writes.
        var user: String
        /// The path's captures, as sent.
        var parameters: Parameters

        /// The capture `name` of the path, percent-decoded.
        func parameter(_ name: String) throws -> String {
            try PercentDecoding.decode(parameters.require(name)[...], plusIsSpace: false, what: "the path")
        }
    }

    // MARK: Usage

    /// `POST /v1/me/usage` `{"emoji":"👍🏽"}` or `{"code":"partyparrot"}` → the item's ``/MojiRepresentations/UsageSummary``;
    /// with `"query"`, the search text the item was picked after, which this user's `/v1/search` learns.
    private func recordUse(_ context: Context) async throws -> Response {
        let body = try UserRequestBody(context.body, of: context.request, keys: ["emoji", "code", "query"])
        let query = try body.string("query")
        if let query, let problem = LearnedQuery.problem(in: query) {
            throw UserRequestBody.bad(
                "'query' \(problem); send the search text, up to \(LearnedPicks.maximumQueryLength) characters.")
        }
        let item = try await item(in: body)
        // A toned emoji counts for its neutral base and keeps its tones: the store resolves the item in its catalog.
        let entry = try await stores.recordUse(of: item, query: query, for: context.user)
        return try json(UsageSummary(entry, catalog: catalog, custom: await customEmoji()), context)
    }

    /// `GET /v1/me/frequent?limit=` and `GET /v1/me/recent?limit=`.
    private func usageList(_ context: Context, recent: Bool) async throws -> Response {
        let parameters = try QueryParameters(context.request.uri.query, allowed: ["limit"])
        let configuration = stores.configuration
        let limit = try parameters.integer(
            "limit", in: 1...limits.resultCount,
            default: recent ? configuration.recentLimit : configuration.frequentLimit)
        let entries =
            recent
            ? try await stores.recent(for: context.user, limit: limit)
            : try await stores.frequent(for: context.user, limit: limit)
        let custom = await customEmoji()
        return try json(entries.map { UsageSummary($0, catalog: catalog, custom: custom) }, context)
    }

    // MARK: Pinned

    private func pinnedList(_ context: Context) async throws -> Response {
        let pinned = try await stores.pinned(for: context.user)
        let custom = await customEmoji()
        return try json(pinned.map { StoreItemSummary($0, custom: custom) }, context)
    }

    /// `PUT /v1/me/pinned` `{"items":["😀",":code:"]}`: the list becomes exactly these, in order.
    private func replacePinned(_ context: Context) async throws -> Response {
        let body = try UserRequestBody(context.body, of: context.request, keys: ["items"])
        guard let texts = try body.strings("items") else { throw UserRequestBody.bad("'items' is required.") }
        var items: [StoreItem] = []
        for text in texts {
            let item = try await item(text)
            if !items.contains(item) { items.append(item) }
        }
        try await stores.setPinned(items, for: context.user)
        return try await pinnedList(context)
    }

    /// `POST /v1/me/pinned` `{"emoji"|"code", "position"?}`: pins (or moves) one item.
    private func pin(_ context: Context) async throws -> Response {
        let body = try UserRequestBody(context.body, of: context.request, keys: ["emoji", "code", "position"])
        let item = try await item(in: body)
        try await stores.pin(item, at: try body.integer("position"), for: context.user)
        return try await pinnedList(context)
    }

    /// `DELETE /v1/me/pinned/{emoji | :code:}`.
    private func unpin(_ text: String, _ context: Context) async throws -> Response {
        guard try await stores.unpin(try await item(text, removing: true), for: context.user) else {
            throw ProblemDetails.notFound("\(text.prefix(64)) is not pinned.")
        }
        return try await pinnedList(context)
    }

    // MARK: Collections

    private func collection(_ name: String, _ context: Context) async throws -> Response {
        guard let found = try await stores.collection(named: name, for: context.user) else {
            throw StoreError.collectionNotFound(name)
        }
        return try json(CollectionSummary(found, custom: await customEmoji()), context)
    }

    /// `PUT /v1/me/collections/{name}`: 201 when created, 200 when it existed (idempotent).
    private func createCollection(_ name: String, _ context: Context) async throws -> Response {
        var status = HTTPResponse.Status.ok
        if try await stores.collection(named: name, for: context.user) == nil {
            do {
                try await stores.createCollection(named: name, for: context.user)
                status = .created
            } catch {
                // Another request created it meanwhile: the same outcome.
                guard error.code == .collectionExists else { throw error }
            }
        }
        guard let found = try await stores.collection(named: name, for: context.user) else {
            throw StoreError.collectionNotFound(name)
        }
        return try json(CollectionSummary(found, custom: await customEmoji()), context, status: status)
    }

    /// `DELETE /v1/me/collections/{name}`: 204, or 404 when there is none.
    private func deleteCollection(_ name: String, _ context: Context) async throws -> Response {
        guard try await stores.deleteCollection(named: name, for: context.user) else {
            throw StoreError.collectionNotFound(name)
        }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// `POST /v1/me/collections/{name}/items` `{"emoji"|"code", "position"?}` (creates the collection if needed).
    private func addToCollection(_ name: String, _ context: Context) async throws -> Response {
        let body = try UserRequestBody(context.body, of: context.request, keys: ["emoji", "code", "position"])
        let item = try await item(in: body)
        try await stores.add(item, toCollection: name, at: try body.integer("position"), for: context.user)
        return try await collection(name, context)
    }

    /// `DELETE /v1/me/collections/{name}/items/{emoji | :code:}`.
    private func removeFromCollection(_ name: String, item text: String, _ context: Context) async throws -> Response {
        guard try await stores.remove(try await item(text, removing: true), fromCollection: name, for: context.user)
        else {
            throw ProblemDetails.notFound("\(text.prefix(64)) is not in the collection.")
        }
        return try await collection(name, context)
    }

    // MARK: Tones

    private func tones(_ context: Context) async throws -> Response {
        let defaultTone = try await stores.defaultSkinTone(for: context.user)
        let preferences = try await stores.skinTonePreferences(for: context.user)
        return try json(SkinToneSummary(defaultTone: defaultTone, preferences: preferences), context)
    }

    /// `PUT /v1/me/tones/default` `{"tone":"medium"|null}`.
    private func setDefaultTone(_ context: Context) async throws -> Response {
        let body = try UserRequestBody(context.body, of: context.request, keys: ["tone"])
        guard body.has("tone") else { throw UserRequestBody.bad("'tone' is required (a skin tone or null).") }
        let tone = try body.string("tone").map(Self.skinTone)
        try await stores.setDefaultSkinTone(tone, for: context.user)
        return try await tones(context)
    }

    /// `PUT /v1/me/tones/{emoji}` `{"tones":["light","dark"]}` (one, or one per person; `[]` forgets).
    private func setTones(_ text: String, _ context: Context) async throws -> Response {
        let body = try UserRequestBody(context.body, of: context.request, keys: ["tones"])
        guard let names = try body.strings("tones") else { throw UserRequestBody.bad("'tones' is required.") }
        guard let emoji = catalog.emoji(for: text) else { throw ProblemDetails.unknownEmoji(text) }
        let wanted = try names.map(Self.skinTone)
        do {
            try await stores.setPreferredSkinTones(wanted, for: emoji, user: context.user)
        } catch {
            guard error.code == .unsupportedSkinTones else { throw error }
            throw UserRequestBody.bad(
                "\(emoji.neutral.character) takes "
                    + (emoji.personCount == 0
                        ? "no skin tone." : "one tone, or one per person (\(emoji.personCount)), not \(wanted.count)."))
        }
        return try await tones(context)
    }

    private static func skinTone(_ name: String) throws(UserRouteFailure) -> SkinTone {
        guard let tone = SkinTone(identifier: name) else {
            throw UserRequestBody.bad(
                "'\(name.prefix(40))' is not a skin tone: light, medium-light, medium, medium-dark or dark.")
        }
        return tone
    }

    // MARK: Items

    /// The item a body names with `emoji` or `code` (exactly one).
    private func item(in body: UserRequestBody) async throws -> StoreItem {
        switch (try body.string("emoji"), try body.string("code")) {
        case (let emoji?, nil): return try await item(emoji)
        case (nil, let code?): return try await customItem(code)
        default: throw UserRequestBody.bad("give either 'emoji' (the emoji itself) or 'code' (a custom emoji's code).")
        }
    }

    /// The item `text` names: an emoji, or `:code:` of a custom emoji of the main store. When
    /// `removing`, a code the main store no longer has still names the item, so it can be removed.
    private func item(_ text: String, removing: Bool = false) async throws -> StoreItem {
        if StoreItem(key: text).isCustom {
            do { return try await customItem(text) } catch  where removing {
                return StoreItem.custom(CustomEmoji.normalizedCode(text))
            }
        }
        guard let emoji = catalog.emoji(for: text) else { throw ProblemDetails.unknownEmoji(text) }
        return StoreItem(emoji)
    }

    private func customItem(_ code: String) async throws -> StoreItem {
        let normalized = CustomEmoji.normalizedCode(code)
        guard let found = await custom.current().byCode[normalized.lowercased()] else {
            throw ProblemDetails(
                type: "unknown-emoji", title: "Unknown emoji", status: 404,
                detail: "no custom emoji :\(normalized.prefix(64)): in this server's store; GET /v1/custom lists them.")
        }
        return StoreItem(found)
    }

    /// The main store's custom emoji as they are now; their images as `/v1/custom` gives them.
    private func customEmoji() async -> CustomEmojiLookup {
        let byCode = await custom.current().byCode
        return CustomEmojiLookup(find: { byCode[$0.lowercased()] }, image: TextRoutes.imageSource)
    }

    // MARK: Answers

    private func json(_ value: some Encodable, _ context: Context, status: HTTPResponse.Status = .ok) throws
        -> Response
    {
        try APIResponse.json(
            value, status: status, cache: nil, version: catalog.unicodeVersion.description, request: context.request)
    }

    private static func rate(_ limit: RateLimit) -> String {
        limit.requestsPerSecond == limit.requestsPerSecond.rounded()
            ? "\(Int(limit.requestsPerSecond))" : "\(limit.requestsPerSecond)"
    }

    /// The problem a store failure shows a client.
    static func problem(for error: StoreError) -> ProblemDetails {
        switch error.code {
        case .collectionNotFound:
            .notFound("no collection named '\((error.subject ?? "").prefix(64))'. GET /v1/me/collections lists them.")
        case .itemNotFound: .notFound("\((error.subject ?? "").prefix(64)) is not in \(error.list ?? "the list").")
        case .invalidCollectionName:
            .badParameter(
                "collection", "the name '\((error.subject ?? "").prefix(64))' \(error.reason ?? "is not valid").")
        case .unsupportedSkinTones, .invalidQuery:
            ProblemDetails(type: "bad-body", title: "Bad body", status: 400, detail: error.description)
        case .busy, .readOnly:
            ProblemDetails(
                type: "store-unavailable", title: "Store unavailable", status: 503,
                detail: "the user's store cannot be written now; try again.")
        case .unavailable:
            ProblemDetails(
                type: "store-unavailable", title: "Store unavailable", status: 503, detail: error.description)
        case .unsupported:
            ProblemDetails(type: "not-implemented", title: "Not implemented", status: 501, detail: error.description)
        default:
            ProblemDetails(
                type: "internal", title: "Internal error", status: 500, detail: "the store failed to answer.")
        }
    }
}
