import Foundation
import Hummingbird
import Moji
import MojiRepresentations

/// The routes of the catalog, search, text and custom emoji, added to the server's router
/// (``add(to:)``) with the per-user ones of ``UserRoutes``. Limits and problem details are the
/// router's middleware's (``RequestLimits``, ``ProblemMiddleware``).
struct APIRoutes: Sendable {
    let service: CatalogService
    let limits: ServerLimits
    let text: TextRoutes
    let custom: CustomRoutes
    let images: ImageRoutes

    let users: UserRoutes
    /// Where large answers are made, a few at a time.
    let heavyWork: HeavyWork
    /// The `max-version` of a request that names none (``ServerConfiguration/defaultMaximumVersion``).
    let defaultMaximumVersion: EmojiVersion?

    init(
        service: CatalogService, limits: ServerLimits, imageDirectory: URL, users: UserRoutes,
        defaultMaximumVersion: EmojiVersion? = nil
    ) {
        self.service = service
        self.limits = limits
        self.defaultMaximumVersion = defaultMaximumVersion
        let heavyWork = HeavyWork(capacity: limits.heavyRequests)
        self.heavyWork = heavyWork
        text = TextRoutes(service: service, limits: limits, heavyWork: heavyWork)
        custom = CustomRoutes(service: service)
        images = ImageRoutes(directory: imageDirectory)
        self.users = users
    }

    /// Adds the routes to `router`: the web picker's files at the root, the API under `/v1`
    /// (the per-user routes from ``UserRoutes``).
    func add(to router: Router<BasicRequestContext>) {
        for path in WebAsset.paths {
            guard let asset = WebAsset(path: path) else { continue }
            router.get(RouterPath(path)) { request, _ in
                guard let body = asset.contents else { throw ProblemDetails.notFound("\(path) is not in this build.") }
                return APIResponse.bytes(
                    body, contentType: asset.contentType, cache: .catalog, version: service.version, request: request)
            }
        }
        let v1 = router.group("v1")
        v1.get("openapi.json") { request, _ in
            try await cachedCatalogAnswer(request, key: "openapi") { _ in
                let body = try OpenAPIDocument.served(for: service.catalog, document: WebAsset.openAPI.contents)
                return EncodedAnswer(body: body, etag: APIResponse.etag(version: service.version, body: body))
            }
        }
        v1.get("health") { request, _ in try await health(request) }
        v1.get("emoji") { request, _ in try await cachedCatalogAnswer(request, key: "emoji", list) }
        v1.get("emoji/{emoji}") { request, context in
            let id = try PercentDecoding.decode(
                context.parameters.require("emoji")[...], plusIsSpace: false, what: "the emoji in the path")
            return try await cachedCatalogAnswer(request, key: "emoji/" + id) { try info(id, $0) }
        }
        v1.get("groups") { request, _ in try await cachedCatalogAnswer(request, key: "groups", groups) }
        v1.get("locales") { request, _ in try await cachedCatalogAnswer(request, key: "locales", locales) }
        v1.get("search") { request, _ in try await search(request) }
        v1.get("picker-data") { request, _ in try await heavyWork.run { try pickerData(request) } }
        v1.post("text/find") { request, _ in try await text.find(request) }
        v1.post("text/emojify") { request, _ in try await text.emojify(request) }
        v1.post("text/demojify") { request, _ in try await text.demojify(request) }
        v1.get("custom") { request, _ in try await heavyWork.run { try custom.list(request) } }
        v1.get("images/{file}") { request, context in
            try await images.image(context.parameters.require("file")[...], request)
        }
        users.add(to: v1)
    }

    // MARK: Routes

    /// `GET /v1/health`: 200 when the catalog, the store and the users' database are ready, else 503
    /// saying why (with `Retry-After` when the database does not answer, as the per-user routes).
    private func health(_ request: Request) async throws -> Response {
        _ = try QueryParameters(request.uri.query, allowed: [])
        if let reason = await service.unreadiness() {
            throw ProblemDetails(type: "not-ready", title: "Not ready", status: 503, detail: reason)
        }
        let database = users.stores.databaseKind
        do {
            try await users.stores.checkAvailability()
        } catch {
            return UserRouteFailure.databaseUnavailable(kind: database).response
        }
        struct Health: Encodable {
            var status: String
            var catalog: String
            var database: String
        }
        return try APIResponse.json(
            Health(status: "ok", catalog: service.version, database: database), cache: nil, version: service.version,
            request: request)
    }

    /// `GET /v1/emoji/{emoji | hexcode | :shortcode:}?locale=`: as `moji info --json`.
    private func info(_ id: String, _ request: Request) throws -> EncodedAnswer {
        let parameters = try QueryParameters(request.uri.query, allowed: ["locale"])
        let localized = try service.localized(parameters["locale"])
        guard let found = service.catalog.emoji(matching: id) ?? localized.emoji(forShortcode: id) else {
            throw ProblemDetails.unknownEmoji(id)
        }
        return try catalogAnswer(EmojiSummary(found, in: localized), request)
    }

    /// `GET /v1/emoji?locale=&group=&subgroup=&max-version=&tones=`: as `moji list --json`.
    private func list(_ request: Request) throws -> EncodedAnswer {
        let parameters = try QueryParameters(
            request.uri.query, allowed: ["locale", "group", "subgroup", "max-version", "tones"])
        let localized = try service.localized(parameters["locale"])
        let catalog = service.catalog
        let tones = try parameters.flag("tones")
        var emojis = catalog.emojis.filter { tones || !$0.hasSkinTones }
        let group = try parameters["group"].map(findGroup)
        if let group { emojis = emojis.filter { $0.group == group } }
        if let subgroup = parameters["subgroup"] {
            guard let found = catalog.subgroup(subgroup) else {
                throw ProblemDetails.badParameter(
                    "subgroup", "unknown subgroup '\(subgroup.prefix(64))'. GET /v1/groups lists them.")
            }
            // Filters intersect: a subgroup of another group leaves no emoji, as any filter that matches
            // nothing does, rather than an error a client must special-case.
            emojis = emojis.filter { $0.subgroup == found }
        }
        if let version = try maximumVersion(parameters) { emojis = emojis.filter { $0.version <= version } }
        return try catalogAnswer(emojis.map { EmojiSummary($0, in: localized) }, request)
    }

    /// `GET /v1/groups?locale=&group=`: as `moji list --groups --json`.
    private func groups(_ request: Request) throws -> EncodedAnswer {
        let parameters = try QueryParameters(request.uri.query, allowed: ["locale", "group"])
        let localized = try service.localized(parameters["locale"])
        let catalog = service.catalog
        let groups = try parameters["group"].map { [try findGroup($0)] } ?? catalog.groups
        return try catalogAnswer(groups.map { GroupSummary($0, in: catalog, localized: localized) }, request)
    }

    /// `GET /v1/locales`: as `moji locales --json`.
    private func locales(_ request: Request) throws -> EncodedAnswer {
        _ = try QueryParameters(request.uri.query, allowed: [])
        return try catalogAnswer(service.catalog.availableLocales.map(LocaleSummary.init), request)
    }

    /// `GET /v1/search?q=&locale=&limit=&ranking=&max-version=&tone=`: as `moji search --json`, with
    /// the store's custom emoji; no match is an empty array. With `Authorization: Bearer <token>`,
    /// what that user picked after this query (`POST /v1/me/usage` with `"query"`) comes first; such
    /// an answer is that user's alone and never cached.
    private func search(_ request: Request) async throws -> Response {
        let parameters = try QueryParameters(
            request.uri.query, allowed: ["q", "locale", "limit", "ranking", "max-version", "tone", "explain"])
        guard let query = parameters["q"] else {
            throw ProblemDetails.badParameter("q", "the query is required, e.g. /v1/search?q=party.")
        }
        let localized = try service.localized(parameters["locale"])
        // Where each result matched is for people reading the answer; a picker shows none of it,
        // and it is most of the bytes.
        let explain = try parameters.flag("explain")
        var options = SearchOptions(limit: try parameters.integer("limit", in: 1...limits.resultCount, default: 20))
        if let ranking = parameters["ranking"] {
            // `usage` orders by a user's uses, which a shared, cached answer cannot hold: a picker
            // shows a user's frequent emoji from /v1/me/frequent instead.
            guard let found = SearchRanking(rawValue: ranking), found != .usage else {
                throw ProblemDetails.badParameter(
                    "ranking",
                    "must be relevance or alphabetical, not '\(ranking.prefix(40))'; a user's most used emoji come from /v1/me/frequent."
                )
            }
            options.ranking = found
        }
        options.maximumVersion = try maximumVersion(parameters)
        if let tone = parameters["tone"] {
            guard let skinTone = SkinTone(identifier: tone) else {
                throw ProblemDetails.badParameter(
                    "tone",
                    "'\(tone.prefix(40))' is not a skin tone: light, medium-light, medium, medium-dark, dark or 1-5.")
            }
            options.skinTones = .preferred(skinTone)
        }
        let learned: LearnedPicks?
        do {
            learned = try await users.learnedPicks(for: request, query: query, limit: options.limit ?? 20)
        } catch {
            return error.response
        }
        // A user's answer (with a token) is theirs and changes with their next pick: never stored by
        // a cache, not even the browser's. Every answer varies on the token, so no cache gives one
        // request's answer to a request with another token or none.
        func answering(_ answer: EncodedAnswer) -> Response {
            var response =
                learned == nil
                ? APIResponse.bytes(answer, contentType: APIResponse.jsonType, cache: .search, request: request)
                : APIResponse.bytes(
                    answer.body, contentType: APIResponse.jsonType, cache: nil, version: service.version,
                    request: request)
            ResponseCompression.addVary("Authorization", to: &response.headers)
            return response
        }
        await service.refreshCustomEmoji()
        if let learned, !learned.isEmpty {
            options.learnedPicks = learned
            let results = try await service.search(localized.locale).results(for: query, options: options)
            let body = SearchAnswerEncoding.encode(summaries(results, in: localized, explaining: explain))
            return answering(EncodedAnswer(body: body, etag: ""))
        }
        // The same question gets the same answer until the custom emoji change: a picker's prefixes
        // ("t", "th", "thu") come from every user who types a word, so most answers are reused. The
        // key is the parsed question, so spellings of one query string share an entry.
        let epoch = service.searchAnswers.currentEpoch
        let key = [
            localized.locale.identifier, options.limit.map(String.init) ?? "", "\(options.ranking)",
            options.maximumVersion?.description ?? "",
            parameters["tone"].flatMap(SkinTone.init(identifier:))?.identifier ?? "", explain ? "explain" : "",
            query,
        ].joined(separator: "\u{1F}")
        if let answer = service.searchAnswers.value(for: key) {
            service.metrics?.recordSearchCacheLookup(hit: true)
            return answering(answer)
        }
        service.metrics?.recordSearchCacheLookup(hit: false)
        let results = try await service.search(localized.locale).results(for: query, options: options)
        let body = SearchAnswerEncoding.encode(summaries(results, in: localized, explaining: explain))
        let answer = EncodedAnswer(body: body, etag: APIResponse.etag(version: service.version, body: body))
        service.searchAnswers.store(answer, for: key, epoch: epoch)
        return answering(answer)
    }

    private func summaries(
        _ results: [SearchResult], in localized: LocalizedCatalog, explaining: Bool
    ) -> [SearchResultSummary] {
        results.map {
            // The server's own copy when the image cache has it (it never changes: content-addressed),
            // else the shareable URL it came from, as /v1/custom gives it.
            SearchResultSummary($0, in: localized, explaining: explaining, image: TextRoutes.imageSource)
        }
    }

    // MARK: Parameters

    /// `value` encoded, with the ETag of this catalog.
    private func catalogAnswer(_ value: some Encodable, _ request: Request) throws -> EncodedAnswer {
        let body = try APIResponse.encode(value)
        return EncodedAnswer(body: body, etag: APIResponse.etag(version: service.version, body: body))
    }

    /// A catalog answer: the same question gets the same bytes while the catalog is the same, so
    /// it is made once (as heavy work, off the request threads) and kept by its path and query.
    private func cachedCatalogAnswer(
        _ request: Request, key: String, _ make: @escaping @Sendable (Request) throws -> EncodedAnswer
    ) async throws -> Response {
        let cache = service.catalogAnswers
        let cacheKey = [service.version, key, request.uri.query ?? ""].joined(separator: "\u{1F}")
        if let answer = cache.value(for: cacheKey) {
            return APIResponse.bytes(answer, contentType: APIResponse.jsonType, cache: .catalog, request: request)
        }
        let epoch = cache.currentEpoch
        let answer = try await heavyWork.run { try make(request) }
        cache.store(answer, for: cacheKey, epoch: epoch)
        return APIResponse.bytes(answer, contentType: APIResponse.jsonType, cache: .catalog, request: request)
    }

    private func findGroup(_ identifier: String) throws(ProblemDetails) -> EmojiGroup {
        guard let found = service.catalog.group(identifier) else {
            let names = service.catalog.groups.map(\.identifier).joined(separator: ", ")
            throw .badParameter("group", "unknown group '\(identifier.prefix(64))'. Groups: \(names).")
        }
        return found
    }

    func maximumVersion(_ parameters: QueryParameters) throws(ProblemDetails) -> EmojiVersion? {
        guard let text = parameters["max-version"] else { return defaultMaximumVersion }
        // An Emoji version is written `15.1` here: the CLI's leniency (`E15.1`, `15`, ` 15.1`, `+15.1`) would
        // give one version many URLs, and the OpenAPI document's pattern says exactly this.
        if let first = text.unicodeScalars.first, !CharacterSet.letters.contains(first) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let lengths = parts.count == 2 && (1...3).contains(parts[0].count) && (1...2).contains(parts[1].count)
            guard lengths, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
                throw .badParameter("max-version", "'\(text.prefix(40))' is not an Emoji version such as 15.1.")
            }
        }
        do { return try MaximumVersion.parse(text) } catch { throw .badParameter("max-version", error.description) }
    }
}
